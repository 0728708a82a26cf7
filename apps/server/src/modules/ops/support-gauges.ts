import { sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/time';
import { WAITING_FOR_AN_ANSWER } from '../support/support-service';
import { num, type Row, rows, shared } from './money-gauges';

/**
 * The desk's service targets (docs/operators.md "Service targets"), read from the database at each scrape as the
 * money gauges are: every process reads the same rows, so across workers the largest value is kept. One statement
 * per scrape, on the open conversations (the state index, then each one's messages by the conversation index) and
 * the tickets' state index.
 *
 * Who waits is support-service's WAITING_FOR_AN_ANSWER, the definition 仪表盘's desk card reads too.
 */
export function installSupportGauges(registry: Registry, deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const age = (epoch: unknown) => {
    const at = num(epoch);
    return at === null ? 0 : Math.max(0, clock.now().getTime() / 1000 - at);
  };
  const desk = shared(async () => {
    const [row] = await rows(
      db,
      sql`WITH waiting AS (${WAITING_FOR_AN_ANSWER})
      SELECT
        (SELECT count(*)::int FROM waiting) AS waiting,
        (SELECT extract(epoch FROM min(since))::float8 FROM waiting) AS waiting_oldest,
        (SELECT count(*)::int FROM tickets WHERE state IN ('pending', 'processing')) AS tickets_open,
        (SELECT extract(epoch FROM min(created_at))::float8 FROM tickets WHERE state = 'pending') AS tickets_oldest`,
    );
    return row ?? null;
  });
  const gauge = (name: string, help: string, value: (r: Row) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      aggregator: 'max',
      async collect() {
        // reset() leaves a gauge without labels at 0; without a read (failed, timed out) the figure must be absent.
        this.reset();
        this.remove();
        const r = await desk();
        if (r) this.set(value(r));
      },
    });
  gauge(
    'h5_support_conversations_waiting',
    "Open support conversations whose member's latest line no operator has answered yet",
    (r) => num(r.waiting) ?? 0,
  );
  gauge(
    'h5_support_conversations_waiting_oldest_seconds',
    "How long the longest-waiting member has waited for an operator's answer (0 when nobody waits)",
    (r) => age(r.waiting_oldest),
  );
  gauge('h5_tickets_open', 'Tickets not yet resolved or closed (待处理 and 处理中)', (r) => num(r.tickets_open) ?? 0);
  gauge(
    'h5_tickets_unanswered_oldest_seconds',
    'Age of the oldest ticket the desk has not answered yet (待处理; 0 when none)',
    (r) => age(r.tickets_oldest),
  );
}
