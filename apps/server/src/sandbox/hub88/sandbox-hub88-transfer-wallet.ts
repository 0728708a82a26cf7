import { generateKeyPairSync } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { HUB88_TRANSFER_PATHS } from '../../providers/venues/hub88/hub88-transfer-client';
import { HUB88_SIGNATURE_HEADER, hub88Sign } from '../../providers/venues/hub88/hub88-signature';
import type { sandboxHub88Operators } from './sandbox-hub88-tables';
import { sandboxHub88Transactions } from './sandbox-hub88-tables';

/**
 * The Hub88 sandbox's TransferWallet API (src/sandbox/hub88/README.md, docs/venues.md "Hub88 transfer wallet"): an
 * operator deposits to and withdraws from its players' wallets here, and asks their balance. Each transaction it
 * takes is kept in its own records (`sandbox_hub88_transactions`, kind deposit or withdraw), once per
 * transaction_uuid: the same transaction again is answered as taken, with other content
 * RS_ERROR_DUPLICATE_TRANSACTION. A player's balance is what its records hold: deposits less withdrawals. Answers
 * are signed with the sandbox's key for the operator and echo the call's request_uuid.
 */

type Operator = typeof sandboxHub88Operators.$inferSelect;
type Kind = 'deposit' | 'withdraw';

/**
 * A fault of the operator's next TransferWallet call of a kind (control token only): `timeout` holds the answer
 * `hold_ms` and answers nothing, doing nothing; `late` does it and answers only after `hold_ms` (a caller that waits
 * less is in doubt while the money moved); `badsig` does it and signs the answer with another key; `refuse` does
 * nothing and answers RS_ERROR_NOT_ENOUGH_MONEY.
 */
export const TransferFault = z.object({
  operator_id: z.number().int(),
  call: z.enum(['deposit', 'withdraw', 'balance']),
  mode: z.enum(['timeout', 'late', 'badsig', 'refuse']),
  hold_ms: z.number().int().min(0).max(60_000).optional(),
});
export type TransferFault = z.infer<typeof TransferFault>;

const Text = z.string().min(1).max(64);
const MoveBody = z.object({
  operator_id: z.number().int(),
  user: Text,
  transaction_uuid: Text,
  sub_partner_id: z.string().min(1).max(128),
  request_uuid: Text,
  currency: z.string().min(3).max(8),
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  product: z.string().max(128).optional(),
});
const BalanceBody = z.object({
  operator_id: z.number().int(),
  user: Text,
  request_uuid: Text,
  currency: z.string().min(3).max(8),
  sub_partner_id: z.string().max(128).optional(),
});

/** A player's balance in the published units: the deposits and withdrawals taken, in `currency`. */
async function balanceOf(db: Db | Tx, operatorId: number, user: string, currency: string): Promise<number> {
  const [row] = await db
    .select({
      units: sql<string>`coalesce(sum(case when ${sandboxHub88Transactions.kind} = 'deposit'
        then ${sandboxHub88Transactions.amount} else -${sandboxHub88Transactions.amount} end), 0)`,
    })
    .from(sandboxHub88Transactions)
    .where(
      and(
        eq(sandboxHub88Transactions.operatorId, operatorId),
        eq(sandboxHub88Transactions.user, user),
        eq(sandboxHub88Transactions.currency, currency),
        inArray(sandboxHub88Transactions.kind, ['deposit', 'withdraw']),
        eq(sandboxHub88Transactions.status, 'TS_SUCCESS'),
      ),
    );
  return Number(row?.units ?? 0);
}

