import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { adminCall, credit, memberId, registerMember, type TestApp } from '../../../test/helper';
import { venueTransfers } from './wallet-tables';

/** Test helpers shared by the wallet and venue suites (imported by tests only). */
export function walletKit(t: TestApp, finance: () => string) {
  /** A registered member whom finance credited with `amount`, with the member's id. */
  const member = async (amount: string) => {
    const m = await registerMember(t.app);
    await credit(t, finance(), m.name, amount);
    return { ...m, id: await memberId(t, m.name) };
  };

  /** /api/transfer as the app sends it (with an Idempotency-Key when given): the envelope, whatever its code. */
  const transfer = (token: string, body: Record<string, string>, key?: string) =>
    t.app
      .inject({ method: 'POST', url: '/api/transfer', payload: body, headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) } })
      .then((r) => r.json() as { code: number; message: string; data: { balance: string } | null });

  /** The member's venue transfers, oldest first. */
  const transfersOf = (id: number) => t.database.db.select().from(venueTransfers).where(eq(venueTransfers.memberId, id)).orderBy(venueTransfers.id);

  /** The back office's ledger check: no account may be mismatched; answers whether the ledger balances to 0.00. */
  const ledgerBalanced = async () => {
    const check = await adminCall<{ balanced: boolean; total: string; mismatched: unknown[] }>(t, finance(), 'GET', '/admin/api/ledger/check');
    expect(check.data.mismatched).toEqual([]);
    return check.data.balanced && check.data.total === '0.00';
  };

  return { member, transfer, transfersOf, ledgerBalanced };
}
