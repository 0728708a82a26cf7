import { describe, expect, it } from 'vitest';
import { sameTurnCalls } from './same-turn-calls';

describe('same-turn calls', () => {
  it('runs the calls of one turn as one batch, in their order, each answered with its own result', async () => {
    const batches: number[][] = [];
    const call = sameTurnCalls(
      async (items: number[]) => {
        batches.push(items);
        return items.map((n) => n * 10);
      },
      async () => {
        throw new Error('not alone');
      },
    );
    expect(await Promise.all([call(3), call(1), call(2)])).toEqual([30, 10, 20]);
    expect(batches).toEqual([[3, 1, 2]]);
  });

  it('runs a call alone when nothing else arrived in its turn', async () => {
    const ran: string[] = [];
    const call = sameTurnCalls(
      async (items: number[]) => {
        ran.push(`batch ${items.join(',')}`);
        return items;
      },
      async (n: number) => {
        ran.push(`alone ${n}`);
        return n;
      },
    );
    expect(await call(7)).toBe(7);
    expect(await call(8)).toBe(8);
    expect(ran).toEqual(['alone 7', 'alone 8']);
  });

  it('runs each item alone when the batch fails, so one item failing fails only its own caller', async () => {
    const alone: number[] = [];
    const call = sameTurnCalls(
      async () => {
        throw new Error('deadlock detected');
      },
      async (n: number) => {
        alone.push(n);
        if (n === 2) throw new Error('item 2 refused');
        return n;
      },
    );
    const answers = await Promise.allSettled([call(1), call(2), call(3)]);
    expect(answers).toEqual([
      { status: 'fulfilled', value: 1 },
      { status: 'rejected', reason: new Error('item 2 refused') },
      { status: 'fulfilled', value: 3 },
    ]);
    expect(alone).toEqual([1, 2, 3]);
  });

  it('treats a batch that answered for fewer items than it was given as failed', async () => {
    const call = sameTurnCalls(
      async (items: number[]) => items.slice(1),
      async (n: number) => -n,
    );
    expect(await Promise.all([call(1), call(2)])).toEqual([-1, -2]);
  });

  it('keeps one batch in flight: calls arriving meanwhile wait and go together in the next one', async () => {
    const batches: number[][] = [];
    let inFlight = 0;
    let most = 0;
    let release: () => void = () => undefined;
    const call = sameTurnCalls(
      async (items: number[]) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        batches.push(items);
        if (batches.length === 1) await new Promise<void>((r) => (release = r));
        inFlight -= 1;
        return items;
      },
      async (n: number) => {
        batches.push([n]);
        return n;
      },
    );
    const firstBatch = Promise.all([call(1), call(2)]);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    const meanwhile = [call(3), call(4)];
    await new Promise((r) => setImmediate(r));
    const later = call(5);
    release();
    expect(await firstBatch).toEqual([1, 2]);
    expect(await Promise.all([...meanwhile, later])).toEqual([3, 4, 5]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    expect(most).toBe(1);
  });

  it('splits what waited into batches of at most the size given, one after the other', async () => {
    const sizes: number[] = [];
    const call = sameTurnCalls(
      async (items: number[]) => {
        sizes.push(items.length);
        return items;
      },
      async (n: number) => {
        sizes.push(1);
        return n;
      },
      2,
    );
    await Promise.all([1, 2, 3, 4, 5].map(call));
    expect(sizes).toEqual([2, 2, 1]);
  });
});
