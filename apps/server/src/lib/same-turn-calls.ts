/**
 * A group commit for the venue transfers' database calls (bench/README.md "Benchmarks"): on a busy server a round trip and a
 * commit cost more than what one transfer writes, so calls go to the database in batches, one batch in flight at a
 * time. Calls that arrive in the same turn of the event loop, or while a batch is being written, wait for the next
 * batch, which starts as soon as the one in flight ends; a call that finds nothing in flight waits only for the end
 * of its turn, and alone it runs as it would have anyway. One batch at a time also keeps a process's batches from
 * waiting on each other's locks (two transfers of one member in two batches).
 *
 * `runMany` must answer one result per item, in the items' order, all or nothing (one transaction). When it fails,
 * nothing of it happened, and each item is run alone with `runOne`, so one item's failure is that item's only, and
 * a conflict with another process's batch costs a second try rather than an error.
 */
export function sameTurnCalls<I, O>(
  runMany: (items: I[]) => Promise<O[]>,
  runOne: (item: I) => Promise<O>,
  maxItems = 64,
) {
  type Waiter = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };
  let waiting: Waiter[] = [];
  let busy = false;

  const alone = (w: Waiter) => runOne(w.item).then(w.resolve, w.reject);

  const runBatch = async (batch: Waiter[]) => {
    if (batch.length === 1) return alone(batch[0]!);
    let answers: O[];
    try {
      answers = await runMany(batch.map((w) => w.item));
      if (answers.length !== batch.length) throw new Error(`batch answered ${answers.length} of ${batch.length}`);
    } catch {
      await Promise.all(batch.map(alone));
      return;
    }
    batch.forEach((w, i) => w.resolve(answers[i]!));
  };

  const drain = async () => {
    while (waiting.length) {
      const batch = waiting.slice(0, maxItems);
      waiting = waiting.slice(maxItems);
      await runBatch(batch);
    }
    busy = false;
  };

  return (item: I) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!busy) {
        busy = true;
        setImmediate(() => void drain());
      }
    });
}
