import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ApplyAgentPage } from '../features/agent/apply-agent-page';
import { LoginPage } from '../features/auth/login-page';
import { AddBankCardPage } from '../features/cards/add-bank-card-page';
import { AddUsdtCardPage } from '../features/cards/add-usdt-card-page';
import { RechargePage } from '../features/payments/recharge-page';
import { WithdrawalPage } from '../features/payments/withdrawal-page';
import { PasswordPage } from '../features/profile/password-page';
import { UserInfoPage } from '../features/profile/user-info-page';
import { TransferPage } from '../features/wallet/transfer-page';
import { useSessionStore } from '../shared/session/session-store';
import { mockApi, ok, renderPage, USER } from '../shared/test/render';

/** docs/member-app.md "Validation rules" and "Constants and limits": every input has maxlength 32, the captcha 6; the fields below need more, each saying why in its page. */
const LONGER: Record<string, string> = {
  'usdt-address': '128', // an ERC20 address has 42 characters
  'agent-apply-info': '500', // a reason of a few sentences
  'reg-code': '6', // the captcha
};

const FORMS: [string, ReactElement, string][] = [
  ['/login', <LoginPage key="login" />, '/login'],
  ['/login?type=1', <LoginPage key="register" />, '/login?type=1'],
  ['/recharge (bank transfer)', <RechargePage key="recharge" />, '/recharge'],
  ['/withdrawal', <WithdrawalPage key="withdrawal" />, '/withdrawal'],
  ['/transfer', <TransferPage key="transfer" />, '/transfer'],
  ['/addBankCard', <AddBankCardPage key="bank" />, '/addBankCard'],
  ['/addUsdtCard', <AddUsdtCardPage key="usdt" />, '/addUsdtCard'],
  ['/password', <PasswordPage key="password" />, '/password?type=1'],
  ['/userInfo', <UserInfoPage key="info" />, '/userInfo'],
  ['/applyagent', <ApplyAgentPage key="agent" />, '/applyagent'],
];

const typedFields = () =>
  [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].filter(
    (el) => !['hidden', 'file', 'checkbox', 'radio'].includes(el.getAttribute('type') ?? ''),
  );

describe('input lengths', () => {
  it.each(FORMS)('%s keeps maxlength 32 on every field unless it needs more', async (_name, page, route) => {
    useSessionStore.getState().setToken('tok');
    useSessionStore.getState().setUserInfo(USER as never);
    mockApi({
      '/api/user': () => ok(USER),
      '/api/balance': () => ok({ balance: '100.00' }),
      '/api/balancelist': () => ok([{ name: '星河真人', platname: 'XHZR', balance: '0.00' }]),
      '/api/get_pay_way': () => ok({ ebpay: 0, card: 1, usdt: 0, wechat: 0, alipay: 0 }),
      '/api/getPayRange': () => ok({ min_price: '100.00', max_price: '10000.00' }),
      '/api/getpaybank': () => ok([]),
      '/api/getcard': () => ok([]),
      '/api/getBetAmount': () => ok({ bet_amount: '0.00' }),
      '/api/banklist': () => ok([{ bank_name: '中国银行' }]),
    });
    renderPage(page, { route });
    await waitFor(() => expect(typedFields().length).toBeGreaterThan(0));
    await screen.findAllByRole('button');
    for (const field of typedFields()) {
      const limit = LONGER[field.id] ?? '32';
      if (field instanceof HTMLTextAreaElement) {
        // antd-mobile's TextArea (with its counter) cuts the text itself instead of setting the attribute.
        fireEvent.change(field, { target: { value: '理'.repeat(600) } });
        await waitFor(() => expect(field.value.length, field.id).toBe(Number(limit)));
      } else {
        expect(field.getAttribute('maxlength'), field.id || field.outerHTML).toBe(limit);
      }
    }
  });
});
