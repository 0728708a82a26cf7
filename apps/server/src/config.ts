import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type OutboundPolicy, parseOutboundAllow } from './lib/outbound';
import { PRODUCTION_HASH_COST } from './lib/passwords';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.resolve(here, '..');

/** An empty variable (VAR= in a shell or a compose file) means unset. */
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

const intFrom = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const EnvSchema = z.object({
  PORT: intFrom(8080),
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  DATABASE_URL: z.string().optional(),
  // PostgreSQL pool: how long to wait for a connection, the longest statement, the longest a transaction may sit
  // idle (it holds its locks meanwhile, e.g. a member's wallet).
  DB_CONNECT_TIMEOUT_MS: intFrom(5_000),
  DB_STATEMENT_TIMEOUT_MS: intFrom(30_000),
  /** Connections each server process keeps to PostgreSQL (all processes together must stay under max_connections). */
  DB_POOL_SIZE: intFrom(10),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: intFrom(10_000),
  /** A PostgreSQL streaming replica for reports, dashboard figures and long back-office lists (src/db/replica.ts). */
  DATABASE_REPLICA_URL: z.string().optional(),
  /** A replica further behind than this (seconds) is left for the primary until it catches up. */
  DATABASE_REPLICA_MAX_LAG_SECONDS: intFrom(10),
  /** A shutdown that takes longer than this exits with code 1. */
  SHUTDOWN_TIMEOUT_SECONDS: intFrom(20),
  /** Where PGlite keeps its files; the word "memory" keeps the database in memory only. */
  DATA_DIR: z.string().default(path.join(process.cwd(), 'data')),
  /** Avatars of earlier versions, kept as files here: brought into the database once at start. */
  UPLOAD_DIR: z.string().default(path.join(process.cwd(), 'uploads')),
  WEB_DIST: z.string().default(path.resolve(serverRoot, '../web/dist')),
  /** The operators' console build (apps/admin), served at /admin/. */
  ADMIN_DIST: z.string().default(path.resolve(serverRoot, '../admin/dist')),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** 0 trusts no proxy; a hop count; or a comma-separated list of proxy addresses and CIDRs. */
  TRUST_PROXY: z.string().default('0'),
  TOKEN_IDLE_DAYS: intFrom(7),
  /** An operator session unused this long ends (it never lives past 12 hours either way). */
  OPERATOR_IDLE_MINUTES: intFrom(30),
  /**
   * Addresses operators share (an office's NAT), comma-separated: a sign-in from one of them is no evidence that two
   * operators are one person (docs/operators.md "Two people, judged by person").
   */
  OPERATOR_SHARED_ADDRESSES: z.string().default(''),
  LOGIN_FAIL_LIMIT: intFrom(10),
  LOGIN_FAIL_WINDOW_SECONDS: intFrom(15 * 60),
  LOGIN_NAME_FAIL_LIMIT: intFrom(20),
  LOGIN_NAME_FAIL_WINDOW_SECONDS: intFrom(60 * 60),
  REGISTER_LIMIT: intFrom(20),
  REGISTER_WINDOW_SECONDS: intFrom(60 * 60),
  MONEY_ATTEMPT_LIMIT: intFrom(20),
  MONEY_ATTEMPT_WINDOW_SECONDS: intFrom(10 * 60),
  GRAB_LIMIT: intFrom(10),
  NOTIFY_INVALID_LIMIT: intFrom(60),
  NOTIFY_INVALID_WINDOW_SECONDS: intFrom(10 * 60),
  GRAB_WINDOW_SECONDS: intFrom(60),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  /** Server processes sharing the port (node:cluster); more than one needs DATABASE_URL and REDIS_URL. */
  WORKERS: intFrom(1),
  /** The sandbox payment gateway and game venue; unset, on only with the embedded database (the demo). */
  SANDBOX: z.preprocess(unsetIfEmpty, z.enum(['0', '1']).optional()),
  /** The site's public address, e.g. https://m.example.com: what payment gateways call back and return to. */
  PUBLIC_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/ }).optional()),
  /** How often pending gateway deposits are reconciled through the gateway's order query. */
  RECONCILE_INTERVAL_SECONDS: intFrom(120),
  /** How long a call to a remote game venue may take before its outcome is treated as in doubt. */
  VENUE_TIMEOUT_MS: intFrom(8000),
  /** How often the settled bets of transfer-wallet venues are pulled. */
  BET_PULL_INTERVAL_SECONDS: intFrom(60),
  /** Private or plain-http targets venues and gateways may be reached at: hosts, host:port, addresses, CIDRs. */
  OUTBOUND_ALLOW: z.string().default(''),
  /** The bearer token of the sandbox aggregator's test controls; without it one is made at start and printed. */
  SANDBOX_CONTROL_TOKEN: z.preprocess(unsetIfEmpty, z.string().min(16).optional()),
  /** Prometheus metrics on a port of their own (the primary's under WORKERS, summed over the workers); unset, none. */
  METRICS_PORT: z.preprocess(unsetIfEmpty, z.coerce.number().int().positive().optional()),
  /** Where the metrics port listens: loopback unless the scraper is on another host (never the public address). */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** How often the ledger check runs on its own (its result is a metric and shows on the console's dashboard). */
  LEDGER_CHECK_INTERVAL_SECONDS: intFrom(15 * 60),
  /**
   * The secret that seals the ledger (docs/money.md "Sealed ledger"), kept outside the database. The sandbox uses a fixed,
   * public demo key when unset; production without it runs with sealing off and says so.
   */
  LEDGER_SEAL_KEY: z.preprocess(unsetIfEmpty, z.string().min(32).optional()),
  /** Retired seal keys, comma-separated: to verify their periods, and the latest one to start a new period. */
  LEDGER_SEAL_RETIRED_KEYS: z.string().default(''),
  /**
   * scrypt's work factor for new password hashes, as a power of two (14 = N 16384). Lower is allowed only with
   * NODE_ENV=test: a test suite registers thousands of members, whose passwords need no protection.
   */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(14),
  NODE_ENV: z.string().optional(),
});

