import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderScreen, signInAs } from '../../test/render';
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
const digests = () =>
  ok([
    { day: '2026-05-31', chainSeq: 96, chainHash: 'cd'.repeat(32), movementId: 96, recordedAt: '2026-06-01 00:00:05' },
  ]);

/** The whole-ledger check answering balanced and sealed, and the daily digests. */
const balanced = {
  '/admin/api/ledger/check': () => ok({ balanced: true, total: '0.00', accounts: 42, mismatched: [], seal: sealed }),
  '/admin/api/ledger/digests': digests,
};

function openBalancedLedger() {
  signInAs('finance');
  mockApi(balanced);
  renderScreen(<LedgerPage />);
}

describe('账务核对', () => {
  it('says the ledger is balanced when it is', async () => {
    openBalancedLedger();
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
    openBalancedLedger();
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
      await screen.findByText(
        '账本封印不符：2 处，第一笔为流水 #57（deposit:D123）：内容与封印不符（分录、金额、账户、单号或时间被改动）',
      ),
    ).toBeInTheDocument();
    seal = { ...sealed, state: 'wrong-key', keyId: 'ffffffffffffffff' };
    await userEvent.click(screen.getByRole('button', { name: /重新核对/ }));
    expect(
      await screen.findByText(
        '密钥不对：服务器的封存密钥（ffffffffffffffff）不是当前密钥周期的（a1b2c3d4e5f60718），无法核对，这不代表账目被改动。',
      ),
    ).toBeInTheDocument();
  });

  describe('核对单个会员', () => {
    const clean = {
      member: { id: 7, username: 'alice01' },
      ok: true,
      state: 'sealed',
      movements: 5,
      verified: 5,
      legacy: 0,
      unchained: 0,
      problems: 0,
      first: null,
      accounts: [
        {
          code: 'member:7:wallet',
          kind: 'wallet',
          venue_code: '',
          balance: '1028.50',
          entries: '1028.50',
          matches: true,
        },
        {
          code: 'member:7:venue:AG',
          kind: 'venue',
          venue_code: 'AG',
          balance: '10.00',
          entries: '10.00',
          matches: true,
        },
      ],
    };

    it('checks the member typed in, showing a loading state, then the verdict, the counts and the balances', async () => {
      signInAs('finance');
      let release: () => void = () => undefined;
      const answered = new Promise<void>((resolve) => (release = resolve));
      const { calls } = mockApi({
        ...balanced,
        '/admin/api/ledger/member-check': async () => {
          await answered;
          return new Response(JSON.stringify(ok(clean)), { headers: { 'Content-Type': 'application/json' } });
        },
      });
      renderScreen(<LedgerPage />);
      await userEvent.type(await screen.findByLabelText('会员账号'), ' alice01 ');
      await userEvent.click(screen.getByRole('button', { name: '核对' }));
      expect(await screen.findByText('正在核对该会员的全部流水…')).toBeInTheDocument();
      release();
      expect(
        await screen.findByText('会员 alice01 的账目核对无误：5 笔流水的封印、借贷与账户余额均一致。'),
      ).toBeInTheDocument();
      expect(calls.find((c) => c.path === '/admin/api/ledger/member-check')?.query.get('username')).toBe('alice01');
      // Balance and sum of entries alike.
      expect(screen.getAllByText('1,028.50', { exact: false })).toHaveLength(2);
      expect(screen.getByText('场馆 AG')).toBeInTheDocument();
      expect(screen.getAllByText('一致')).toHaveLength(2);
    });

    it('names the first bad movement by reference, and an account that does not match', async () => {
      signInAs('finance');
      mockApi({
        ...balanced,
        '/admin/api/ledger/member-check': () =>
          ok({
            ...clean,
            ok: false,
            state: 'broken',
            verified: 4,
            problems: 2,
            first: { movementId: 57, reference: 'deposit:D123', problem: 'unbalanced', at: '2026-06-01 12:00:00' },
            accounts: [{ ...clean.accounts[0], balance: '1078.50', matches: false }],
          }),
      });
      renderScreen(<LedgerPage />);
      await userEvent.type(await screen.findByLabelText('会员账号'), 'alice01');
      await userEvent.click(screen.getByRole('button', { name: '核对' }));
      expect(
        await screen.findByText(
          '会员 alice01 的账目有 2 处不符，第一笔为流水 #57（deposit:D123，2026-06-01 12:00:00）：借贷不平（各分录合计不为零，分录被改动）。',
        ),
      ).toBeInTheDocument();
      expect(screen.getByText('不一致')).toBeInTheDocument();
    });

    it('tells plainly that a member does not exist, and asks for a name before calling', async () => {
      signInAs('finance');
      const { calls } = mockApi({
        ...balanced,
        '/admin/api/ledger/member-check': () => fail(202, '没有这个会员账号，请检查拼写'),
      });
      renderScreen(<LedgerPage />);
      await userEvent.click(await screen.findByRole('button', { name: '核对' }));
      expect(await screen.findByText('请输入要核对的会员账号')).toBeInTheDocument();
      expect(calls.some((c) => c.path === '/admin/api/ledger/member-check')).toBe(false);
      await userEvent.type(screen.getByLabelText('会员账号'), 'nobody');
      await userEvent.click(screen.getByRole('button', { name: '核对' }));
      expect(await screen.findByText('没有这个会员账号，请检查拼写')).toBeInTheDocument();
    });
  });
});
