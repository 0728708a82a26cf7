/**
 * Calls that arrive in the same turn of the event loop run as one batch (README "Benchmarks"): a group commit for
 * the venue transfers' database calls, since on a busy server a round trip and a commit cost more than what one
 * transfer writes. A turn with one call runs it alone, as it would have run anyway.
 *
 * `runMany` must answer one result per item, in the items' order, all or nothing (one transaction). When it fails,
 * nothing of it happened, and each item is run alone with `runOne`, so one item's failure is that item's only, and
 * a conflict between batches costs a second try rather than an error.
 */
export function sameTurnCalls<I, O>(runMany: (items: I[]) => Promise<O[]>, runOne: (item: I) => Promise<O>, maxItems = 64) {
  type Waiter = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };
  let waiting: Waiter[] = [];
  let scheduled = false;

  const alone = (w: Waiter) => runOne(w.item).then(w.resolve, w.reject);

  const flush = async () => {
    const batch = waiting;
    waiting = [];
    scheduled = false;
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

  return (item: I) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (waiting.length >= maxItems) void flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    });
}
