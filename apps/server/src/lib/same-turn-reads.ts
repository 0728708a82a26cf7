/**
 * Reads that arrive in the same turn of the event loop share one query (bench/README.md "Benchmarks"): each caller waits at
 * most until the turn ends and still sees the rows as they are at that moment, since nothing is kept afterwards. On
 * a busy server many requests are parsed in one turn, and a round trip to the database costs the server far more
 * than the rows it brings, so the hot per-request reads (the session, the maintenance switch, the venue) go this way.
 *
 * `readMany` answers the rows of a set of keys; `keyOf` names a row's key. Keys are compared as they are given.
 */
export function sameTurnReads<K, R>(readMany: (keys: K[]) => Promise<R[]>, keyOf: (row: R) => K, maxKeys = 256) {
  type Waiter = (row: R | undefined, error?: unknown) => void;
  let waiting = new Map<K, Waiter[]>();
  let scheduled = false;

  const flush = async () => {
    const batch = waiting;
    waiting = new Map();
    scheduled = false;
    try {
      const rows = await readMany([...batch.keys()]);
      const byKey = new Map(rows.map((r) => [keyOf(r), r] as const));
      for (const [key, waiters] of batch) for (const answer of waiters) answer(byKey.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const answer of waiters) answer(undefined, error);
    }
  };

  return (key: K) =>
    new Promise<R | undefined>((resolve, reject) => {
      const waiters = waiting.get(key) ?? [];
      waiters.push((row, error) => (error === undefined ? resolve(row) : reject(error)));
      waiting.set(key, waiters);
      if (waiting.size >= maxKeys) void flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    });
}

/**
 * One reader per database handle (each test app, each process has its own), made on first use. Only ever for the
 * pool, never a transaction: a read deferred to the end of the turn could outlive the transaction it was asked in.
 */
export function perDatabase<D extends object, F>(make: (db: D) => F): (db: D) => F {
  const made = new WeakMap<D, F>();
  return (db) => {
    let reader = made.get(db);
    if (!reader) made.set(db, (reader = make(db)));
    return reader;
  };
}
