import { randomBytes, randomInt } from 'node:crypto';
import { centsToMoney, MSG, parseMoneyToCents, type VenueApiCall, venueApiBodies, type VenueWalletAnswer } from '@h5/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { hashToken } from '../../modules/accounts/tokens';
import { venues } from '../../modules/content/content-tables';
import { sandboxPage } from '../../modules/games/sandbox-page';
import { cspWithScriptNonce } from '../../http/security-headers';
import { hmacHex, verifyHmac } from '../../lib/hmac';
import type { Clock } from '../../lib/time';
import * as books from './sandbox-aggregator-books';
import { sandboxAggregatorSessions } from './sandbox-aggregator-tables';

/**
 * The sandbox aggregator (SANDBOX=1 only): a game aggregator of its own, reached over real HTTP like any other. It
 * offers a transfer-wallet venue (it keeps the players' balances) and a seamless venue (it calls our wallet API for
 * every bet and win), serves a demo game page, signs its answers and callbacks, and can be told to time out, answer
 * late, fail or call back twice so that tests reach every path. Its merchants are our venue rows whose API address
 * is its own address for that venue, as the sandbox payment gateway's are our gateway rows.
 */
export const SANDBOX_AGGREGATOR_PREFIX = '/sandbox/aggregator';
const SIGNATURE_WINDOW_SECONDS = 300;
const TICKET_MS = 12 * 3600 * 1000;
const MIN_STAKE = 100;
const MAX_STAKE = 1_000_000;

export interface SandboxAggregatorDeps {
  db: Db;
  clock: Clock;
}

/** What the aggregator can be told to do wrong, per venue and call, for the next `times` calls. */
export const Fault = z.object({
  venue: z.string().max(32),
  call: z.enum(['balance', 'transfer', 'transferStatus', 'launch', 'bets', 'callback']),
  /** timeout: answer nothing until hold_ms; late: do it, then answer after hold_ms; fail: a 500 without doing it;
   *  twice: (callbacks) send the same callback twice. */
  mode: z.enum(['timeout', 'late', 'fail', 'twice']),
  times: z.number().int().min(1).max(100).default(1),
  hold_ms: z.number().int().min(0).max(60_000).default(2_000),
});
type Fault = z.infer<typeof Fault>;

interface Merchant {
  code: string;
  secret: string;
  category: string;
  seamless: boolean;
  /** Where the operator's wallet API is called back: the server the merchant's API address is on. */
  callbackOrigin: string;
}

async function merchant(db: Db, code: string): Promise<Merchant | null> {
  const [row] = await db.select().from(venues).where(eq(venues.code, code)).limit(1);
  if (!row || !row.apiSecret || row.walletMode === 'ledger') return null;
  if (!row.apiBaseUrl.replace(/\/+$/, '').endsWith(`${SANDBOX_AGGREGATOR_PREFIX}/api/${row.code}`)) return null;
  const callbackOrigin = siteOrigin(row.apiBaseUrl);
  if (!callbackOrigin) return null;
  return {
    code: row.code,
    secret: row.apiSecret,
    category: row.categoryId,
    seamless: row.walletMode === 'seamless',
    callbackOrigin,
  };
}

const CALL_OF_PATH: Record<string, VenueApiCall> = {
  balance: 'balance',
  transfers: 'transfer',
  'transfers/status': 'transferStatus',
  launch: 'launch',
  bets: 'bets',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function signedReply(reply: FastifyReply, secret: string, status: number, body: unknown) {
  const text = JSON.stringify(body);
  return reply.code(status).type('application/json').header('x-signature', hmacHex(secret, text)).send(text);
}

const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

function siteOrigin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return ['http:', 'https:'].includes(parsed.protocol) ? parsed.origin : null;
  } catch {
    return null;
  }
}

