import { Readable } from 'node:stream';
import {
  adminEndpoints,
  dailyReportColumns,
  memberReportColumns,
  REPORT_TOTAL_LABEL,
  type ReportColumns,
  venueReportColumns,
} from '@h5/contract';
import { stringify } from 'csv-stringify';
import type { FastifyInstance } from 'fastify';
import type { Db, JobLocks } from '../../db/client';
import { primaryReads, type ReadDb } from '../../db/replica';
import { adminRoute, type AuthenticateOperator, type FileReply } from '../../http/admin-route';
import type { Clock } from '../../lib/time';
import { scheduleJob } from '../jobs/scheduler';
import {
  dailyReport,
  dashboardFigures,
  dayRange,
  keepClosedDays,
  memberReportPage,
  memberReportRows,
  recentDays,
  venueReport,
} from './reports-service';

export interface ReportsDeps {
  db: Db;
  clock: Clock;
  locks: JobLocks;
  /** Where the reports are read: a streaming replica within its lag bound, else the primary (src/db/replica.ts). */
  readDb?: ReadDb;
}

/**
 * Every minute, one process keeps the closed days of the last two months that are not kept or were marked stale by a
 * late write (reports-service.ts), so that the daily report and the dashboard find them kept: after midnight, the day
 * that just closed; after a venue's late bets, the day they settled on.
 */
const KEEP_EVERY_MS = 60_000;
const KEPT_DAYS = 62;

/**
 * A CSV download: UTF-8 with a byte-order mark (so spreadsheet programs read the Chinese headers), rows written as
 * the source yields them.
 */
function csvFile<Row>(
  name: string,
  columns: ReportColumns<Row>,
  rows: Iterable<object> | AsyncIterable<object>,
): FileReply {
  const csv = stringify({ bom: true, header: true, columns: columns.map(([key, header]) => ({ key, header })) });
  const source = Readable.from(rows);
  // A read failing halfway ends the download rather than leaving it hanging.
  source.on('error', (err) => csv.destroy(err));
  source.pipe(csv);
  return { file: { stream: csv, contentType: 'text/csv; charset=utf-8', filename: `${name}.csv` } };
}

/** GET /admin/api/reports/* and /admin/api/dashboard/figures (finance): docs/reports.md "Reports". */
export function reportsRoutes(app: FastifyInstance, deps: ReportsDeps, authenticate: AuthenticateOperator) {
  const { db } = deps;
  // Keeping closed days writes: the job and a day not kept yet use the primary; the reads go to `reads`.
  const reads = deps.readDb ?? primaryReads(db);
  scheduleJob(app, deps, {
    name: 'report-days',
    everyMs: KEEP_EVERY_MS,
    run: () => keepClosedDays(db, recentDays(deps.clock.now(), KEPT_DAYS)),
  });

  adminRoute(app, authenticate, adminEndpoints.reportDaily, async ({ input }) => {
    const report = await dailyReport(db, dayRange(input.from, input.to), reads);
    if (input.format === 'csv') {
      return csvFile(`daily-${input.from}-${input.to}`, dailyReportColumns, [
        ...report.rows,
        { day: REPORT_TOTAL_LABEL, ...report.total },
      ]);
    }
    return { data: report };
  });

  adminRoute(app, authenticate, adminEndpoints.reportVenues, async ({ input }) => {
    const range = dayRange(input.from, input.to);
    // Closed days are read from their kept rows once kept, as in the member report below.
    await keepClosedDays(db, range.days);
    const report = await reads.read((read) => venueReport(read, range));
    if (input.format === 'csv') {
      return csvFile(`venues-${input.from}-${input.to}`, venueReportColumns, [
        ...report.rows,
        { venue_code: REPORT_TOTAL_LABEL, venue_name: '', ...report.total },
      ]);
    }
    return { data: report };
  });

  adminRoute(app, authenticate, adminEndpoints.reportMembers, async ({ input }) => {
    const range = dayRange(input.from, input.to);
    // Closed days are read from their kept rows once kept (docs/reports.md "Reports"): keeping writes, so on the
    // primary; a day that could not be kept right now is read raw.
    await keepClosedDays(db, range.days);
    if (input.format === 'csv') {
      return csvFile(
        `members-${input.from}-${input.to}`,
        memberReportColumns,
        memberReportRows(await reads.pick(), range, input.username),
      );
    }
    return { data: await reads.read((read) => memberReportPage(read, range, input)) };
  });

  adminRoute(app, authenticate, adminEndpoints.dashboardFigures, async () => ({
    data: await dashboardFigures(db, deps.clock.now(), reads),
  }));
}
