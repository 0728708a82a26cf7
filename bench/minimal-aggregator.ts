// A minimal game aggregator for bench/transfers.ts: a transfer-wallet venue speaking the protocol our server calls
// (contract venue-wallet.ts, "The API of a remote transfer-wallet venue"), with as little work of its own as a real
// HTTP server can do, so that the benchmark measures our server rather than the venue. Players' balances and the
// transfers it accepted live in memory (each transfer id once: a repeat answers as the first time). Every request's
// X-Signature and timestamp are checked; every answer is signed and bound to its transfer (transfer_id, amount and
// the venue's own timestamp), as the server requires.
// Env: PORT, VENUE_SECRET. GET /totals answers what it holds, for the benchmark's exactness check.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';

const secret = process.env.VENUE_SECRET ?? '';
const port = Number(process.env.PORT ?? 0);
if (!secret || !port) throw new Error('PORT and VENUE_SECRET are required');
const WINDOW_SECONDS = 300;

interface Transfer {
  player: string;
  cents: number;
  ok: boolean;
  balanceAfter: number;
}
const balances = new Map<string, number>();
const transfers = new Map<string, Transfer>();

const sign = (text: string) => createHmac('sha256', secret).update(text).digest('hex');
const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const cents = (text: unknown) =>
  typeof text === 'string' && /^\d+\.\d{2}$/.test(text) ? Number(text.replace('.', '')) : null;
const now = () => Math.floor(Date.now() / 1000);

function answer(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'x-signature': sign(text),
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function signedBy(raw: Buffer, signature: string | string[] | undefined): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(sign(raw.toString('utf8')), 'hex'), Buffer.from(signature, 'hex'));
}

type Body = Record<string, unknown>;

function transfer(res: ServerResponse, body: Body) {
  const id = String(body.transfer_id ?? '');
  const bound = { transfer_id: id, amount: body.amount, timestamp: now() };
  const amount = cents(body.amount);
  if (!id || typeof body.player !== 'string' || !['in', 'out'].includes(String(body.direction)) || !amount) {
    return answer(res, 400, { status: 'INVALID_REQUEST', ...bound });
  }
  let t = transfers.get(id);
  if (!t) {
    const held = balances.get(body.player) ?? 0;
    const ok = body.direction === 'in' || held >= amount;
    const after = !ok ? held : body.direction === 'in' ? held + amount : held - amount;
    balances.set(body.player, after);
    t = { player: body.player, cents: amount, ok, balanceAfter: after };
    transfers.set(id, t);
  }
  const status = t.ok ? 'OK' : 'INSUFFICIENT_FUNDS';
  return answer(res, t.ok ? 200 : 402, { status, ...bound, amount: money(t.cents), balance: money(t.balanceAfter) });
}

function transferStatus(res: ServerResponse, body: Body) {
  const id = String(body.transfer_id ?? '');
  const t = transfers.get(id);
  const bound = { transfer_id: id, timestamp: now() };
  if (!t) return answer(res, 404, { status: 'UNKNOWN_TRANSACTION', ...bound });
  return answer(res, 200, {
    status: 'OK',
    ...bound,
    transfer: { state: t.ok ? 'SUCCESS' : 'FAILED', amount: money(t.cents) },
  });
}

const calls: Record<string, (res: ServerResponse, body: Body) => void> = {
  '/transfers': transfer,
  '/transfers/status': transferStatus,
  '/balance': (res, body) => answer(res, 200, { status: 'OK', balance: money(balances.get(String(body.player)) ?? 0) }),
};

createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/totals') {
    let held = 0;
    for (const b of balances.values()) held += b;
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ held: money(held), transfers: transfers.size }));
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const call = calls[req.url ?? ''];
    if (req.method !== 'POST' || !call) return answer(res, 404, { status: 'INVALID_REQUEST' });
    const raw = Buffer.concat(chunks);
    if (!signedBy(raw, req.headers['x-signature'])) return answer(res, 401, { status: 'INVALID_SIGNATURE' });
    let body: Body;
    try {
      body = JSON.parse(raw.toString('utf8')) as Body;
    } catch {
      return answer(res, 400, { status: 'INVALID_REQUEST' });
    }
    // A request signed too long ago is refused, as any venue of the protocol does.
    if (typeof body.timestamp !== 'number' || Math.abs(now() - body.timestamp) > WINDOW_SECONDS) {
      return answer(res, 401, { status: 'INVALID_SIGNATURE' });
    }
    call(res, body);
  });
}).listen(port, '127.0.0.1');