/** The sandbox's ledger seal key when none is set: public, so a demo ledger proves nothing against its operator. */
export const SANDBOX_LEDGER_SEAL_KEY = 'sandbox-ledger-seal-key-public-not-secret';

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Read-only work on a streaming replica when set, within a lag bound (src/db/replica.ts). */
  replica: { url: string; maxLagSeconds: number } | undefined;
  /** PostgreSQL pool settings (PGlite has no pool). */
  db: { connectTimeoutMs: number; statementTimeoutMs: number; idleInTransactionTimeoutMs: number; poolSize: number };
  shutdownTimeoutMs: number;
  dataDir: string;
  uploadDir: string;
  webDist: string;
  adminDist: string;
  redisUrl: string | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Fastify's trustProxy: false, the number of proxy hops to trust, or the proxies' addresses and CIDRs. */
  trustProxy: TrustProxy;
  tokenIdleMs: number;
  operatorIdleMs: number;
  /** Sign-in addresses that are no evidence of one person (OPERATOR_SHARED_ADDRESSES), as the limits count them. */
  operatorSharedAddresses: string[];
  limits: {
    /** Failed logins per client address. */
    loginFailures: { max: number; windowMs: number };
    /**
     * Failed logins per account name at one client address (LOGIN_NAME_FAIL_*); none per name alone, which would let
     * anyone lock an account's owner out from everywhere (docs/decisions.md "Rate limits").
     */
    loginFailuresPerName: { max: number; windowMs: number };
    registrations: { max: number; windowMs: number };
    /** Withdrawals and card binds per member: both check the pay password, so this also bounds guessing it. */
    moneyAttempts: { max: number; windowMs: number };
    /** Red-packet grabs per member. */
    grabs: { max: number; windowMs: number };
    /** Payment notifies that fail verification, per source address: past it they are no longer recorded. */
    invalidNotifies: { max: number; windowMs: number };
  };
  seedDemo: boolean;
  /** How many server processes share the port. */
  workers: number;
  /** SANDBOX=1: the sandbox gateway (/sandbox/epay) and the sandbox aggregator's venues (/sandbox/aggregator) are served and seeded. */
  sandbox: boolean;
  /** Origin (no trailing slash) gateways reach us at; without it, the origin of the member's request. */
  publicUrl: string | undefined;
  reconcileIntervalMs: number;
  venueTimeoutMs: number;
  betPullIntervalMs: number;
  /** Where venue and gateway calls may go (lib/outbound.ts); the sandbox adds its own loopback origin. */
  outbound: OutboundPolicy;
  /** SANDBOX=1: the token the sandbox aggregator's controls require (made at start when unset). */
  sandboxControlToken: string | undefined;
  /** The port Prometheus scrapes (/metrics), or none. */
  metrics: { port: number | undefined; host: string };
  ledgerCheckIntervalMs: number;
  /** The ledger seal keys (modules/ledger/ledger-seal.ts): key undefined means sealing is off. */
  ledgerSeal: { key: string | undefined; retiredKeys: string[] };
  /** scrypt's work factor of new password hashes, log2 N (lib/passwords.ts). */
  passwordHashCost: number;
}

export type TrustProxy = false | number | string[];

const isProxyEntry = (entry: string): boolean => {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  // A /0 would trust every address: what X-Forwarded-For says would become the client address.
  return bits >= 1 && bits <= (family === 4 ? 32 : 128);
};

/** TRUST_PROXY: "0" none, "1".."9" a hop count, else proxy addresses/CIDRs; never "trust everything". */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 9) throw new Error('Invalid configuration: TRUST_PROXY hop count must be 0-9');
    return hops === 0 ? false : hops;
  }
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.find((e) => !isProxyEntry(e));
  if (!entries.length || bad !== undefined) {
    throw new Error(
      `Invalid configuration: TRUST_PROXY must be a hop count or proxy addresses/CIDRs, not "${bad ?? text}"`,
    );
  }
  return entries;
}

