import { periodRange, type TransRecord } from '@h5/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { numericToMoney } from '../../lib/money';
import { pageWindow, toPaginator } from '../../lib/paging';
import { type Clock, formatBeijing } from '../../lib/time';
import { accountCode } from '../ledger/ledger-service';
import { depositStatus } from './deposit-status';
import { PAY_WAY_LABEL } from './payments-common';
import type { PayWayCode } from '../../db/tables/payments';
import { rowsOf } from '../../db/rows';

export interface TransRecordQuery {
  date: number;
  /** 1 deposit, 2 withdrawal, 3 transfer in, 4 transfer out (docs/member-app.md "Constants and limits"); absent lists all. */
  type: number | undefined;
  page: number;
  pagesize?: number | undefined;
  limit?: number | undefined;
  /** A venue code: narrows the transfers to that venue. */
  api_type: string;
}

interface RecordRow {
  out_trade_no: string;
  type: number;
  amount: string;
  way: string;
  extra: string;
  state: number;
  created_at: string | Date;
  /** Deposits only: their gateway, the expired mark and their late payment's state. */
  gateway_code: string | null;
  expired: number | string | null;
  late_state: number | string | null;
  [key: string]: unknown;
}

/** The deposit columns of the other rows of the union. */
const NOT_A_DEPOSIT = sql`NULL::varchar AS gateway_code, NULL::smallint AS expired, NULL::smallint AS late_state`;

/**
 * /api/gettransrecord: deposits, withdrawals and venue transfers of a period, newest first. Transfers are the
 * ledger's transfer_in (3, into a venue) and transfer_out (4, back to the wallet) movements, always state 1
 * (success: a failed transfer moves nothing and leaves no movement); their out_trade_no is the movement id.
 * Transfers with remote venues come from venue_transfers with their own state and transfer number. Deposits also
 * carry their DEPOSIT_STATUS (待支付, 已过期, 到账审核中 ...), which the state (docs/member-app.md "States and transitions") alone cannot tell.
 */
export async function transRecords(db: DbOrTx, clock: Clock, memberId: number, query: TransRecordQuery) {
  const window = pageWindow(query);
  const from = periodRange(query.date, clock.now()).from.toISOString();
  const wanted = (type: number) => query.type === undefined || query.type === type;
  const parts: SQL[] = [];
  if (wanted(1)) {
    parts.push(sql`SELECT deposit_no AS out_trade_no, 1 AS type, amount, pay_way AS way, catepay AS extra, state, created_at, id,
        gateway_code, expired, (SELECT l.state FROM late_payments l WHERE l.deposit_id = deposits.id) AS late_state
      FROM deposits WHERE member_id = ${memberId} AND created_at >= ${from}::timestamptz`);
  }
  if (wanted(2)) {
    parts.push(sql`SELECT order_no AS out_trade_no, 2 AS type, amount, bank AS way, '' AS extra, state, created_at, id,
        ${NOT_A_DEPOSIT}
      FROM withdrawals WHERE member_id = ${memberId} AND created_at >= ${from}::timestamptz`);
  }
  const kinds = [wanted(3) ? 'transfer_in' : null, wanted(4) ? 'transfer_out' : null].filter(
    (k): k is string => k !== null,
  );
  if (kinds.length) {
    const venue = query.api_type.trim();
    parts.push(sql`SELECT t.id::text AS out_trade_no, CASE t.kind WHEN 'transfer_in' THEN 3 ELSE 4 END AS type,
        abs(e.amount) AS amount, t.memo AS way, '' AS extra, 1 AS state, t.created_at, t.id, ${NOT_A_DEPOSIT}
      FROM ledger_transactions t
      JOIN ledger_entries e ON e.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = e.account_id AND a.code = ${accountCode.wallet(memberId)}
      WHERE t.member_id = ${memberId} AND t.created_at >= ${from}::timestamptz
        AND t.kind IN (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})
        ${venue ? sql`AND lower(t.memo) = lower(${venue})` : sql``}`);
    // Transfers with remote venues, in whatever state they are (docs/member-app.md "States and transitions": 0 failed, 1 success, 2 pending).
    parts.push(sql`SELECT transfer_no AS out_trade_no, CASE direction WHEN 'in' THEN 3 ELSE 4 END AS type,
        amount, venue_code AS way, '' AS extra, state, created_at, id, ${NOT_A_DEPOSIT}
      FROM venue_transfers
      WHERE member_id = ${memberId} AND created_at >= ${from}::timestamptz
        AND direction IN (${sql.join(
          kinds.map((k) => sql`${k === 'transfer_in' ? 'in' : 'out'}`),
          sql`, `,
        )})
        ${venue ? sql`AND lower(venue_code) = lower(${venue})` : sql``}`);
  }
  if (!parts.length) return toPaginator<TransRecord>([], 0, window);
  const union = sql.join(parts, sql` UNION ALL `);
  const [counted] = rowsOf<{ n: string | number }>(await db.execute(sql`SELECT count(*) AS n FROM (${union}) r`));
  const rows = rowsOf<RecordRow>(
    await db.execute(
      sql`SELECT * FROM (${union}) r ORDER BY created_at DESC, type ASC, id DESC LIMIT ${window.perPage} OFFSET ${window.offset}`,
    ),
  );
  const now = clock.now();
  const data: TransRecord[] = rows.map((r) => {
    const type = Number(r.type);
    const createdAt = new Date(r.created_at);
    const life = { state: Number(r.state), gatewayCode: r.gateway_code, expired: Number(r.expired ?? 0), createdAt };
    return {
      out_trade_no: r.out_trade_no,
      type,
      amount: numericToMoney(r.amount),
      pay_way: payWayLabel(type, r.way, r.extra),
      state: Number(r.state),
      ...(type === 1 ? { status: depositStatus(life, r.late_state === null ? null : Number(r.late_state), now) } : {}),
      created_at: formatBeijing(createdAt),
    };
  });
  return toPaginator(data, Number(counted?.n ?? 0), window);
}

function payWayLabel(type: number, way: string, extra: string): string {
  if (type !== 1) return way;
  const label = PAY_WAY_LABEL[way as PayWayCode] ?? way;
  return extra ? `${label}-${extra}` : label;
}