export function sandboxAggregatorRoutes(app: FastifyInstance, deps: SandboxAggregatorDeps) {
  const faults = new Map<string, Fault>();
  /** Takes one use of a fault set for this venue and call, if any. */
  const faultFor = (venue: string, call: Fault['call']): Fault | null => {
    const key = `${venue}:${call}`;
    const fault = faults.get(key);
    if (!fault) return null;
    if (fault.times <= 1) faults.delete(key);
    else faults.set(key, { ...fault, times: fault.times - 1 });
    return fault;
  };

  app.register(async (scope) => {
    scope.removeContentTypeParser(['application/json']);
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body));

    scope.post<{ Params: { venue: string; '*': string } }>(`${SANDBOX_AGGREGATOR_PREFIX}/api/:venue/*`, async (req, reply) => {
      const found = await merchant(deps.db, req.params.venue);
      const call = CALL_OF_PATH[req.params['*']];
      if (!found || !call) return reply.code(404).send({ status: 'INVALID_REQUEST' });
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const sig = req.headers['x-signature'];
      if (!verifyHmac(found.secret, raw, typeof sig === 'string' ? sig : undefined)) return signedReply(reply, found.secret, 401, { status: 'INVALID_SIGNATURE' });
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        return signedReply(reply, found.secret, 400, { status: 'INVALID_REQUEST' });
      }
      const parsed = venueApiBodies[call].safeParse(json);
      if (!parsed.success) return signedReply(reply, found.secret, 400, { status: 'INVALID_REQUEST' });
      // A request signed too long ago is refused: it cannot be a transfer we are still waiting on.
      if (Math.abs(Math.floor(deps.clock.now().getTime() / 1000) - parsed.data.timestamp) > SIGNATURE_WINDOW_SECONDS) {
        return signedReply(reply, found.secret, 401, { status: 'INVALID_SIGNATURE' });
      }

      const fault = faultFor(found.code, call);
      if (fault?.mode === 'fail') return reply.code(500).type('text/plain').send('sandbox aggregator fault');
      if (fault?.mode === 'timeout') {
        await sleep(fault.hold_ms);
        return reply.code(504).type('text/plain').send('sandbox aggregator timeout');
      }
      const [status, body] = await answer(found, call, parsed.data as never, originOf(req));
      if (fault?.mode === 'late') await sleep(fault.hold_ms);
      return signedReply(reply, found.secret, status, body);
    });
  });

  async function answer(venue: Merchant, call: VenueApiCall, body: Record<string, unknown>, origin: string): Promise<[number, unknown]> {
    switch (call) {
      case 'balance':
        return [200, { status: 'OK', balance: centsToMoney(await books.playerBalance(deps.db, venue.code, String(body.player))) }];
      case 'transfer': {
        if (venue.seamless) return [400, { status: 'INVALID_REQUEST' }];
        const b = body as z.output<typeof venueApiBodies.transfer>;
        const cents = parseMoneyToCents(b.amount);
        if (cents === null || cents <= 0) return [400, { status: 'INVALID_REQUEST' }];
        const done = await books.applyTransfer(deps.db, { venue: venue.code, player: b.player, transferId: b.transfer_id, direction: b.direction, cents });
        return [done.status === 'OK' ? 200 : 402, done];
      }
      case 'transferStatus': {
        const t = await books.transferStatus(deps.db, venue.code, String(body.transfer_id));
        return t ? [200, { status: 'OK', transfer: t }] : [404, { status: 'UNKNOWN_TRANSACTION' }];
      }
      case 'launch': {
        const b = body as z.output<typeof venueApiBodies.launch>;
        if (venue.seamless && !b.token) return [400, { status: 'INVALID_REQUEST' }];
        const ticket = randomBytes(24).toString('base64url');
        await deps.db.insert(sandboxAggregatorSessions).values({
          ticketHash: hashToken(ticket),
          venueCode: venue.code,
          player: b.player,
          gameCode: b.game_code,
          launchToken: b.token ?? '',
          expiresAt: new Date(deps.clock.now().getTime() + TICKET_MS),
        });
        // The sandbox is served from the site's own address: its game opens on the origin the member came from.
        return [200, { status: 'OK', url: `${siteOrigin(b.return_url) ?? origin}${SANDBOX_AGGREGATOR_PREFIX}/play?ticket=${ticket}` }];
      }
      case 'bets': {
        const b = body as z.output<typeof venueApiBodies.bets>;
        return [200, { status: 'OK', ...(await books.roundsAfter(deps.db, venue.code, b.cursor, b.limit)) }];
      }
    }
  }

  // Tests tell the aggregator what to do wrong next.
  app.post(`${SANDBOX_AGGREGATOR_PREFIX}/faults`, async (req, reply) => {
    const parsed = Fault.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send({ code: 400, message: MSG.badInput, data: null });
    faults.set(`${parsed.data.venue}:${parsed.data.call}`, parsed.data);
    return { code: 200, message: 'ok', data: null };
  });

  playPage(app, deps, faultFor);
}

