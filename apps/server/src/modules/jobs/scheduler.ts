import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, JobLocks } from '../../db/client';
import type { Clock } from '../../lib/time';
import { scheduledRuns } from '../../db/tables/jobs';

export interface ScheduledJob {
  /** Unique; also the name of its lock and of its row in scheduled_runs. */
  name: string;
  /** How often each process looks whether the job is due. */
  everyMs: number;
  /**
   * The period one run covers (a Beijing quarter for the VIP review): the job runs once per period. Without it,
   * the job is due once `everyMs` has passed since its last completed run.
   */
  periodOf?: (now: Date) => string;
  run: () => Promise<unknown>;
}

export interface SchedulerDeps {
  db: Db;
  clock: Clock;
  locks: JobLocks;
}

export type TickResult = 'ran' | 'not-due' | 'busy';

/**
 * Scheduled work for any number of server processes: each process ticks on a timer, but a run happens under the
 * job's lock (one process at a time) and only when the last completed run, as the database remembers it, says the
 * job is due. A process that starts late catches up; a second process, or a restart, neither skips nor repeats.
 * A failed run records nothing and is tried again at the next tick.
 */
export async function tickJob(deps: SchedulerDeps, job: ScheduledJob): Promise<TickResult> {
  const outcome = await deps.locks.tryRun(`job:${job.name}`, async (): Promise<TickResult> => {
    const now = deps.clock.now();
    const period = job.periodOf?.(now) ?? '';
    const [last] = await deps.db.select().from(scheduledRuns).where(eq(scheduledRuns.job, job.name));
    const due = job.periodOf
      ? last?.lastPeriod !== period
      : !last || now.getTime() - last.completedAt.getTime() >= job.everyMs;
    if (!due) return 'not-due';
    await job.run();
    await deps.db
      .insert(scheduledRuns)
      .values({ job: job.name, lastPeriod: period, completedAt: now })
      .onConflictDoUpdate({ target: scheduledRuns.job, set: { lastPeriod: period, completedAt: now } });
    return 'ran';
  });
  return outcome.ran ? outcome.value : 'busy';
}

/** What watches the scheduled jobs of an app (its metrics): each job's period, and each run that ran or failed. */
export interface JobObserver {
  scheduled(job: string, everyMs: number): void;
  finished(job: string, outcome: 'ok' | 'failed'): void;
}

const observers = new WeakMap<FastifyInstance, JobObserver>();

/** Reports the jobs scheduled on the app from now on to the observer (set before any job is scheduled). */
export function observeJobs(app: FastifyInstance, observer: JobObserver) {
  observers.set(app, observer);
}

/** Ticks a job on an unref'd timer from this process; the app's close stops it and waits for a run in progress. */
export function scheduleJob(app: FastifyInstance, deps: SchedulerDeps, job: ScheduledJob) {
  let running: Promise<unknown> | null = null;
  observers.get(app)?.scheduled(job.name, job.everyMs);
  const tick = () => {
    if (running) return;
    running = tickJob(deps, job)
      .then((result) => {
        if (result === 'ran') observers.get(app)?.finished(job.name, 'ok');
      })
      .catch((error: unknown) => {
        observers.get(app)?.finished(job.name, 'failed');
        app.log.error({ err: error, job: job.name }, 'scheduled job failed');
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, job.everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