/**
 * The trustProxy option Fastify takes. Fastify itself trusts nothing for a bare number (it cannot vouch for the
 * first peer), so a hop count becomes a function: the first `hops` addresses from the socket outwards are proxies.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** The only place that reads the environment: everything else receives an AppConfig. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      `Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const e = parsed.data;
  if (e.PASSWORD_HASH_COST < PRODUCTION_HASH_COST && e.NODE_ENV !== 'test') {
    throw new Error(
      `Invalid configuration: PASSWORD_HASH_COST below ${PRODUCTION_HASH_COST} is for test suites only (NODE_ENV=test)`,
    );
  }
  // A production install (DATABASE_URL) carries no fake part unless asked for.
  const sandbox = e.SANDBOX ? e.SANDBOX === '1' : !e.DATABASE_URL;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    replica: e.DATABASE_REPLICA_URL
      ? { url: e.DATABASE_REPLICA_URL, maxLagSeconds: e.DATABASE_REPLICA_MAX_LAG_SECONDS }
      : undefined,
    db: {
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      poolSize: e.DB_POOL_SIZE,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    dataDir: e.DATA_DIR,
    uploadDir: e.UPLOAD_DIR,
    webDist: e.WEB_DIST,
    adminDist: e.ADMIN_DIST,
    redisUrl: e.REDIS_URL || undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    tokenIdleMs: e.TOKEN_IDLE_DAYS * 24 * 3600 * 1000,
    operatorIdleMs: e.OPERATOR_IDLE_MINUTES * 60 * 1000,
    operatorSharedAddresses: e.OPERATOR_SHARED_ADDRESSES.split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    limits: {
      loginFailures: { max: e.LOGIN_FAIL_LIMIT, windowMs: e.LOGIN_FAIL_WINDOW_SECONDS * 1000 },
      loginFailuresPerName: { max: e.LOGIN_NAME_FAIL_LIMIT, windowMs: e.LOGIN_NAME_FAIL_WINDOW_SECONDS * 1000 },
      registrations: { max: e.REGISTER_LIMIT, windowMs: e.REGISTER_WINDOW_SECONDS * 1000 },
      moneyAttempts: { max: e.MONEY_ATTEMPT_LIMIT, windowMs: e.MONEY_ATTEMPT_WINDOW_SECONDS * 1000 },
      grabs: { max: e.GRAB_LIMIT, windowMs: e.GRAB_WINDOW_SECONDS * 1000 },
      invalidNotifies: { max: e.NOTIFY_INVALID_LIMIT, windowMs: e.NOTIFY_INVALID_WINDOW_SECONDS * 1000 },
    },
    seedDemo: e.SEED_DEMO === '1',
    workers: e.WORKERS,
    sandbox,
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : undefined,
    reconcileIntervalMs: e.RECONCILE_INTERVAL_SECONDS * 1000,
    venueTimeoutMs: e.VENUE_TIMEOUT_MS,
    betPullIntervalMs: e.BET_PULL_INTERVAL_SECONDS * 1000,
    outbound: { allow: parseOutboundAllow(e.OUTBOUND_ALLOW), requireHttps: !sandbox },
    sandboxControlToken: e.SANDBOX_CONTROL_TOKEN,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST },
    ledgerCheckIntervalMs: e.LEDGER_CHECK_INTERVAL_SECONDS * 1000,
    ledgerSeal: {
      key: e.LEDGER_SEAL_KEY ?? (sandbox ? SANDBOX_LEDGER_SEAL_KEY : undefined),
      retiredKeys: e.LEDGER_SEAL_RETIRED_KEYS.split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    },
    passwordHashCost: e.PASSWORD_HASH_COST,
  };
}

/**
 * SANDBOX=1 without SANDBOX_CONTROL_TOKEN: a token is made at start and put in the environment, which worker
 * processes inherit, so that all share it. Answers the token made, to print, or null.
 */
export function ensureSandboxControlToken(config: AppConfig, env: NodeJS.ProcessEnv = process.env): string | null {
  if (!config.sandbox || config.sandboxControlToken) return null;
  const token = randomBytes(24).toString('base64url');
  config.sandboxControlToken = env.SANDBOX_CONTROL_TOKEN = token;
  return token;
}

/** Why the server cannot start as configured, or null: production builds every address it hands out from PUBLIC_URL. */
export function publicUrlProblem(config: Pick<AppConfig, 'sandbox' | 'publicUrl'>): string | null {
  if (config.sandbox || config.publicUrl) return null;
  return (
    "PUBLIC_URL is required when SANDBOX=0 (e.g. PUBLIC_URL=https://m.example.com): payment gateways' notify and return " +
    'addresses, venue return addresses and agent links are built from it, never from the Host header a request sends'
  );
}

/** Test runs and the test suite read a few variables of their own (which database to use). */
export function testDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.TEST_DATABASE_URL || undefined;
}

/** A Redis for the shared rate-limit tests. */
export function testRedisUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.TEST_REDIS_URL || undefined;
}