/** The demo game page of the aggregator's venues and the calls it makes. */
function playPage(app: FastifyInstance, deps: SandboxAggregatorDeps, faultFor: (venue: string, call: Fault['call']) => Fault | null) {
  const Ticket = z.object({ ticket: z.string().min(1).max(128) });
  const Round = Ticket.extend({ stake: z.union([z.string().max(32), z.number()]), pick: z.enum(['big', 'small']) });

  async function session(ticket: string) {
    const [row] = await deps.db
      .select()
      .from(sandboxAggregatorSessions)
      .where(and(eq(sandboxAggregatorSessions.ticketHash, hashToken(ticket)), gt(sandboxAggregatorSessions.expiresAt, deps.clock.now())));
    if (!row) return null;
    const venue = await merchant(deps.db, row.venueCode);
    return venue ? { ...row, venue } : null;
  }
  const refused = (message: string) => ({ code: 401, message, data: null });

  app.get(`${SANDBOX_AGGREGATOR_PREFIX}/play`, async (_req, reply) => {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .header('content-security-policy', cspWithScriptNonce(nonce))
      .type('text/html; charset=utf-8')
      .send(sandboxPage(nonce, SANDBOX_AGGREGATOR_PREFIX));
  });

  /** A seamless venue's callback to the operator's wallet API, signed. */
  async function callback(venue: Merchant, action: string, body: Record<string, unknown>): Promise<VenueWalletAnswer | null> {
    const payload = JSON.stringify({ ...body, timestamp: Math.floor(deps.clock.now().getTime() / 1000) });
    const send = () =>
      fetch(`${venue.callbackOrigin}/api/venues/${venue.code}/wallet/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': hmacHex(venue.secret, payload) },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      }).then((r) => r.json() as Promise<VenueWalletAnswer>);
    try {
      const fault = faultFor(venue.code, 'callback');
      if (fault?.mode === 'twice') {
        const [first] = await Promise.all([send(), send()]);
        return first;
      }
      return await send();
    } catch {
      return null;
    }
  }

  app.post(`${SANDBOX_AGGREGATOR_PREFIX}/state`, async (req) => {
    const parsed = Ticket.safeParse(req.body);
    const s = parsed.success ? await session(parsed.data.ticket) : null;
    if (!s) return refused(MSG.sandboxTicketExpired);
    let balance: string;
    if (s.venue.seamless) {
      const answer = await callback(s.venue, 'authenticate', { token: s.launchToken });
      balance = answer?.status === 'OK' ? answer.balance : '--';
    } else {
      balance = centsToMoney(await books.playerBalance(deps.db, s.venueCode, s.player));
    }
    return { code: 200, message: 'ok', data: { venue: s.venueCode, category: s.venue.category, game: s.gameCode, venue_balance: balance, pending: 0 } };
  });

  app.post(`${SANDBOX_AGGREGATOR_PREFIX}/round`, async (req) => {
    const parsed = Round.safeParse(req.body);
    if (!parsed.success) return { code: 400, message: MSG.badInput, data: null };
    const s = await session(parsed.data.ticket);
    if (!s) return refused(MSG.sandboxTicketExpired);
    const stake = parseMoneyToCents(parsed.data.stake);
    if (stake === null || stake < MIN_STAKE || stake > MAX_STAKE) return { code: 400, message: MSG.stakeOutOfRange, data: null };
    const dice = [randomInt(1, 7), randomInt(1, 7), randomInt(1, 7)];
    const sum = dice.reduce((a, b) => a + b, 0);
    const outcome = dice[0] === dice[1] && dice[1] === dice[2] ? 'triple' : sum >= 11 ? 'big' : 'small';
    const payout = outcome === parsed.data.pick ? stake * 2 : 0;
    const roundId = `R${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;
    let balance: string;
    if (s.venue.seamless) {
      const bet = await callback(s.venue, 'bet', { player: s.player, transaction_id: `${roundId}-B`, round_id: roundId, game_code: s.gameCode, amount: centsToMoney(stake) });
      if (!bet || (bet.status !== 'OK' && bet.status !== 'DUPLICATE')) return { code: 402, message: bet?.message ?? MSG.insufficientBalance, data: null };
      const win = await callback(s.venue, 'win', {
        player: s.player,
        transaction_id: `${roundId}-W`,
        round_id: roundId,
        amount: centsToMoney(payout),
        reference_transaction_id: `${roundId}-B`,
      });
      balance = win?.balance ?? bet.balance;
    } else {
      const after = await books.playTransferRound(deps.db, { venue: s.venueCode, player: s.player, roundId, gameCode: s.gameCode, stake, payout });
      if (after === null) return { code: 402, message: MSG.insufficientBalance, data: null };
      balance = centsToMoney(after);
    }
    return {
      code: 200,
      message: 'ok',
      data: { bet_id: roundId, status: 1, dice, outcome, win_loss: centsToMoney(payout - stake), venue_balance: balance },
    };
  });

  app.post(`${SANDBOX_AGGREGATOR_PREFIX}/settle`, async () => ({ code: 200, message: MSG.nothingToSettle, data: [] }));
}
