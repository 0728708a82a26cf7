import { generateKeyPairSync, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { centsToMoney, parseMoneyToCents } from '@h5/contract';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { cspWithScriptNonce } from '../../http/security-headers';
import { type OutboundPolicy, outboundFetch } from '../../lib/outbound';
import type { Clock } from '../../lib/time';
import { sameText } from '../../providers/epay';
import { HUB88_GAME_LIST_PATH, HUB88_GAME_URL_PATH } from '../../providers/venues/hub88/hub88-games-client';
import { HUB88_UNITS_PER_CENT } from '../../providers/venues/hub88/hub88-protocol';
import { HUB88_TRANSACTION_LIST_PATH, hub88Time } from '../../providers/venues/hub88/hub88-transactions-client';
import { HUB88_SIGNATURE_HEADER, hub88Sign, hub88Verify } from '../../providers/venues/hub88/hub88-signature';
import { SANDBOX_HUB88_GAMES, sandboxHub88Game, sandboxHub88Thumbnail } from './sandbox-hub88-catalogue';
import { sandboxHub88Page } from './sandbox-hub88-page';
import { sandboxHub88Operators, sandboxHub88Transactions } from './sandbox-hub88-tables';
import { sandboxHub88TransferWalletRoutes, TransferFault } from './sandbox-hub88-transfer-wallet';

/**
 * The Hub88 sandbox aggregator (SANDBOX=1 only; src/sandbox/hub88/README.md): the published Operator API from the
 * aggregator's side. It serves the Games API (game list, game URL) to operators whose calls verify with their
 * public key, a game page per launch, and plays each round by calling the operator's Wallet API (bet, then win or,
 * when a bet got no trustworthy answer, rollback), every call signed with its own private key.
 */
export const SANDBOX_HUB88_PREFIX = '/sandbox/hub88';
const SESSION_SECONDS = 12 * 3600;
const WALLET_TIMEOUT_MS = 10_000;
const MAX_STAKE_CENTS = 1_000_000;
const BODY_LIMIT = 64 * 1024;

export interface SandboxHub88Deps {
  db: Db;
  clock: Clock;
  /** Its Wallet API calls go to an address an operator registered: guarded like every call the server makes. */
  outbound: OutboundPolicy;
  /** Whoever holds it may choose a round's outcome (tests); everyone else plays at chance. */
  controlToken: string;
}

/** What a venue row needs to play at the sandbox: the settings `configureHub88SandboxVenue` answers. */
export interface SandboxHub88VenueSettings {
  /** The Games API base (the venue's API address). */
  apiBaseUrl: string;
  operatorId: string;
  /** The sandbox's public key for this operator: verifies its Wallet API calls. */
  aggregatorPublicKey: string;
  /** A fresh private key of ours: signs our Games API calls and our Wallet API answers. */
  privateKey: string;
}

const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/**
 * Registers an operator at the sandbox for the venue `venueCode` of the server at `origin`, with a key pair of the
 * sandbox's and a fresh one of ours, and answers what the venue row takes (protocol 'hub88', api_base_url,
 * operator_id, aggregator_public_key, private_key). Writes no venue row itself: the caller (the demo seeding)
 * does. Calling it again makes a new operator with new keys.
 */
export async function configureHub88SandboxVenue(
  db: Db,
  options: { venueCode: string; origin: string },
): Promise<SandboxHub88VenueSettings> {
  const origin = options.origin.replace(/\/+$/, '');
  const aggregator = keyPair();
  const ours = keyPair();
  const [row] = await db
    .insert(sandboxHub88Operators)
    .values({
      venueCode: options.venueCode,
      walletUrl: `${origin}/api/venues/${encodeURIComponent(options.venueCode)}/hub88`,
      operatorPublicKey: ours.publicKey,
      aggregatorPublicKey: aggregator.publicKey,
      aggregatorPrivateKey: aggregator.privateKey,
    })
    .returning({ operatorId: sandboxHub88Operators.operatorId });
  return {
    apiBaseUrl: `${origin}${SANDBOX_HUB88_PREFIX}`,
    operatorId: String(row!.operatorId),
    aggregatorPublicKey: aggregator.publicKey,
    privateKey: ours.privateKey,
  };
}

/**
 * Points an operator registered earlier at the server's address now (`origin`, which may change between starts):
 * its Wallet API calls go there. Answers the venue row's new `api_base_url`, or null for an operator it does not know.
 */
export async function followHub88SandboxOrigin(
  db: Db,
  options: { operatorId: string; origin: string },
): Promise<string | null> {
  const id = Number(options.operatorId);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2 ** 31 - 1) return null;
  const origin = options.origin.replace(/\/+$/, '');
  const [row] = await db
    .select({ venueCode: sandboxHub88Operators.venueCode })
    .from(sandboxHub88Operators)
    .where(eq(sandboxHub88Operators.operatorId, id));
  if (!row) return null;
  await db
    .update(sandboxHub88Operators)
    .set({ walletUrl: `${origin}/api/venues/${encodeURIComponent(row.venueCode)}/hub88` })
    .where(eq(sandboxHub88Operators.operatorId, id));
  return `${origin}${SANDBOX_HUB88_PREFIX}`;
}

