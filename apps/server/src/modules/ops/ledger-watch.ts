import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/tables/backoffice';
import { audit } from '../backoffice/audit';
import { scheduledRuns } from '../../db/tables/jobs';
import { type ScheduledJob, scheduleJob, type SchedulerDeps } from '../jobs/scheduler';
import { checkLedger, type LedgerCheck } from '../ledger/ledger-service';
import { checkLedgerSince, type IncrementalLedgerCheck } from '../ledger/ledger-balance-check';
import { checkSealDays, type DayCheck } from '../ledger/ledger-day-check';
import {
  chainSealed,
  checkSeal,
  registerSealKey,
  type SealCheck,
  type SealKeys,
  sessionSeals,
} from '../ledger/ledger-seal';

export const LEDGER_CHECK_JOB = 'ledger-check';
const ACTION = 'ledger.check';

/** What the last scheduled ledger check found: balanced null until one has completed. */
export interface LedgerWatch {
  balanced: boolean | null;
  mismatched: number;
  checkedAt: Date | null;
}

/**
 * Records a scheduled check's result in the audit log when it differs from the last one recorded (operator null:
 * the server's own check). Only changes are written, so a ledger that stays balanced adds no row every quarter of
 * an hour, and finance still sees when it went wrong and when it was put right.
 */
async function recordCheck(db: Db, check: LedgerCheck): Promise<void> {
  const last = await lastRecorded(db);
  const mismatched = check.mismatched.length;
  // Nothing recorded yet stands for a balanced ledger.
  const before = last ?? { balanced: true, mismatched: 0 };
  if (before.balanced === check.balanced && before.mismatched === mismatched) return;
  await audit(db, {
    operatorId: null,
    action: ACTION,
    target: 'ledger',
    before: last,
    after: {
      balanced: check.balanced,
      total: check.total,
      accounts: check.accounts,
      mismatched,
      codes: check.mismatched.slice(0, 20).map((m) => m.code),
    },
    requestId: 'scheduled',
  });
}

async function lastRecorded(db: Db): Promise<{ balanced: boolean; mismatched: number } | null> {
  const [row] = await db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.action, ACTION), eq(auditLog.target, 'ledger')))
    .orderBy(desc(auditLog.id))
    .limit(1);
  if (!row) return null;
  const after = JSON.parse(row.after) as { balanced?: boolean; mismatched?: number };
  return { balanced: after.balanced === true, mismatched: Number(after.mismatched ?? 0) };
}

/** The last scheduled check: two indexed reads (the latest recorded result, and when the job last completed). */
export async function ledgerWatch(db: Db): Promise<LedgerWatch> {
  const [recorded, [run]] = await Promise.all([
    lastRecorded(db),
    db.select({ at: scheduledRuns.completedAt }).from(scheduledRuns).where(eq(scheduledRuns.job, LEDGER_CHECK_JOB)),
  ]);
  if (!run) return { balanced: null, mismatched: 0, checkedAt: null };
  // Completed runs with no recorded row found the ledger balanced every time.
  return { balanced: recorded?.balanced ?? true, mismatched: recorded?.mismatched ?? 0, checkedAt: run.at };
}

/** The ledger check with the seal's: balances and entries, then every movement's MAC and the chain. */
export type FullLedgerCheck = LedgerCheck & { seal: SealCheck };

/** Runs the ledger check now, as the schedule does, and records what changed. */
export async function runLedgerCheck(
  db: Db,
  seal: SealKeys = { current: undefined, retired: [] },
): Promise<FullLedgerCheck> {
  const [check, sealCheck] = await Promise.all([checkLedger(db), checkSeal(db, seal)]);
  // A broken seal counts as an unbalanced ledger for the record and the alarm: someone edited history.
  const recorded = sealCheck.state === 'broken' ? { ...check, balanced: false } : check;
  await recordCheck(db, recorded);
  return { ...check, seal: sealCheck };
}

