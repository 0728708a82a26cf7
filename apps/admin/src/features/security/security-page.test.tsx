import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, me, mockApi, ok, renderScreen, signInAs } from '../../test/render';
import SecurityPage from './security-page';

const URI = 'otpauth://totp/%E6%98%9F%E6%B2%B3:boss?secret=JBSWY3DPEHPK3PXP&issuer=%E6%98%9F%E6%B2%B3';

describe('账号安全', () => {
  it('enrols two factors: a QR code with the secret beside it, then one code confirms', async () => {
    signInAs('admin');
    let enabled = false;
    const confirmations: unknown[] = [];
    mockApi({
      '/admin/api/me': () => ok(me({ totp_enabled: enabled })),
      'POST /admin/api/totp/setup': () => ok({ uri: URI, secret: 'JBSWY3DPEHPK3PXP' }),
      'POST /admin/api/totp/confirm': (call) => {
        confirmations.push(call.body);
        if ((call.body as { code: string }).code !== '654321')
          return fail(232, '动态验证码错误或已使用，请输入验证器中的最新验证码');
        enabled = true;
        return ok(me({ totp_enabled: true }), '两步验证已开启');
      },
    });
    renderScreen(<SecurityPage />);
    expect(await screen.findByText('未开启')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '开启两步验证' }));

    expect(await screen.findByRole('img', { name: '两步验证二维码' })).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('动态验证码'), '111111');
    await userEvent.click(screen.getByRole('button', { name: '确认开启' }));
    expect(await screen.findByText('动态验证码错误或已使用，请输入验证器中的最新验证码')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('动态验证码'), '654321');
    await userEvent.click(screen.getByRole('button', { name: '确认开启' }));
    expect(await screen.findByText('已开启')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: '两步验证二维码' })).not.toBeInTheDocument();
    expect(confirmations).toEqual([{ code: '111111' }, { code: '654321' }]);
  });

  it('checks the new password twice before changing it', async () => {
    signInAs('finance', 'cashier');
    const { calls } = mockApi({
      '/admin/api/me': () => ok(me({ role: 'finance', username: 'cashier', totp_enabled: true })),
      'POST /admin/api/password': () => ok(null, '密码修改成功'),
    });
    renderScreen(<SecurityPage />);
    const card = (await screen.findByText('修改密码', { selector: '.ant-card-head-title' })).closest(
      '.ant-card',
    ) as HTMLElement;
    await userEvent.type(within(card).getByLabelText('原密码'), 'old-pass-1');
    await userEvent.type(within(card).getByLabelText('新密码'), 'new-pass-12');
    await userEvent.type(within(card).getByLabelText('确认新密码'), 'new-pass-13');
    await userEvent.click(within(card).getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('两次输入的新密码不一致')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/admin/api/password')).toBe(false);

    await userEvent.clear(within(card).getByLabelText('确认新密码'));
    await userEvent.type(within(card).getByLabelText('确认新密码'), 'new-pass-12');
    await userEvent.click(within(card).getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('密码修改成功')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/admin/api/password')?.body).toEqual({
      old_password: 'old-pass-1',
      new_password: 'new-pass-12',
    });
  });
});
