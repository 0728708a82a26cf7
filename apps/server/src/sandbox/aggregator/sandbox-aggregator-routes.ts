import { randomBytes, randomInt } from 'node:crypto';
import {
  BizCode,
  centsToMoney,
  MSG,
  parseMoneyToCents,
  type VenueApiCall,
  venueApiBodies,
  type VenueWalletAnswer,
} from '@h5/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { hashToken } from '../../lib/tokens';
import { venues } from '../../db/tables/venues';
import { sandboxPage } from './sandbox-page';
import { cspWithScriptNonce } from '../../http/security-headers';
import { hmacHex, verifyHmac } from '../../lib/hmac';
import type { Clock } from '../../lib/time';
import { requireControlToken } from './control-token';
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
  /** What its test controls (outcomes, faults) require as a bearer token. */
  controlToken: string;
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
  /** What a person reads for the venue (the game page's heading). */
  name: string;
  secret: string;
  category: string;
  seamless: boolean;
  /** Where the operator's wallet API is called back: the server the merchant's API address is on. */
  callbackOrigin: string;
}

async function merchant(db: Db, code: string): Promise<Merchant | null> {
  const [row] = await db.select().from(venues).where(eq(venues.code, code)).limit(1);
  if (!row || !row.apiSecret) return null;
  if (!row.apiBaseUrl.replace(/\/+$/, '').endsWith(`${SANDBOX_AGGREGATOR_PREFIX}/api/${row.code}`)) return null;
  const callbackOrigin = siteOrigin(row.apiBaseUrl);
  if (!callbackOrigin) return null;
  return {
    code: row.code,
    name: row.name,
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
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_req, body, done) =>
      done(null, body),
    );

    scope.post<{ Params: { venue: string; '*': string } }>(
      `${SANDBOX_AGGREGATOR_PREFIX}/api/:venue/*`,
      async (req, reply) => {
        const found = await merchant(deps.db, req.params.venue);
        const call = CALL_OF_PATH[req.params['*']];
        if (!found || !call) return reply.code(404).send({ status: 'INVALID_REQUEST' });
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const sig = req.headers['x-signature'];
        if (!verifyHmac(found.secret, raw, typeof sig === 'string' ? sig : undefined))
          return signedReply(reply, found.secret, 401, { status: 'INVALID_SIGNATURE' });
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          return signedReply(reply, found.secret, 400, { status: 'INVALID_REQUEST' });
        }
        const parsed = venueApiBodies[call].safeParse(json);
        if (!parsed.success) return signedReply(reply, found.secret, 400, { status: 'INVALID_REQUEST' });
        // A request signed too long ago is refused: it cannot be a transfer we are still waiting on.
        if (
          Math.abs(Math.floor(deps.clock.now().getTime() / 1000) - parsed.data.timestamp) > SIGNATURE_WINDOW_SECONDS
        ) {
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
      },
    );
  });

  const nowSeconds = () => Math.floor(deps.clock.now().getTime() / 1000);

  async function answer(
    venue: Merchant,
    call: VenueApiCall,
    body: Record<string, unknown>,
    origin: string,
  ): Promise<[number, unknown]> {
    switch (call) {
      case 'balance':
        return [
          200,
          { status: 'OK', balance: centsToMoney(await books.playerBalance(deps.db, venue.code, String(body.player))) },
        ];
      case 'transfer': {
        const b = body as z.output<typeof venueApiBodies.transfer>;
        // Every answer about a transfer names it, its amount and when it was given (contract: bound answers).
        const bound = { transfer_id: b.transfer_id, amount: b.amount, timestamp: nowSeconds() };
        if (venue.seamless) return [400, { status: 'INVALID_REQUEST', ...bound }];
        const cents = parseMoneyToCents(b.amount);
        if (cents === null || cents <= 0) return [400, { status: 'INVALID_REQUEST', ...bound }];
        const done = await books.applyTransfer(deps.db, {
          venue: venue.code,
          player: b.player,
          transferId: b.transfer_id,
          direction: b.direction,
          cents,
        });
        return [done.status === 'OK' ? 200 : 402, { ...bound, ...done }];
      }
      case 'transferStatus': {
        const bound = { transfer_id: String(body.transfer_id), timestamp: nowSeconds() };
        const t = await books.transferStatus(deps.db, venue.code, String(body.transfer_id));
        return t ? [200, { status: 'OK', ...bound, transfer: t }] : [404, { status: 'UNKNOWN_TRANSACTION', ...bound }];
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
        return [
          200,
          {
            status: 'OK',
            url: `${siteOrigin(b.return_url) ?? origin}${SANDBOX_AGGREGATOR_PREFIX}/play?ticket=${ticket}`,
          },
        ];
      }
      case 'bets': {
        const b = body as z.output<typeof venueApiBodies.bets>;
        return [200, { status: 'OK', ...(await books.roundsAfter(deps.db, venue.code, b.cursor, b.limit)) }];
      }
    }
  }

  // Tests tell the aggregator what to do wrong next.
  controlRoute(app, deps, 'faults', Fault, (fault) => faults.set(`${fault.venue}:${fault.call}`, fault));

  playPage(app, deps, faultFor);
}