type Operator = typeof sandboxHub88Operators.$inferSelect;

async function operatorById(db: Db, id: unknown): Promise<Operator | null> {
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || id > 2 ** 31 - 1) return null;
  const [row] = await db.select().from(sandboxHub88Operators).where(eq(sandboxHub88Operators.operatorId, id)).limit(1);
  return row ?? null;
}

/** The origin the caller reached us at, for the addresses we hand out (thumbnails, game page). */
function originOf(req: FastifyRequest): string | null {
  const host = req.headers.host ?? '';
  return /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/.test(host)
    ? `${req.protocol}://${host}`
    : null;
}

const GameListBody = z.object({ operator_id: z.number().int(), product_code: z.string().max(128).optional() });
const GameUrlBody = z.object({
  operator_id: z.number().int(),
  user: z.string().min(1).max(64),
  token: z.string().min(10).max(255),
  platform: z.enum(['GPL_DESKTOP', 'GPL_MOBILE']),
  game_code: z.string().min(1).max(128),
  currency: z.string().min(3).max(8),
  lang: z.string().max(16).optional(),
  lobby_url: z.string().max(2048).optional(),
  ip: z.string().max(64).optional(),
  country: z.string().max(8).optional(),
  sub_partner_id: z.string().max(128).optional(),
  deposit_url: z.string().max(2048).optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
});

/** A game session as the game URL carries it: signed with the sandbox's key for the operator, so any process reads it. */
const Session = z.object({
  o: z.number().int(),
  u: z.string(),
  t: z.string(),
  g: z.string(),
  c: z.string(),
  l: z.string(),
  e: z.number().int(),
});
type Session = z.infer<typeof Session>;

function sealSession(operator: Operator, session: Session): string {
  const payload = Buffer.from(JSON.stringify(session)).toString('base64url');
  const signature = Buffer.from(hub88Sign(operator.aggregatorPrivateKey, payload), 'base64').toString('base64url');
  return `${payload}.${signature}`;
}

async function openSession(
  db: Db,
  text: string,
  nowSeconds: number,
): Promise<{ operator: Operator; session: Session } | null> {
  const [payload, signature, extra] = text.split('.');
  if (!payload || !signature || extra !== undefined || text.length > 2048) return null;
  let session: Session;
  try {
    const parsed = Session.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    if (!parsed.success) return null;
    session = parsed.data;
  } catch {
    return null;
  }
  const operator = await operatorById(db, session.o);
  if (!operator) return null;
  if (!hub88Verify(operator.aggregatorPublicKey, payload, Buffer.from(signature, 'base64url').toString('base64')))
    return null;
  return session.e > nowSeconds ? { operator, session } : null;
}

const WalletAnswer = z.object({
  status: z.string().max(64),
  request_uuid: z.string().max(64),
  balance: z.number().int().nonnegative().optional(),
});
type WalletAnswer = z.infer<typeof WalletAnswer>;

