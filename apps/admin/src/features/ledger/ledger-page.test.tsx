import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderScreen, signInAs } from '../../test/render';
import LedgerPage from './ledger-page';

describe('账务核对', () => {
  it('says the ledger is balanced when it is', async () => {
    signInAs('finance');
    mockApi({ '/admin/api/ledger/check': () => ok({ balanced: true, total: '0.00', accounts: 42, mismatched: [] }) });
    renderScreen(<LedgerPage />);
    expect(await screen.findByText('账务平衡：所有账户合计为零，每个账户余额与其分录一致。')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getByText('没有不一致的账户')).toBeInTheDocument();
  });

  it('lists the mismatched accounts, and checks again on demand', async () => {
    signInAs('finance');
    let checks = 0;
    mockApi({
      '/admin/api/ledger/check': () => {
        checks += 1;
        return ok({
          balanced: false,
          total: '0.00',
          accounts: 42,
          mismatched: [{ code: 'member:7:wallet', balance: '100.00', entries: '90.00' }],
        });
      },
    });
    renderScreen(<LedgerPage />);
    expect(await screen.findByText('账务不平：1 个账户余额与分录不一致')).toBeInTheDocument();
    expect(screen.getByText('member:7:wallet')).toBeInTheDocument();
    expect(screen.getByText('90.00')).toBeInTheDocument();
    // The spinner of the first check may still be fading out of the button's name.
    await userEvent.click(screen.getByRole('button', { name: /重新核对/ }));
    await expect.poll(() => checks).toBe(2);
  });
});
