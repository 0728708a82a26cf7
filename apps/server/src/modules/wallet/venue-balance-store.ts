import type { RedisLike } from '../../http/rate-limit';

/** What a venue last said about one member's balance there (docs/venues.md "Game venues": venue balances). */
export interface KnownVenueBalance {
  /** The member's transfers at the venue when it was asked (transferVersions): a movement since makes it another. */
  version: string;
  /** When the venue was asked (ms, the app's clock). */
  askedAt: number;
  /** Whether it answered that ask; when not, `cents` is what it answered before under the same version. */
  answered: boolean;
  /** The balance in cents, or null when none is known. */
  cents: number | null;
}

/**
 * Where the venue balances are kept between asks: in Redis when several server processes share the work
 * (REDIS_URL), in the process otherwise. Best effort: a store that fails behaves as an empty one (the venue is
 * asked), never as a failed request.
 */
export interface VenueBalanceStore {
  get(memberId: number, venueCodes: string[]): Promise<Map<string, KnownVenueBalance>>;
  put(memberId: number, venueCode: string, known: KnownVenueBalance): Promise<void>;
  forget(memberId: number, venueCode: string): Promise<void>;
}

/** How long a balance is kept at all: the last known one a slow venue's entry falls back to. */
const KEEP_MS = 60 * 60 * 1000;
/** Entries kept in one process at most; beyond it the least recently written go first. */
const MAX_ENTRIES = 200_000;

const keyOf = (memberId: number, venueCode: string) => `${memberId}:${venueCode}`;

function parseKnown(text: unknown): KnownVenueBalance | null {
  if (typeof text !== 'string') return null;
  try {
    const k = JSON.parse(text) as Partial<KnownVenueBalance>;
    if (typeof k.version !== 'string' || typeof k.askedAt !== 'number' || typeof k.answered !== 'boolean') return null;
    if (k.cents !== null && !Number.isSafeInteger(k.cents)) return null;
    return { version: k.version, askedAt: k.askedAt, answered: k.answered, cents: k.cents ?? null };
  } catch {
    return null;
  }
}

export function memoryVenueBalanceStore(options: { maxEntries?: number } = {}): VenueBalanceStore {
  // A Map iterates in insertion order and an entry is re-inserted when written: the first are the oldest.
  const entries = new Map<string, { known: KnownVenueBalance; storedAt: number }>();
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  return {
    async get(memberId, venueCodes) {
      const found = new Map<string, KnownVenueBalance>();
      for (const code of venueCodes) {
        const entry = entries.get(keyOf(memberId, code));
        if (entry && Date.now() - entry.storedAt < KEEP_MS) found.set(code, entry.known);
      }
      return found;
    },
    async put(memberId, venueCode, known) {
      const key = keyOf(memberId, venueCode);
      entries.delete(key);
      entries.set(key, { known, storedAt: Date.now() });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    },
    async forget(memberId, venueCode) {
      entries.delete(keyOf(memberId, venueCode));
    },
  };
}

const MGET_SCRIPT = `return redis.call('MGET', unpack(KEYS))`;
const SET_SCRIPT = `redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1`;
const DEL_SCRIPT = `return redis.call('DEL', KEYS[1])`;

/** One Redis entry per member and venue, shared by every server process; each expires KEEP_MS after its last write. */
export function redisVenueBalanceStore(redis: RedisLike): VenueBalanceStore {
  const redisKey = (memberId: number, venueCode: string) => `h5:venue-balance:${keyOf(memberId, venueCode)}`;
  return {
    async get(memberId, venueCodes) {
      const found = new Map<string, KnownVenueBalance>();
      if (!venueCodes.length) return found;
      let values: unknown;
      try {
        values = await redis.eval(
          MGET_SCRIPT,
          venueCodes.length,
          ...venueCodes.map((code) => redisKey(memberId, code)),
        );
      } catch {
        return found;
      }
      if (!Array.isArray(values)) return found;
      venueCodes.forEach((code, i) => {
        const known = parseKnown(values[i]);
        if (known) found.set(code, known);
      });
      return found;
    },
    async put(memberId, venueCode, known) {
      try {
        await redis.eval(SET_SCRIPT, 1, redisKey(memberId, venueCode), JSON.stringify(known), KEEP_MS);
      } catch {
        // The next ask goes to the venue: slower, never wrong.
      }
    },
    async forget(memberId, venueCode) {
      try {
        await redis.eval(DEL_SCRIPT, 1, redisKey(memberId, venueCode));
      } catch {
        // Movements change the entry's version anyway (transferVersions); only a launch's drop is lost.
      }
    },
  };
}

/** The venue balances shown to members, kept a short while (venue-balance-cache.ts makes one over a store). */
export interface VenueBalanceCache {
  store: VenueBalanceStore;
  /** How long an answer is shown without asking the venue again. */
  freshMs: number;
  /** How long one venue may take before the list answers without it. */
  deadlineMs: number;
  /** Asks in progress in this process, by member, venue and version: concurrent reads share one venue call. */
  inFlight: Map<string, Promise<KnownVenueBalance>>;
}
