import { lookup as dnsLookup } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { MSG } from '@h5/contract';

/**
 * Which addresses the server may call (venues, payment gateways). An address an operator typed must not reach the
 * inside of our network: loopback, private, link-local, multicast, unspecified and cloud metadata addresses are
 * refused unless OUTBOUND_ALLOW lists them; in production every other target must be https.
 */
export interface OutboundPolicy {
  /** Targets OUTBOUND_ALLOW lists (and, with the sandbox, this server's own loopback origin). */
  allow: OutboundAllowEntry[];
  /** Unlisted targets must be https (production). */
  requireHttps: boolean;
  /** Told of every refused call (the app logs it). */
  report?: (refusal: { url: string; reason: string }) => void;
}

/** One OUTBOUND_ALLOW entry: a host name, an address or a CIDR, optionally with one port. */
export interface OutboundAllowEntry {
  /** As written, for logs. */
  text: string;
  /** A host name entry (lower case); null for an address or CIDR entry. */
  host: string | null;
  /** The addresses an address or CIDR entry covers. */
  range: IpRange | null;
  /** Only this port; null allows any. */
  port: number | null;
}

interface IpRange {
  family: 4 | 6;
  base: bigint;
  bits: number;
}

interface Ip {
  family: 4 | 6;
  value: bigint;
}

// ---------------------------------------------------------------------------------------------- addresses

function parseIpv4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return parts.reduce((acc, p) => (acc << 8n) | BigInt(Number(p)), 0n);
}

function parseIpv6(text: string): bigint | null {
  let body = text.split('%')[0] ?? '';
  let tail: bigint | null = null;
  const lastColon = body.lastIndexOf(':');
  if (body.slice(lastColon + 1).includes('.')) {
    tail = parseIpv4(body.slice(lastColon + 1));
    if (tail === null) return null;
    body = `${body.slice(0, lastColon + 1)}0:0`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groupsOf(halves[0] ?? '');
  const rest = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  let value = groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n);
  if (tail !== null) value = (value & ~0xffffffffn) | tail;
  return value;
}

/** An address as numbers; an IPv4-mapped IPv6 address (::ffff:a.b.c.d) counts as the IPv4 address it carries. */
function parseIp(text: string): Ip | null {
  const bare = text.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(bare);
  if (family === 4) {
    const value = parseIpv4(bare);
    return value === null ? null : { family: 4, value };
  }
  if (family !== 6) return null;
  const value = parseIpv6(bare);
  if (value === null) return null;
  if (value >> 32n === 0xffffn) return { family: 4, value: value & 0xffffffffn };
  return { family: 6, value };
}

const inRange = (ip: Ip, range: IpRange) => {
  if (ip.family !== range.family) return false;
  const width = ip.family === 4 ? 32 : 128;
  const shift = BigInt(width - range.bits);
  return ip.value >> shift === range.base >> shift;
};

function range(cidr: string): IpRange {
  const [address = '', bits = ''] = cidr.split('/');
  const ip = parseIp(address);
  if (!ip) throw new Error(`bad range ${cidr}`);
  return { family: ip.family, base: ip.value, bits: Number(bits) };
}

/** Addresses that reach inside: never a venue's or a gateway's, unless listed. */
const INSIDE: IpRange[] = [
  '0.0.0.0/8', // unspecified, "this network"
  '10.0.0.0/8',
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local, cloud metadata 169.254.169.254
  '172.16.0.0/12',
  '192.0.0.0/24', // IETF protocol assignments
  '192.168.0.0/16',
  '198.18.0.0/15', // benchmarking
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, broadcast
  '::/128',
  '::1/128',
  'fc00::/7', // unique local, AWS metadata fd00:ec2::254
  'fe80::/10',
  'ff00::/8',
].map(range);

/** Host names of cloud metadata services. */
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata.goog', 'metadata']);

const V4 = 0xffffffffn;
const NAT64 = range('64:ff9b::/96');
const NAT64_LOCAL = range('64:ff9b:1::/48');
const SIX_TO_FOUR = range('2002::/16');
const TEREDO = range('2001::/32');
const IPV4_COMPATIBLE = range('::/96');

