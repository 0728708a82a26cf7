import { describe, expect, it } from 'vitest';
import { perDatabase, sameTurnReads } from './same-turn-reads';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('same-turn reads', () => {
  it('answers the callers of one turn with one read, each its own row, and an unknown key with nothing', async () => {
    const reads: string[][] = [];
    const table = new Map([
      ['a', { key: 'a', n: 1 }],
      ['b', { key: 'b', n: 2 }],
    ]);
    const read = sameTurnReads(
      async (keys: string[]) => {
        reads.push(keys);
        return keys.flatMap((k) => (table.has(k) ? [table.get(k)!] : []));
      },
      (row) => row.key,
    );
    const answers = await Promise.all([read('a'), read('b'), read('a'), read('zz')]);
    expect(answers).toEqual([{ key: 'a', n: 1 }, { key: 'b', n: 2 }, { key: 'a', n: 1 }, undefined]);
    expect(reads).toEqual([['a', 'b', 'zz']]);
  });

  it('keeps nothing: a caller of a later turn sees the row as it is then', async () => {
    let n = 1;
    const read = sameTurnReads(
      async (keys: string[]) => keys.map((key) => ({ key, n })),
      (row) => row.key,
    );
    expect(await read('a')).toEqual({ key: 'a', n: 1 });
    n = 2;
    await nextTurn();
    expect(await read('a')).toEqual({ key: 'a', n: 2 });
  });

  it('rejects every caller of a read that failed, and the next turn reads again', async () => {
    let fail = true;
    const read = sameTurnReads(
      async (keys: string[]) => {
        if (fail) throw new Error('connection lost');
        return keys.map((key) => ({ key }));
      },
      (row) => row.key,
    );
    const failed = await Promise.allSettled([read('a'), read('b')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read('a')).toEqual({ key: 'a' });
  });

  it('reads at once when a turn brings more keys than one read takes', async () => {
    const sizes: number[] = [];
    const read = sameTurnReads(
      async (keys: number[]) => {
        sizes.push(keys.length);
        return keys.map((key) => ({ key }));
      },
      (row) => row.key,
      3,
    );
    await Promise.all([1, 2, 3, 4, 5].map(read));
    expect(sizes).toEqual([3, 2]);
  });

  it('makes one reader per database handle', () => {
    const reader = perDatabase((db: { name: string }) => ({ of: db.name }));
    const one = { name: 'one' };
    expect(reader(one)).toBe(reader(one));
    expect(reader({ name: 'two' })).not.toBe(reader(one));
  });
});