/** Takes one deposit or withdrawal once: its status and the player's balance after. */
async function move(
  db: Db,
  operator: Operator,
  kind: Kind,
  body: z.output<typeof MoveBody>,
): Promise<{ status: string; balance: number }> {
  return db.transaction(async (tx) => {
    // One player's money calls one at a time, so two withdrawals never both spend the same balance.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sbx-hub88:${operator.operatorId}:${body.user}`}))`);
    const [before] = await tx
      .select()
      .from(sandboxHub88Transactions)
      .where(eq(sandboxHub88Transactions.transactionUuid, body.transaction_uuid));
    const balance = () => balanceOf(tx, operator.operatorId, body.user, body.currency);
    if (before) {
      const same =
        before.operatorId === operator.operatorId &&
        before.kind === kind &&
        before.user === body.user &&
        before.currency === body.currency &&
        before.amount === body.amount;
      return { status: same ? 'RS_OK' : 'RS_ERROR_DUPLICATE_TRANSACTION', balance: await balance() };
    }
    const held = await balance();
    // A refusal is not kept: nothing was processed, so the same transaction later is judged afresh.
    if (kind === 'withdraw' && body.amount > held) return { status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: held };
    await tx.insert(sandboxHub88Transactions).values({
      operatorId: operator.operatorId,
      transactionUuid: body.transaction_uuid,
      kind,
      user: body.user,
      round: '',
      gameCode: '',
      currency: body.currency,
      amount: body.amount,
      status: 'TS_SUCCESS',
    });
    return { status: 'RS_OK', balance: held + (kind === 'deposit' ? body.amount : -body.amount) };
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A key of no operator's: what a `badsig` fault signs with. */
let strangerKey: string | null = null;
function stranger(): string {
  if (!strangerKey) {
    strangerKey = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    }).privateKey;
  }
  return strangerKey;
}

export interface TransferWalletDeps {
  db: Db;
  /** The operator whose key signed the raw body, and the body; or the published `{ error }` answer. */
  signedCall(req: FastifyRequest): Promise<{ operator: Operator; json: unknown } | { error: string; status: number }>;
  /** Takes the operator's next fault of this call, if one was set. */
  takeFault(operatorId: number, call: TransferFault['call']): TransferFault | undefined;
}

/** The TransferWallet API's routes, inside the scope that keeps bodies raw (the signature covers the exact bytes). */
export function sandboxHub88TransferWalletRoutes(scope: FastifyInstance, prefix: string, deps: TransferWalletDeps) {
  function answer(reply: FastifyReply, operator: Operator, body: Record<string, unknown>, badsig: boolean) {
    const text = JSON.stringify(body);
    const key = badsig ? stranger() : operator.aggregatorPrivateKey;
    return reply.code(200).type('application/json').header(HUB88_SIGNATURE_HEADER, hub88Sign(key, text)).send(text);
  }

  /**
   * The signed call's operator, its body read by `schema` and the fault set for it; or the answer already sent: a
   * refused signature, a body of the wrong syntax, or a call a `timeout` fault held.
   */
  async function takeCall<S extends z.ZodType>(
    req: FastifyRequest,
    reply: FastifyReply,
    schema: S,
    kind: TransferFault['call'],
  ): Promise<{ answered: FastifyReply } | { operator: Operator; body: z.output<S>; fault: TransferFault | undefined }> {
    const call = await deps.signedCall(req);
    if ('error' in call) return { answered: reply.code(call.status).send({ error: call.error }) };
    const parsed = schema.safeParse(call.json);
    const requestUuid = String((call.json as { request_uuid?: unknown } | null)?.request_uuid ?? '').slice(0, 64);
    if (!parsed.success) {
      const wrong = { status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: requestUuid };
      return { answered: answer(reply, call.operator, wrong, false) };
    }
    const fault = deps.takeFault(call.operator.operatorId, kind);
    if (fault?.mode === 'timeout') {
      await sleep(fault.hold_ms ?? 10_000);
      return { answered: reply.code(504).send({ error: 'timeout' }) };
    }
    return { operator: call.operator, body: parsed.data, fault };
  }

  for (const kind of ['deposit', 'withdraw'] as const) {
    scope.post(`${prefix}${HUB88_TRANSFER_PATHS[kind]}`, async (req, reply) => {
      const call = await takeCall(req, reply, MoveBody, kind);
      if ('answered' in call) return call.answered;
      const { body, fault } = call;
      const done =
        fault?.mode === 'refuse'
          ? {
              status: 'RS_ERROR_NOT_ENOUGH_MONEY',
              balance: await balanceOf(deps.db, call.operator.operatorId, body.user, body.currency),
            }
          : await move(deps.db, call.operator, kind, body);
      if (fault?.mode === 'late') await sleep(fault.hold_ms ?? 10_000);
      return answer(
        reply,
        call.operator,
        {
          user: body.user,
          status: done.status,
          request_uuid: body.request_uuid,
          currency: body.currency,
          balance: done.balance,
        },
        fault?.mode === 'badsig',
      );
    });
  }

  scope.post(`${prefix}${HUB88_TRANSFER_PATHS.balance}`, async (req, reply) => {
    const call = await takeCall(req, reply, BalanceBody, 'balance');
    if ('answered' in call) return call.answered;
    const { body, fault } = call;
    const balance = await balanceOf(deps.db, call.operator.operatorId, body.user, body.currency);
    if (fault?.mode === 'late') await sleep(fault.hold_ms ?? 10_000);
    return answer(
      reply,
      call.operator,
      { user: body.user, status: 'RS_OK', request_uuid: body.request_uuid, currency: body.currency, balance },
      fault?.mode === 'badsig',
    );
  });
}