/**
 * The IPv4 addresses an IPv6 address carries, which a relay or translator on the way would deliver it to: NAT64
 * (64:ff9b::/96, the last 32 bits; the local-use 64:ff9b:1::/48, wherever a /48 to /96 translation prefix puts them,
 * RFC 6052), 6to4 (2002::/16, bits 16-48), Teredo (2001::/32: the server in bits 32-64, the client in the last 32
 * bits inverted) and IPv4-compatible (::a.b.c.d; :: and ::1 are themselves). IPv4-mapped addresses are read as IPv4
 * already (parseIp).
 */
function carriedIpv4(ip: Ip): bigint[] {
  if (ip.family !== 6) return [];
  const v = ip.value;
  if (inRange(ip, NAT64)) return [v & V4];
  if (inRange(ip, NAT64_LOCAL)) {
    // RFC 6052: a /48 or /56 prefix splits the address around bits 64-72 (the "u" octet); /64 and /96 do not.
    const bits = (shift: bigint, width: bigint) => (v >> shift) & ((1n << width) - 1n);
    return [
      (bits(64n, 16n) << 16n) | bits(40n, 16n), // a /48 prefix: bits 48-64 and 72-88
      (bits(64n, 8n) << 24n) | bits(32n, 24n), // a /56 prefix: bits 56-64 and 72-96
      bits(24n, 32n), // a /64 prefix: bits 72-104
      v & V4, // a /96 prefix: the last 32 bits
    ];
  }
  if (inRange(ip, SIX_TO_FOUR)) return [(v >> 80n) & V4];
  if (inRange(ip, TEREDO)) return [(v >> 64n) & V4, (v & V4) ^ V4];
  if (inRange(ip, IPV4_COMPATIBLE) && v > 1n) return [v & V4];
  return [];
}

/** Inside, or carrying an IPv4 address that is: such an address is judged by where it would lead. */
function isInside(ip: Ip): boolean {
  if (INSIDE.some((r) => inRange(ip, r))) return true;
  return carriedIpv4(ip).some((value) => INSIDE.some((r) => inRange({ family: 4, value }, r)));
}

// ---------------------------------------------------------------------------------------------- OUTBOUND_ALLOW

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

const portOf = (text: string): number | null => {
  if (!/^\d{1,5}$/.test(text)) return null;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? port : null;
};

function parseEntry(text: string): OutboundAllowEntry | null {
  const entry = text.toLowerCase();
  if (entry.includes('/')) {
    const [address = '', bits = '', extra] = entry.split('/');
    const ip = parseIp(address);
    if (!ip || extra !== undefined || address.startsWith('[') || !/^\d{1,3}$/.test(bits)) return null;
    const width = ip.family === 4 ? 32 : 128;
    // A /0 would allow every address, which is no allow list at all.
    if (Number(bits) < 1 || Number(bits) > width) return null;
    return { text, host: null, range: { family: ip.family, base: ip.value, bits: Number(bits) }, port: null };
  }
  let address = entry;
  let port: number | null = null;
  const bracketed = /^\[([^\]]+)\](?::(.*))?$/.exec(entry);
  if (bracketed) {
    address = bracketed[1] ?? '';
    if (bracketed[2] !== undefined) {
      port = portOf(bracketed[2]);
      if (port === null) return null;
    }
    if (isIP(address) !== 6) return null;
  } else if (isIP(entry) !== 6 && entry.includes(':')) {
    const at = entry.lastIndexOf(':');
    address = entry.slice(0, at);
    port = portOf(entry.slice(at + 1));
    if (port === null) return null;
  }
  const ip = parseIp(address);
  if (ip)
    return { text, host: null, range: { family: ip.family, base: ip.value, bits: ip.family === 4 ? 32 : 128 }, port };
  if (!HOST_NAME.test(address) || /^[\d.]+$/.test(address)) return null;
  return { text, host: address, range: null, port };
}

/**
 * OUTBOUND_ALLOW: comma-separated host names, addresses (each optionally with :port, IPv6 as [addr]:port) and CIDRs.
 * A bad entry stops the start with an error naming it.
 */