/** What a member is told when the wallet refuses a bet. */
const REFUSALS: Record<string, string> = {
  RS_ERROR_NOT_ENOUGH_MONEY: '余额不足',
  RS_ERROR_INVALID_TOKEN: '游戏会话已失效，请重新进入游戏',
  RS_ERROR_TOKEN_EXPIRED: '游戏会话已失效，请重新进入游戏',
  RS_ERROR_USER_DISABLED: '账户暂不可下注',
  RS_ERROR_LIMIT_REACHED: '已达到投注限制',
};

const TransactionListBody = z.object({
  operator_id: z.number().int(),
  start_time: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
  end_time: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
});

/**
 * A fault in the sandbox's own records, for the next Wallet API call of a kind to one operator (control token only):
 * `unrecorded` sends it and keeps no record (missing on the aggregator's side), `unsent` records it as taken
 * without sending it (missing on ours), `altered` sends it and records another amount (`amount`, published units),
 * `retyped` sends it and records it as another kind (`kind`; a bet as a win, anything else as a bet, when left out),
 * `timeout` sends it and drops our answer, as when its wait runs out (a bet is then rolled back, a win sent again).
 */
const RecordFault = z.object({
  operator_id: z.number().int(),
  call: z.enum(['bet', 'win', 'rollback']),
  mode: z.enum(['unrecorded', 'unsent', 'altered', 'retyped', 'timeout']),
  amount: z.number().int().nonnegative().optional(),
  kind: z.enum(['bet', 'win', 'rollback']).optional(),
});
type RecordFault = z.infer<typeof RecordFault>;

/**
 * A fault of the Transactions API, for the operator's next list call (control token only): `timeout` holds the answer
 * `hold_ms` (10 s unless given) before answering, so a caller that waits less gets nothing; `fail` answers HTTP 500.
 */
const ListFault = z.object({
  operator_id: z.number().int(),
  call: z.literal('list'),
  mode: z.enum(['timeout', 'fail']),
  hold_ms: z.number().int().min(0).max(60_000).optional(),
});
type ListFault = z.infer<typeof ListFault>;
const Fault = z.union([RecordFault, ListFault, TransferFault]);

const PlayBody = z.object({
  session: z.string().min(1).max(2048),
  stake: z.union([z.string().max(32), z.number()]),
  /** Honoured only with the control token. */
  outcome: z.enum(['win', 'lose']).optional(),
});

