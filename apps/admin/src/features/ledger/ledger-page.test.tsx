import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderScreen, signInAs } from '../../test/render';
import LedgerPage from './ledger-page';

const sealed = {
  state: 'sealed',
  keyId: 'a1b2c3d4e5f60718',
  periodKeyId: 'a1b2c3d4e5f60718',
  verified: 120,
  legacy: 0,
  unchained: 0,
  problems: 0,
  first: null,
  lastSealed: { movementId: 120, chainSeq: 120, chainHash: 'ab'.repeat(32), at: '2026-06-01 12:00:00' },
};
const digests = () => ok([{ day: '2026-05-31', chainSeq: 96, chainHash: 'cd'.repeat(32), movementId: 96, recordedAt: '2026-06-01 00:00:05' }]);

describe('账务核对', () => {
  it('says the ledger is balanced when it is', async () => {
    signInAs('finance');
    mockApi({
      '/admin/api/ledger/check': () => ok({ balanced: true, total: '0.00', accounts: 42, mismatched: [], seal: sealed }),
      '/admin/api/ledger/digests': digests,
    });
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
          seal: sealed,
        });
      },
      '/admin/api/ledger/digests': digests,
    });
    renderScreen(<LedgerPage />);
    expect(await screen.findByText('账务不平：1 个账户余额与分录不一致')).toBeInTheDocument();
    expect(screen.getByText('member:7:wallet')).toBeInTheDocument();
    expect(screen.getByText('90.00')).toBeInTheDocument();
    // The spinner of the first check may still be fading out of the button's name.
    await userEvent.click(screen.getByRole('button', { name: /重新核对/ }));
    await expect.poll(() => checks).toBe(2);
  });

  it('shows the seal: the last sealed movement and its time, and the daily digests to copy', async () => {
    signInAs('finance');
    mockApi({
      '/admin/api/ledger/check': () => ok({ balanced: true, total: '0.00', accounts: 42, mismatched: [], seal: sealed }),
      '/admin/api/ledger/digests': digests,
    });
    renderScreen(<LedgerPage />);
    expect(await screen.findByText('账本封存完好：封存以来每笔流水的封印与链均核对无误。')).toBeInTheDocument();
    expect(screen.getByText('#120')).toBeInTheDocument();
    expect(screen.getByText('2026-06-01 12:00:00')).toBeInTheDocument();
    expect(await screen.findByText('cd'.repeat(32))).toBeInTheDocument();
  });

  it('names the first movement whose seal does not match, and tells a wrong key from tampering', async () => {
    signInAs('finance');
    let seal: Record<string, unknown> = {
      ...sealed,
      state: 'broken',
      problems: 2,
      first: { movementId: 57, reference: 'deposit:D123', problem: 'mac' },
    };
    mockApi({
      '/admin/api/ledger/check': () => ok({ balanced: true, total: '0.00', accounts: 42, mismatched: [], seal }),
      '/admin/api/ledger/digests': digests,
    });
    renderScreen(<LedgerPage />);
    expect(
      await screen.findByText('账本封印不符：2 处，第一笔为流水 #57（deposit:D123）：内容与封印不符（分录、金额、账户、单号或时间被改动）'),
    ).toBeInTheDocument();
    seal = { ...sealed, state: 'wrong-key', keyId: 'ffffffffffffffff' };
    await userEvent.click(screen.getByRole('button', { name: /重新核对/ }));
    expect(
      await screen.findByText(
        '密钥不对：服务器的封存密钥（ffffffffffffffff）不是当前密钥周期的（a1b2c3d4e5f60718），无法核对，这不代表账目被改动。',
      ),
    ).toBeInTheDocument();
  });
});
