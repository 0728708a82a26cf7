import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, manualClock } from '../../../test/helper';
import { testDatabaseUrl } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { type ScheduledJob, tickJob } from './scheduler';

// Two server processes on one database: on PostgreSQL two pools, whose advisory locks exclude each other; on PGlite
// (one process by nature) one database whose in-process locks both share.
const clock = manualClock(new Date('2026-06-30T15:50:00Z')); // 2026-06-30 23:50 Beijing: the second quarter
const cleanups: Array<() => Promise<void>> = [];
let first: Database;
let second: Database;

beforeAll(async () => {
  const adminUrl = testDatabaseUrl();
  if (adminUrl) {
    const db = await freshPostgres(adminUrl);
    first = await openDatabase({ databaseUrl: db.url });
    second = await openDatabase({ databaseUrl: db.url });
    cleanups.push(
      () => first.close(),
      () => second.close(),
      db.drop,
    );
  } else {
    first = await openDatabase({ dataDir: 'memory' });
    second = first;
    cleanups.push(() => first.close());
  }
});
afterAll(async () => {
  for (const c of cleanups) await c();
});

const quarterOf = (at: Date) => {
  const beijing = new Date(at.getTime() + 8 * 3600_000);
  return `${beijing.getUTCFullYear()}Q${Math.floor(beijing.getUTCMonth() / 3) + 1}`;
};

describe('scheduled jobs across processes', () => {
  it('runs a job once per period, whichever process ticks, and catches up on a late start', async () => {
    const runs: string[] = [];
    const job = (name: string): ScheduledJob => ({
      name,
      everyMs: 60_000,
      periodOf: quarterOf,
      run: async () => {
        runs.push(`${name}:${quarterOf(clock.now())}`);
      },
    });
    const a = { db: first.db, clock, locks: first.locks };
    const b = { db: second.db, clock, locks: second.locks };

    // Nothing remembered: the first tick runs the current quarter (a process started mid-quarter catches up).
    expect(await tickJob(a, job('quarterly'))).toBe('ran');
    expect(await tickJob(b, job('quarterly'))).toBe('not-due');
    expect(await tickJob(a, job('quarterly'))).toBe('not-due');
    // A new quarter begins while neither process ticks; the first to tick afterwards runs it, the other does not.
    clock.advance(20 * 60_000);
    expect(await tickJob(b, job('quarterly'))).toBe('ran');
    expect(await tickJob(a, job('quarterly'))).toBe('not-due');
    expect(runs).toEqual(['quarterly:2026Q2', 'quarterly:2026Q3']);
  });

  it('lets one process at a time run a job: the other finds it busy, then done', async () => {
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const isRunning = new Promise<void>((resolve) => (started = resolve));
    const runs: number[] = [];
    const slow: ScheduledJob = {
      name: 'interval',
      everyMs: 60_000,
      run: () =>
        new Promise<void>((resolve) => {
          runs.push(clock.now().getTime());
          started();
          release = resolve;
        }),
    };
    const a = { db: first.db, clock, locks: first.locks };
    const b = { db: second.db, clock, locks: second.locks };
    const running = tickJob(a, slow);
    await isRunning;
    expect(await tickJob(b, slow)).toBe('busy');
    release();
    expect(await running).toBe('ran');
    // Done moments ago: not due again until the interval has passed, for either process.
    expect(await tickJob(b, slow)).toBe('not-due');
    clock.advance(60_000);
    const again = tickJob(b, slow);
    await new Promise((r) => setTimeout(r, 50));
    release();
    expect(await again).toBe('ran');
    expect(runs).toHaveLength(2);
  });

  it('records nothing for a failed run, so the next tick tries again', async () => {
    let fail = true;
    const job: ScheduledJob = {
      name: 'flaky',
      everyMs: 60_000,
      run: async () => {
        if (fail) throw new Error('gateway down');
      },
    };
    const a = { db: first.db, clock, locks: first.locks };
    await expect(tickJob(a, job)).rejects.toThrow('gateway down');
    fail = false;
    expect(await tickJob(a, job)).toBe('ran');
    expect(await tickJob(a, job)).toBe('not-due');
  });
});