/**
 * The scheduled check: balances against their kept sums and the entries since, and the seal a day at a time
 * (docs/money.md "The scheduled check").
 */
export type ScheduledLedgerCheck = IncrementalLedgerCheck & { seal: DayCheck };

/**
 * Runs the scheduled check: the entries written since the last run, the seal's new days, today and a few sampled
 * days, not the whole ledger.
 */
export async function runScheduledLedgerCheck(
  db: Db,
  seal: SealKeys = { current: undefined, retired: [] },
  now: Date = new Date(),
): Promise<ScheduledLedgerCheck> {
  const [check, sealCheck] = await Promise.all([checkLedgerSince(db), checkSealDays(db, seal, now)]);
  const recorded = sealCheck.state === 'broken' ? { ...check, balanced: false } : check;
  await recordCheck(db, recorded);
  return { ...check, seal: sealCheck };
}

/** The scheduled ledger check as a job: the check, its change recorded, an unbalanced ledger logged as an error. */
export function ledgerCheckJob(
  db: Db,
  everyMs: number,
  log?: Pick<FastifyBaseLogger, 'error'>,
  seal?: SealKeys,
  now: () => Date = () => new Date(),
): ScheduledJob {
  return {
    name: LEDGER_CHECK_JOB,
    everyMs,
    run: async () => {
      const check = await runScheduledLedgerCheck(db, seal, now());
      if (!check.balanced)
        log?.error({ total: check.total, mismatched: check.mismatched.length }, 'ledger check: unbalanced');
      if (check.seal.state === 'broken' || check.seal.state === 'wrong-key') {
        log?.error({ seal: check.seal.state, first: check.seal.first }, 'ledger check: seal does not verify');
      }
    },
  };
}

export const LEDGER_SEAL_JOB = 'ledger-seal';
/** How often the sealed movements are chained. */
export const SEAL_EVERY_MS = 5000;

/**
 * The chaining job: the server's key is checked against the key periods once (a new period on rotation); a server
 * with sealing off or a wrong key says so and chains nothing, so it never refuses movements another key sealed.
 */
export function ledgerSealJob(
  db: Db,
  seal: SealKeys,
  now: () => Date,
  log?: Pick<FastifyBaseLogger, 'error'>,
): ScheduledJob {
  let state: Promise<string> | null = null;
  return {
    name: LEDGER_SEAL_JOB,
    everyMs: SEAL_EVERY_MS,
    run: async () => {
      state ??= registerSealKey(db, seal).then(async (s) => {
        if (s === 'off')
          log?.error('ledger sealing is off: LEDGER_SEAL_KEY is not set (docs/money.md "Sealed ledger")');
        if (s === 'wrong-key')
          log?.error(
            { keyId: seal.current?.id },
            'ledger sealing: LEDGER_SEAL_KEY is not the key of the current key period (a wrong key)',
          );
        // The key reaches sessions in their startup options: a pooler that drops them leaves movements unsealed.
        if (s === 'current' && !(await sessionSeals(db, seal))) {
          log?.error(
            'ledger sealing: database sessions do not carry the seal key (a connection pooler dropping startup options?): movements are written unsealed',
          );
        }
        return s;
      });
      // A failed registration (the database away) is tried again at the next run, not remembered.
      const registered = await state.catch((error: unknown) => {
        state = null;
        throw error;
      });
      if (registered !== 'current') return;
      await chainSealed(db, seal, now());
    },
  };
}

/** The ledger check on a timer, one process at a time (the jobs' lock), so nobody has to open the console to see it. */
export function scheduleLedgerCheck(app: FastifyInstance, deps: SchedulerDeps & { everyMs: number; seal?: SealKeys }) {
  scheduleJob(
    app,
    deps,
    ledgerCheckJob(deps.db, deps.everyMs, app.log, deps.seal, () => deps.clock.now()),
  );
  if (deps.seal)
    scheduleJob(
      app,
      deps,
      ledgerSealJob(deps.db, deps.seal, () => deps.clock.now(), app.log),
    );
}