export function parseOutboundAllow(text: string): OutboundAllowEntry[] {
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  return entries.map((e) => {
    const entry = parseEntry(e);
    if (!entry) {
      throw new Error(
        `Invalid configuration: OUTBOUND_ALLOW entry "${e}" is not a host, host:port, address or CIDR (e.g. 10.0.0.0/8)`,
      );
    }
    return entry;
  });
}

/** The sandbox reaches its own aggregator and gateway on loopback, where this server listens. */
export function allowLoopbackPort(policy: OutboundPolicy, port: number): void {
  for (const text of [`127.0.0.1:${port}`, `[::1]:${port}`, `localhost:${port}`]) {
    if (!policy.allow.some((e) => e.text === text)) policy.allow.push(...parseOutboundAllow(text));
  }
}

// ---------------------------------------------------------------------------------------------- checks

interface Target {
  url: URL;
  /** The host without IPv6 brackets, lower case. */
  host: string;
  port: number;
}

function targetOf(text: string): Target | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  return { url, host, port };
}

const portMatches = (entry: OutboundAllowEntry, port: number) => entry.port === null || entry.port === port;

/** The target's host name is listed (then whatever it resolves to may be reached). */
const hostListed = (policy: OutboundPolicy, target: Target) =>
  policy.allow.some((e) => e.host !== null && e.host === target.host && portMatches(e, target.port));

const addressListed = (policy: OutboundPolicy, ip: Ip, port: number) =>
  policy.allow.some((e) => e.range !== null && inRange(ip, e.range) && portMatches(e, port));

/**
 * Whether one address the target resolved to may be connected to: null when it may, else the message. `listed`
 * tells whether it counts as listed (then plain http is allowed).
 */
function judgeAddress(
  policy: OutboundPolicy,
  target: Target,
  address: string,
): { refusal: string | null; listed: boolean } {
  const ip = parseIp(address);
  if (!ip) return { refusal: MSG.outboundPrivateAddress, listed: false };
  if (addressListed(policy, ip, target.port)) return { refusal: null, listed: true };
  if (isInside(ip)) return { refusal: MSG.outboundPrivateAddress, listed: false };
  if (policy.requireHttps && target.url.protocol !== 'https:')
    return { refusal: MSG.outboundHttpsRequired, listed: false };
  return { refusal: null, listed: false };
}

function resolveAll(host: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve(addresses.map((a) => a.address));
    });
  });
}

async function judge(text: string, policy: OutboundPolicy): Promise<{ refusal: string | null; target: Target | null }> {
  const target = targetOf(text);
  if (!target) return { refusal: MSG.outboundUrlInvalid, target };
  if (target.url.username || target.url.password) return { refusal: MSG.outboundUrlInvalid, target };
  if (hostListed(policy, target)) return { refusal: null, target };
  if (METADATA_HOSTS.has(target.host)) return { refusal: MSG.outboundPrivateAddress, target };
  let addresses: string[];
  if (isIP(target.host)) addresses = [target.host];
  else {
    try {
      addresses = await resolveAll(target.host);
    } catch {
      return { refusal: MSG.outboundUnresolved, target };
    }
  }
  if (!addresses.length) return { refusal: MSG.outboundUnresolved, target };
  for (const address of addresses) {
    const verdict = judgeAddress(policy, target, address);
    if (verdict.refusal) return { refusal: verdict.refusal, target };
  }
  return { refusal: null, target };
}

/**
 * Whether the server may call this address now: null when it may, else the Chinese message to answer. The host
 * is resolved, so a save-time check and a call-time check may differ when its DNS changes.
 */
export async function checkOutboundUrl(url: string, policy: OutboundPolicy): Promise<string | null> {
  return (await judge(url, policy)).refusal;
}

// ---------------------------------------------------------------------------------------------- calls

/** A call the policy refused: for the caller it is a call that got no answer (nothing was sent). */
export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
}

/** The longest answer read from a venue or a gateway. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | { address: string; family: number }[],
  family?: number,
) => void;

/**
 * The DNS lookup of the connection itself: every address the host resolves to is judged again at connect time,
 * so an answer that changes between the check and the connection (DNS rebinding) cannot slip through.
 */
