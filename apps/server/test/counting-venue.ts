import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { centsToMoney, parseMoneyToCents } from '@h5/contract';
import { hmacHex, verifyHmac } from '../src/lib/hmac';
import type { Clock } from '../src/lib/time';

/**
 * A minimal transfer-wallet venue on loopback speaking the signed venue protocol (contract `venue-wallet.ts`), that
 * counts the balance asks it receives and can hold its answers: what an aggregator sees of our polling.
 */
export interface CountingVenue {
  origin: string;
  secret: string;
  /** Balance asks received so far. */
  balanceCalls: number;
  /** Each player's balance in cents (a test may change it: the member won or lost at the venue). */
  balances: Map<string, number>;
  /** From now on balance asks get no answer until releaseBalances(). */
  holdBalances(): void;
  /** Balance asks waiting for an answer whose caller still waits too (ours gives up at its timeout). */
  heldBalances(): number;
  releaseBalances(): void;
  /** From now on transfers are neither applied nor answered until releaseTransfers() (a call that times out). */
  holdTransfers(): void;
  /** Applies the held transfers (their callers have given up waiting) and answers whoever still listens. */
  releaseTransfers(): void;
  /** Transfer requests received so far. */
  transferCalls(): number;
  close(): Promise<void>;
}

interface Body {
  player?: string;
  transfer_id?: string;
  direction?: 'in' | 'out';
  amount?: string;
}

export async function startCountingVenue(clock: Clock): Promise<CountingVenue> {
  const secret = randomBytes(24).toString('base64url');
  const balances = new Map<string, number>();
  const transfers = new Map<string, { state: 'SUCCESS' | 'FAILED'; amount: string }>();
  let holdingBalances = false;
  let holdingTransfers = false;
  const waitingBalances: Array<{ closed: boolean; answer: () => void }> = [];
  const waitingTransfers: Array<() => void> = [];
  let transferCount = 0;

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    // A caller that gave up (our timeout) has closed the connection: nothing to answer.
    if (res.destroyed || res.writableEnded) return;
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'x-signature': hmacHex(secret, text) }).end(text);
  };
  const now = () => Math.floor(clock.now().getTime() / 1000);

  const transfer = (body: Body) => {
    const id = String(body.transfer_id);
    const bound = { transfer_id: id, amount: String(body.amount), timestamp: now() };
    const cents = parseMoneyToCents(String(body.amount));
    const player = String(body.player);
    const held = balances.get(player) ?? 0;
    if (cents === null || cents <= 0) return [400, { status: 'INVALID_REQUEST', ...bound }] as const;
    const before = transfers.get(id);
    if (!before) {
      const ok = body.direction === 'in' || cents <= held;
      if (ok) balances.set(player, body.direction === 'in' ? held + cents : held - cents);
      transfers.set(id, { state: ok ? 'SUCCESS' : 'FAILED', amount: centsToMoney(cents) });
    }
    const done = transfers.get(id);
    const balance = centsToMoney(balances.get(player) ?? 0);
    return done?.state === 'SUCCESS'
      ? ([200, { status: 'OK', ...bound, balance }] as const)
      : ([402, { status: 'INSUFFICIENT_FUNDS', ...bound, balance }] as const);
  };

  const venue: CountingVenue = {
    origin: '',
    secret,
    balanceCalls: 0,
    balances,
    holdBalances: () => {
      holdingBalances = true;
    },
    heldBalances: () => waitingBalances.filter((w) => !w.closed).length,
    releaseBalances: () => {
      holdingBalances = false;
      for (const w of waitingBalances.splice(0)) w.answer();
    },
    holdTransfers: () => {
      holdingTransfers = true;
    },
    releaseTransfers: () => {
      holdingTransfers = false;
      for (const go of waitingTransfers.splice(0)) go();
    },
    transferCalls: () => transferCount,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const sig = req.headers['x-signature'];
      if (!verifyHmac(secret, raw, typeof sig === 'string' ? sig : undefined))
        return reply(res, 401, { status: 'INVALID_SIGNATURE' });
      const body = JSON.parse(raw.toString('utf8')) as Body;
      switch (req.url) {
        case '/balance': {
          venue.balanceCalls += 1;
          const answer = () =>
            reply(res, 200, { status: 'OK', balance: centsToMoney(balances.get(String(body.player)) ?? 0) });
          if (!holdingBalances) return answer();
          const waiting = { closed: false, answer };
          res.on('close', () => {
            waiting.closed = true;
          });
          waitingBalances.push(waiting);
          return;
        }
        case '/transfers': {
          transferCount += 1;
          const answer = () => {
            const [status, out] = transfer(body);
            reply(res, status, out);
          };
          if (holdingTransfers) waitingTransfers.push(answer);
          else answer();
          return;
        }
        case '/transfers/status': {
          const known = transfers.get(String(body.transfer_id));
          const bound = { transfer_id: String(body.transfer_id), timestamp: now() };
          return known
            ? reply(res, 200, { status: 'OK', ...bound, transfer: known })
            : reply(res, 404, { status: 'UNKNOWN_TRANSACTION', ...bound });
        }
        case '/launch':
          return reply(res, 200, { status: 'OK', url: `${venue.origin}/play` });
        default:
          return reply(res, 404, { status: 'INVALID_REQUEST' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  venue.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return venue;
}