/**
 * The demo games, one per category: casino-like venues play Sic Bo big/small (three dice, 11-17 big, 4-10 small, a
 * triple loses both; a win pays twice the stake) and settle at once; sport venues take a match-result bet at decimal
 * odds that stays open until the page's 结算 step.
 */
const DICE_PICKS = ['big', 'small'] as const;
const MATCH_PICKS = {
  home: { odds: 240, chance: 40 },
  draw: { odds: 320, chance: 27 },
  away: { odds: 280, chance: 33 },
} as const;
type MatchPick = keyof typeof MATCH_PICKS;
const DICE_OF: Record<'big' | 'small' | 'triple', number[]> = { big: [3, 4, 6], small: [1, 2, 4], triple: [2, 2, 2] };

function rollDice(): number[] {
  return [randomInt(1, 7), randomInt(1, 7), randomInt(1, 7)];
}
function diceOutcome(dice: number[]): 'big' | 'small' | 'triple' {
  if (dice[0] === dice[1] && dice[1] === dice[2]) return 'triple';
  return dice.reduce((a, b) => a + b, 0) >= 11 ? 'big' : 'small';
}
function drawMatch(): MatchPick {
  const n = randomInt(0, 100);
  if (n < MATCH_PICKS.home.chance) return 'home';
  return n < MATCH_PICKS.home.chance + MATCH_PICKS.draw.chance ? 'draw' : 'away';
}
const matchPayout = (pick: string, outcome: string, stake: number) =>
  pick === outcome && pick in MATCH_PICKS ? Math.floor((stake * MATCH_PICKS[pick as MatchPick].odds) / 100) : 0;

/**
 * Outcomes set in advance (tests), per venue, taken in order by the next rounds and settlements there: a dice
 * outcome (big, small, triple) by a dice round, a match result (home, draw, away) by a settled match bet.
 */
export const Outcomes = z.object({
  venue: z.string().min(1).max(32),
  outcomes: z
    .array(z.enum(['big', 'small', 'triple', 'home', 'draw', 'away']))
    .min(1)
    .max(100),
});

/** A call of the test controls: only with the control token, its body read by `schema`, then applied. */
function controlRoute<S extends z.ZodTypeAny>(
  app: FastifyInstance,
  deps: SandboxAggregatorDeps,
  path: string,
  schema: S,
  apply: (body: z.output<S>) => void,
) {
  app.post(
    `${SANDBOX_AGGREGATOR_PREFIX}/${path}`,
    { preHandler: requireControlToken(deps.controlToken) },
    async (req, reply) => {
      const parsed = schema.safeParse(req.body);
      if (!parsed.success) return reply.code(400).send({ code: 400, message: MSG.badInput, data: null });
      apply(parsed.data);
      return { code: 200, message: 'ok', data: null };
    },
  );
}