function guardedLookup(policy: OutboundPolicy, target: Target) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, options.all ? [] : '');
      const refused = addresses.find((a) => judgeAddress(policy, target, a.address).refusal !== null);
      if (refused || !addresses.length) {
        return callback(
          Object.assign(new OutboundRefusedError(MSG.outboundPrivateAddress), { code: 'EOUTBOUNDREFUSED' }),
          options.all ? [] : '',
        );
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/**
 * Kept-alive connections, one pool per policy and protocol: a venue call on an open connection saves the connect
 * (and for https the handshake), which cost more than the call itself. Reuse is safe: a pooled connection goes to an
 * address that was judged when it connected (guardedLookup), and the policy does not change while the server runs;
 * a new connection, as after a venue's DNS answer changes, is judged again.
 */
const agents = new WeakMap<OutboundPolicy, { http: HttpAgent; https: HttpsAgent }>();
function agentFor(policy: OutboundPolicy, protocol: string): HttpAgent {
  let pair = agents.get(policy);
  if (!pair) {
    // An idle connection is closed after 2 s, well inside the 5 s that common servers (Node.js, Apache) keep one open,
    // so a call seldom takes a connection the far end is closing (that call would end in doubt: a pending transfer).
    const options = { keepAlive: true, keepAliveMsecs: 1000, maxFreeSockets: 64, timeout: 2_000 };
    pair = { http: new HttpAgent(options), https: new HttpsAgent(options) };
    agents.set(policy, pair);
  }
  return protocol === 'https:' ? pair.https : pair.http;
}

/**
 * The only way the server calls a venue or a gateway: the address is checked against the policy before anything
 * is sent and its resolved addresses again when connecting; a redirect is never followed (it is an error). A
 * refusal is reported and thrown as OutboundRefusedError; a timeout rejects with the signal's TimeoutError.
 */
/**
 * An answer read whole (at most MAX_ANSWER_BYTES): what the callers use of a fetch Response, without building one
 * (a WHATWG Response and its body stream cost a venue call more than the rest of reading its answer).
 */
export interface OutboundResponse {
  status: number;
  ok: boolean;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  json(): Promise<unknown>;
}

function outboundResponse(status: number, rawHeaders: string[], body: Buffer): OutboundResponse {
  const text = () => Promise.resolve(body.toString('utf8'));
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: {
      get(name) {
        const wanted = name.toLowerCase();
        const values: string[] = [];
        for (let i = 0; i + 1 < rawHeaders.length; i += 2)
          if (rawHeaders[i]!.toLowerCase() === wanted) values.push(rawHeaders[i + 1]!);
        return values.length ? values.join(', ') : null;
      },
    },
    text,
    json: async () => JSON.parse(await text()) as unknown,
  };
}

export async function outboundFetch(
  url: string,
  request: OutboundRequest,
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  const { refusal, target } = await judge(url, policy);
  if (refusal || !target) {
    const reason = refusal ?? MSG.outboundUrlInvalid;
    policy.report?.({ url: safeForLog(url), reason });
    throw new OutboundRefusedError(reason);
  }
  // Imported once at the top: a dynamic import per call goes through the module loader (and its hooks) each time.
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  const listedByName = hostListed(policy, target);
  return new Promise<OutboundResponse>((resolve, reject) => {
    const fail = (error: Error) => {
      if (request.signal?.aborted) return reject(request.signal.reason as Error);
      if (error instanceof OutboundRefusedError) policy.report?.({ url: safeForLog(url), reason: error.message });
      reject(error);
    };
    const req = send(
      target.url,
      {
        method: request.method ?? 'GET',
        headers:
          request.body === undefined
            ? request.headers
            : { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        signal: request.signal,
        // A listed host name may resolve to anything; otherwise every address is judged at connect time.
        lookup: listedByName ? undefined : (guardedLookup(policy, target) as never),
        agent: agentFor(policy, target.url.protocol),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          return fail(new Error(`redirect answered (HTTP ${status}), not followed`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) return req.destroy(new Error('answer too large'));
          chunks.push(chunk);
        });
        res.on('error', fail);
        res.on('end', () => resolve(outboundResponse(status, res.rawHeaders, Buffer.concat(chunks))));
      },
    );
    req.on('error', fail);
    req.end(request.body);
  });
}

/** A URL for the log: the query may carry a merchant key (the epay order query), so it is left out. */
const safeForLog = (url: string) => url.split('?')[0] ?? '';