export function sandboxHub88Routes(app: FastifyInstance, deps: SandboxHub88Deps) {
  const { db, clock } = deps;
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  // Faults of the records, per process (as the sandbox aggregator's faults are), taken once each.
  const recordFaults = new Map<string, RecordFault>();
  const takeFault = (operatorId: number, call: string) => {
    const key = `${operatorId}:${call}`;
    const fault = recordFaults.get(key);
    recordFaults.delete(key);
    return fault;
  };
  const transferFaults = new Map<string, TransferFault>();
  const takeTransferFault = (operatorId: number, call: TransferFault['call']) => {
    const key = `${operatorId}:${call}`;
    const fault = transferFaults.get(key);
    transferFaults.delete(key);
    return fault;
  };
  const listFaults = new Map<number, ListFault>();
  const takeListFault = (operatorId: number) => {
    const fault = listFaults.get(operatorId);
    listFaults.delete(operatorId);
    return fault;
  };

  /**
   * One money call (bet, win, rollback) as the aggregator makes it and keeps it: sent through `wallet`, then recorded
   * with its status (TS_SUCCESS for RS_OK) for the Transactions API. A repeat of a recorded transaction keeps the
   * first record, updated to TS_SUCCESS once the wallet took it.
   */
  async function moneyCall(
    operator: Operator,
    kind: 'bet' | 'win' | 'rollback',
    body: Record<string, unknown> & { transaction_uuid: string; user: string; round: string; game_code: string },
    recordedAmount: number,
  ): Promise<WalletAnswer | null> {
    const fault = takeFault(operator.operatorId, kind);
    const sent =
      fault?.mode === 'unsent'
        ? ({ status: 'RS_OK', request_uuid: '' } as WalletAnswer)
        : await wallet(operator, `transaction/${kind}`, body);
    const answer = fault?.mode === 'timeout' ? null : sent;
    if (fault?.mode === 'unrecorded') return answer;
    const status = answer?.status === 'RS_OK' ? 'TS_SUCCESS' : 'TS_DECLINED';
    await db
      .insert(sandboxHub88Transactions)
      .values({
        operatorId: operator.operatorId,
        transactionUuid: body.transaction_uuid,
        referenceTransactionUuid:
          typeof body.reference_transaction_uuid === 'string' ? body.reference_transaction_uuid : '',
        kind: fault?.mode === 'retyped' ? (fault.kind ?? (kind === 'bet' ? 'win' : 'bet')) : kind,
        user: body.user,
        round: body.round,
        gameCode: body.game_code,
        currency: typeof body.currency === 'string' ? body.currency : '',
        amount: fault?.mode === 'altered' ? (fault.amount ?? recordedAmount + HUB88_UNITS_PER_CENT) : recordedAmount,
        status,
      })
      .onConflictDoUpdate({
        target: sandboxHub88Transactions.transactionUuid,
        set: status === 'TS_SUCCESS' ? { status } : { status: sandboxHub88Transactions.status },
      });
    return answer;
  }

  /** One Wallet API call, signed; its answer only when it is signed by the operator and echoes the call. */
  async function wallet(operator: Operator, path: string, body: Record<string, unknown>): Promise<WalletAnswer | null> {
    const requestUuid = randomUUID();
    const payload = JSON.stringify({ ...body, request_uuid: requestUuid });
    try {
      const res = await outboundFetch(
        `${operator.walletUrl}/${path}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [HUB88_SIGNATURE_HEADER]: hub88Sign(operator.aggregatorPrivateKey, payload),
          },
          body: payload,
          signal: AbortSignal.timeout(WALLET_TIMEOUT_MS),
        },
        deps.outbound,
      );
      const text = await res.text();
      if (!hub88Verify(operator.operatorPublicKey, text, res.headers.get(HUB88_SIGNATURE_HEADER) ?? undefined))
        return null;
      const parsed = WalletAnswer.safeParse(JSON.parse(text));
      return parsed.success && parsed.data.request_uuid === requestUuid ? parsed.data : null;
    } catch {
      return null;
    }
  }

  // The Games API: bodies kept raw, as the signature covers the exact bytes.
  app.register(async (scope) => {
    scope.removeContentTypeParser(['application/json']);
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );

    /** The operator whose key signed the body, and the body; or why not (a published `{ error }` answer). */
    async function signedCall(
      req: FastifyRequest,
    ): Promise<{ operator: Operator; json: unknown } | { error: string; status: number }> {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        return { status: 400, error: 'invalid json' };
      }
      const operator = await operatorById(db, (json as { operator_id?: unknown } | null)?.operator_id);
      const signature = req.headers[HUB88_SIGNATURE_HEADER];
      if (
        !operator ||
        !hub88Verify(operator.operatorPublicKey, raw, typeof signature === 'string' ? signature : undefined)
      )
        return { status: 401, error: 'invalid signature' };
      return { operator, json };
    }

    /**
     * A Games API call: its operator, its body read by `schema` and the address the sandbox is reached at (for the
     * links it answers); or the answer already sent, a refused signature or an invalid request.
     */
    async function gameCall<S extends z.ZodType>(
      req: FastifyRequest,
      reply: FastifyReply,
      schema: S,
    ): Promise<{ answered: FastifyReply } | { operator: Operator; body: z.output<S>; origin: string }> {
      const call = await signedCall(req);
      if ('error' in call) return { answered: reply.code(call.status).send({ error: call.error }) };
      const body = schema.safeParse(call.json);
      const origin = originOf(req);
      if (!body.success || !origin) return { answered: reply.code(400).send({ error: 'invalid request' }) };
      return { operator: call.operator, body: body.data, origin };
    }

    scope.post(`${SANDBOX_HUB88_PREFIX}${HUB88_GAME_LIST_PATH}`, async (req, reply) => {
      const call = await gameCall(req, reply, GameListBody);
      if ('answered' in call) return call.answered;
      const { body, origin } = call;
      const productCode = body.product_code;
      return SANDBOX_HUB88_GAMES.filter((g) => !productCode || g.product === productCode).map((g, i) => ({
        game_id: i + 1,
        name: g.name,
        game_code: g.game_code,
        category: g.category,
        product: g.product,
        platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
        url_thumb: `${origin}${SANDBOX_HUB88_PREFIX}/thumbs/${g.game_code}.svg`,
        url_background: `${origin}${SANDBOX_HUB88_PREFIX}/thumbs/${g.game_code}.svg`,
        enabled: true,
        freebet_support: false,
        demo_game_support: false,
        blocked_countries: [],
        release_date: '2026-01-01',
      }));
    });

    scope.post(`${SANDBOX_HUB88_PREFIX}${HUB88_GAME_URL_PATH}`, async (req, reply) => {
      const call = await gameCall(req, reply, GameUrlBody);
      if ('answered' in call) return call.answered;
      const { body, origin } = call;
      if (!sandboxHub88Game(body.game_code)) return reply.code(404).send({ error: 'game not found' });
      const session = sealSession(call.operator, {
        o: call.operator.operatorId,
        u: body.user,
        t: body.token,
        g: body.game_code,
        c: body.currency,
        l: body.lobby_url ?? '',
        e: nowSeconds() + SESSION_SECONDS,
      });
      return { url: `${origin}${SANDBOX_HUB88_PREFIX}/game?session=${encodeURIComponent(session)}` };
    });

    // The Transactions API: the operator's recorded calls within [start_time, end_time), oldest first.
    scope.post(`${SANDBOX_HUB88_PREFIX}${HUB88_TRANSACTION_LIST_PATH}`, async (req, reply) => {
      const call = await signedCall(req);
      if ('error' in call) return reply.code(call.status).send({ error: call.error });
      const body = TransactionListBody.safeParse(call.json);
      const start = body.success ? new Date(`${body.data.start_time}Z`) : null;
      const end = body.success ? new Date(`${body.data.end_time}Z`) : null;
      if (!start || !end || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || start > end)
        return reply.code(400).send({ error: 'invalid request' });
      const fault = takeListFault(call.operator.operatorId);
      if (fault?.mode === 'fail') return reply.code(500).send({ error: 'internal error' });
      if (fault?.mode === 'timeout') await new Promise((done) => setTimeout(done, fault.hold_ms ?? 10_000));
      const rows = await db
        .select()
        .from(sandboxHub88Transactions)
        .where(
          and(
            eq(sandboxHub88Transactions.operatorId, call.operator.operatorId),
            gte(sandboxHub88Transactions.createdAt, start),
            lt(sandboxHub88Transactions.createdAt, end),
            // Gameplay only: the TransferWallet API's deposits and withdrawals are not listed.
            inArray(sandboxHub88Transactions.kind, ['bet', 'win', 'rollback']),
          ),
        )
        .orderBy(asc(sandboxHub88Transactions.id));
      return rows.map((r) => ({
        transaction_uuid: r.transactionUuid,
        reference_transaction_uuid: r.referenceTransactionUuid || null,
        type: r.kind,
        user: r.user,
        round: r.round,
        game_code: r.gameCode,
        currency: r.currency,
        amount: r.amount,
        status: r.status,
        created_at: hub88Time(r.createdAt),
      }));
    });

    sandboxHub88TransferWalletRoutes(scope, SANDBOX_HUB88_PREFIX, { db, signedCall, takeFault: takeTransferFault });
  });

  app.post(`${SANDBOX_HUB88_PREFIX}/faults`, async (req, reply) => {
    if (!sameText(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '', deps.controlToken))
      return reply.code(401).send({ error: 'control token required' });
    const fault = Fault.safeParse(req.body);
    if (!fault.success) return reply.code(400).send({ error: 'invalid request' });
    const f = fault.data;
    if (f.call === 'list') listFaults.set(f.operator_id, f);
    else if (f.call === 'deposit' || f.call === 'withdraw' || f.call === 'balance')
      transferFaults.set(`${f.operator_id}:${f.call}`, f);
    else recordFaults.set(`${f.operator_id}:${f.call}`, f as RecordFault);
    return { ok: true };
  });

  app.get<{ Params: { file: string } }>(`${SANDBOX_HUB88_PREFIX}/thumbs/:file`, async (req, reply) => {
    const game = sandboxHub88Game(req.params.file.replace(/\.svg$/, ''));
    if (!game || !req.params.file.endsWith('.svg')) return reply.code(404).send({ error: 'not found' });
    return reply
      .header('cache-control', 'public, max-age=86400')
      .type('image/svg+xml; charset=utf-8')
      .send(sandboxHub88Thumbnail(game));
  });

  app.get<{ Querystring: { session?: string } }>(`${SANDBOX_HUB88_PREFIX}/game`, async (req, reply) => {
    const opened = await openSession(db, String(req.query.session ?? ''), nowSeconds());
    const game = opened && sandboxHub88Game(opened.session.g);
    if (!opened || !game)
      return reply
        .code(403)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><meta charset="utf-8"><p>游戏会话已失效，请重新进入游戏</p>');
    const nonce = randomBytes(16).toString('base64');
    return reply
      .header('content-security-policy', cspWithScriptNonce(nonce))
      .type('text/html; charset=utf-8')
      .send(
        sandboxHub88Page({
          nonce,
          title: game.name,
          thumbUrl: `${SANDBOX_HUB88_PREFIX}/thumbs/${game.game_code}.svg`,
          lobbyUrl: opened.session.l,
          playPath: `${SANDBOX_HUB88_PREFIX}/play`,
        }),
      );
  });

  // One round: the bet, then its settlement (a win of twice the stake, or a win of 0 that closes a lost round).
  app.post(`${SANDBOX_HUB88_PREFIX}/play`, async (req, reply) => {
    const body = PlayBody.safeParse(req.body);
    const opened = body.success ? await openSession(db, body.data.session, nowSeconds()) : null;
    if (!body.success || !opened) return reply.code(400).send({ ok: false, message: '游戏会话已失效，请重新进入游戏' });
    const cents = parseMoneyToCents(body.data.stake);
    if (cents === null || cents <= 0 || cents > MAX_STAKE_CENTS)
      return reply.code(400).send({ ok: false, message: '下注金额无效' });
    const { operator, session } = opened;
    const controlled = sameText(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '', deps.controlToken);
    const outcome = controlled && body.data.outcome ? body.data.outcome : randomInt(2) === 0 ? 'win' : 'lose';
    const payoutCents = outcome === 'win' ? cents * 2 : 0;

    const round = randomUUID();
    const betUuid = randomUUID();
    const common = { user: session.u, token: session.t, round, game_code: session.g, currency: session.c };
    const bet = await moneyCall(
      operator,
      'bet',
      {
        ...common,
        transaction_uuid: betUuid,
        supplier_transaction_id: `sbx-${betUuid}`,
        round_closed: false,
        is_free: false,
        bet: 'double',
        amount: cents * HUB88_UNITS_PER_CENT,
      },
      cents * HUB88_UNITS_PER_CENT,
    );
    if (!bet) {
      // The bet may have been taken: the published rule is to roll it back, whatever happened.
      await moneyCall(
        operator,
        'rollback',
        {
          user: session.u,
          token: session.t,
          round,
          game_code: session.g,
          currency: session.c,
          transaction_uuid: randomUUID(),
          reference_transaction_uuid: betUuid,
        },
        cents * HUB88_UNITS_PER_CENT,
      );
      return reply.code(502).send({ ok: false, message: '下注未确认，已撤销' });
    }
    if (bet.status !== 'RS_OK') return { ok: false, status: bet.status, message: REFUSALS[bet.status] ?? '下注失败' };

    const winBody = {
      ...common,
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: betUuid,
      round_closed: true,
      amount: payoutCents * HUB88_UNITS_PER_CENT,
    };
    // A win is retried with the same transaction: the wallet pays it once.
    const settled =
      (await moneyCall(operator, 'win', winBody, winBody.amount)) ??
      (await moneyCall(operator, 'win', winBody, winBody.amount));
    if (!settled || settled.status !== 'RS_OK')
      return reply.code(502).send({ ok: false, status: settled?.status, message: '结算未确认' });
    return {
      ok: true,
      outcome,
      stake: centsToMoney(cents),
      payout: centsToMoney(payoutCents),
      balance: settled.balance === undefined ? null : centsToMoney(Math.round(settled.balance / HUB88_UNITS_PER_CENT)),
    };
  });
}