/** The demo game page of the aggregator's venues and the calls it makes. */
function playPage(
  app: FastifyInstance,
  deps: SandboxAggregatorDeps,
  faultFor: (venue: string, call: Fault['call']) => Fault | null,
) {
  const Ticket = z.object({ ticket: z.string().min(1).max(128) });
  const Round = Ticket.extend({ stake: z.union([z.string().max(32), z.number()]), pick: z.string().max(16) });
  const planned = new Map<string, string[]>();
  /** The next planned outcome of this kind at the venue, if one was set. */
  const plannedOutcome = <T extends string>(venue: string, kinds: readonly T[]): T | null => {
    const queue = planned.get(venue.toUpperCase()) ?? [];
    const at = queue.findIndex((o) => (kinds as readonly string[]).includes(o));
    if (at < 0) return null;
    const [taken] = queue.splice(at, 1);
    return taken as T;
  };

  controlRoute(app, deps, 'outcomes', Outcomes, ({ venue, outcomes }) => {
    const key = venue.toUpperCase();
    planned.set(key, [...(planned.get(key) ?? []), ...outcomes]);
  });

  /** A seamless venue's callback to the operator's wallet API, signed. */
  async function callback(
    venue: Merchant,
    action: string,
    body: Record<string, unknown>,
  ): Promise<VenueWalletAnswer | null> {
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

  /**
   * The launch a page ticket stands for, while the operator still vouches for it: a launch that came with the
   * operator's launch token is authenticated with it on every call, so the game ends with the member's session.
   */
  async function session(ticket: string) {
    const [row] = await deps.db
      .select()
      .from(sandboxAggregatorSessions)
      .where(
        and(
          eq(sandboxAggregatorSessions.ticketHash, hashToken(ticket)),
          gt(sandboxAggregatorSessions.expiresAt, deps.clock.now()),
        ),
      );
    if (!row) return null;
    const venue = await merchant(deps.db, row.venueCode);
    if (!venue) return null;
    let walletBalance: string | null = null;
    if (row.launchToken || venue.seamless) {
      const answer = await callback(venue, 'authenticate', { token: row.launchToken });
      if (answer?.status !== 'OK') return null;
      walletBalance = answer.balance;
    }
    return { ...row, venue, walletBalance };
  }
  type Session = NonNullable<Awaited<ReturnType<typeof session>>>;
  const refused = (message: string) => ({ code: BizCode.UNAUTHORIZED, message, data: null });
  const short = (message?: string) => ({
    code: BizCode.INSUFFICIENT_BALANCE,
    message: message ?? MSG.insufficientBalance,
    data: null,
  });
  const sport = (s: Session) => s.venue.category === 'sport';

  app.get(`${SANDBOX_AGGREGATOR_PREFIX}/play`, async (_req, reply) => {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .header('content-security-policy', cspWithScriptNonce(nonce))
      .type('text/html; charset=utf-8')
      .send(sandboxPage(nonce, SANDBOX_AGGREGATOR_PREFIX));
  });

  app.post(`${SANDBOX_AGGREGATOR_PREFIX}/state`, async (req) => {
    const parsed = Ticket.safeParse(req.body);
    const s = parsed.success ? await session(parsed.data.ticket) : null;
    if (!s) return refused(MSG.sandboxTicketExpired);
    const balance = s.venue.seamless
      ? (s.walletBalance ?? '--')
      : centsToMoney(await books.playerBalance(deps.db, s.venueCode, s.player));
    const pending = await books.openBetCount(deps.db, s.venueCode, s.player);
    return {
      code: 200,
      message: 'ok',
      data: {
        venue: s.venueCode,
        venue_name: s.venue.name,
        category: s.venue.category,
        game: s.gameCode,
        venue_balance: balance,
        pending,
      },
    };
  });

  app.post(`${SANDBOX_AGGREGATOR_PREFIX}/round`, async (req) => {
    const parsed = Round.safeParse(req.body);
    if (!parsed.success) return { code: 400, message: MSG.badInput, data: null };
    const s = await session(parsed.data.ticket);
    if (!s) return refused(MSG.sandboxTicketExpired);
    const stake = parseMoneyToCents(parsed.data.stake);
    if (stake === null || stake < MIN_STAKE || stake > MAX_STAKE)
      return { code: 400, message: MSG.stakeOutOfRange, data: null };
    const pick = parsed.data.pick;
    const isSport = sport(s);
    if (isSport ? !(pick in MATCH_PICKS) : !(DICE_PICKS as readonly string[]).includes(pick))
      return { code: 400, message: MSG.badInput, data: null };
    const roundId = `R${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;
    const gameCode = `${s.gameCode || 'demo'}:${pick}`;
    // A seamless venue takes the stake from the member's wallet at the operator: the wallet's answer where it took it
    // (a repeat of one it took answers DUPLICATE), else the refusal.
    const stakeAtWallet = async () => {
      const bet = await callback(s.venue, 'bet', {
        player: s.player,
        transaction_id: `${roundId}-B`,
        round_id: roundId,
        game_code: gameCode,
        amount: centsToMoney(stake),
      });
      return bet && (bet.status === 'OK' || bet.status === 'DUPLICATE') ? { bet } : { refused: short(bet?.message) };
    };

    if (isSport) {
      // The bet waits in the books for 结算; a transfer venue's books also take the stake from the player's balance.
      const openMatchBet = (debit: boolean) =>
        books.openBet(deps.db, { venue: s.venueCode, player: s.player, roundId, gameCode, pick, stake, debit });
      let after: string;
      if (s.venue.seamless) {
        const staked = await stakeAtWallet();
        if ('refused' in staked) return staked.refused;
        const { bet } = staked;
        await openMatchBet(false);
        after = bet.balance;
      } else {
        const left = await openMatchBet(true);
        if (left === null) return short();
        after = centsToMoney(left);
      }
      return {
        code: 200,
        message: 'ok',
        data: { bet_id: roundId, status: 2, dice: [], outcome: 'pending', win_loss: '0.00', venue_balance: after },
      };
    }

    const forced = plannedOutcome(s.venueCode, ['big', 'small', 'triple'] as const);
    const dice = forced ? DICE_OF[forced] : rollDice();
    const outcome = diceOutcome(dice);
    const payout = outcome === pick ? stake * 2 : 0;
    let balance: string;
    if (s.venue.seamless) {
      const staked = await stakeAtWallet();
      if ('refused' in staked) return staked.refused;
      const { bet } = staked;
      const win = await callback(s.venue, 'win', {
        player: s.player,
        transaction_id: `${roundId}-W`,
        round_id: roundId,
        amount: centsToMoney(payout),
        reference_transaction_id: `${roundId}-B`,
      });
      balance = win?.balance ?? bet.balance;
    } else {
      const after = await books.playTransferRound(deps.db, {
        venue: s.venueCode,
        player: s.player,
        roundId,
        gameCode,
        stake,
        payout,
        at: deps.clock.now(),
      });
      if (after === null) return short();
      balance = centsToMoney(after);
    }
    return {
      code: 200,
      message: 'ok',
      data: {
        bet_id: roundId,
        status: 1,
        dice,
        outcome,
        win_loss: centsToMoney(payout - stake),
        venue_balance: balance,
      },
    };
  });

  // The settlement step of sport venues: every open bet of the player at this venue gets its match result.
  app.post(`${SANDBOX_AGGREGATOR_PREFIX}/settle`, async (req) => {
    const parsed = Ticket.safeParse(req.body);
    const s = parsed.success ? await session(parsed.data.ticket) : null;
    if (!s) return refused(MSG.sandboxTicketExpired);
    const settled: { bet_id: string; outcome: string; win_loss: string }[] = [];
    for (const bet of await books.openBets(deps.db, s.venueCode, s.player)) {
      const outcome = plannedOutcome(s.venueCode, ['home', 'draw', 'away'] as const) ?? drawMatch();
      const payout = matchPayout(bet.pick, outcome, bet.stake);
      if (s.venue.seamless) {
        const win = await callback(s.venue, 'win', {
          player: s.player,
          transaction_id: `${bet.roundId}-W`,
          round_id: bet.roundId,
          amount: centsToMoney(payout),
          reference_transaction_id: `${bet.roundId}-B`,
        });
        // Not paid yet (our wallet did not answer): the bet stays open for the next step.
        if (!win || (win.status !== 'OK' && win.status !== 'DUPLICATE')) continue;
      }
      const done = await books.settleOpenBet(deps.db, {
        venue: s.venueCode,
        player: s.player,
        roundId: bet.roundId,
        gameCode: bet.gameCode,
        stake: bet.stake,
        payout,
        credit: !s.venue.seamless,
        at: deps.clock.now(),
      });
      if (done) settled.push({ bet_id: bet.roundId, outcome, win_loss: centsToMoney(payout - bet.stake) });
    }
    return { code: 200, message: settled.length ? MSG.ok : MSG.nothingToSettle, data: settled };
  });
}
