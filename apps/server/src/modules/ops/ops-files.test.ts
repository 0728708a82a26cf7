import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { call, newMember, registerMember, useTestApp } from '../../../test/helper';
import { servedRegistry, valueOf } from '../../../test/scrape-metrics';
import Fastify from 'fastify';
import { scheduleJob } from '../jobs/scheduler';
import { installSiteMetrics, metricsRegistryOf } from './site-metrics';

// The alert rules and the Grafana dashboard in ops/ may only name metrics the server really serves, scraped over
// HTTP from its metrics port; and the request, registration and sign-in figures move with real requests.
const opsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../ops');
let metrics: Awaited<ReturnType<typeof servedRegistry>>;

const t = useTestApp();

beforeAll(async () => {
  metrics = await servedRegistry(metricsRegistryOf(t.app)!);
});
afterAll(async () => {
  await metrics?.close();
});

/** Metric names in a PromQL expression: ours (h5_), and prom-client's (nodejs_, process_). */
const namesIn = (expr: string) => [...expr.matchAll(/\b((?:h5|nodejs|process)_[a-z0-9_]+)\b/g)].map((m) => m[1]!);

function exprsOfRules(): string[] {
  const file = parse(readFileSync(path.join(opsDir, 'prometheus/alerts.yml'), 'utf8')) as {
    groups: Array<{ rules: Array<{ alert: string; expr: string }> }>;
  };
  return file.groups.flatMap((g) => g.rules.map((r) => r.expr));
}

function exprsOfDashboard(): string[] {
  const dashboard = JSON.parse(readFileSync(path.join(opsDir, 'grafana/h5-dashboard.json'), 'utf8')) as {
    panels: Array<{ targets?: Array<{ expr: string }> }>;
  };
  return dashboard.panels.flatMap((p) => (p.targets ?? []).map((target) => target.expr));
}

describe('ops/: alert rules and dashboard', () => {
  it('alert on the five conditions an on-call engineer must hear about', () => {
    const file = parse(readFileSync(path.join(opsDir, 'prometheus/alerts.yml'), 'utf8')) as {
      groups: Array<{ rules: Array<{ alert: string }> }>;
    };
    const alerts = file.groups.flatMap((g) => g.rules.map((r) => r.alert));
    expect(alerts).toEqual(
      expect.arrayContaining([
        'VenueTransferInDoubt',
        'ReconciliationFailing',
        'LedgerUnbalanced',
        'ServerErrors',
        'NotReady',
      ]),
    );
  });

  it("alert on the desk's service targets: a member waiting over 5 minutes, a ticket unanswered for a day", () => {
    const file = parse(readFileSync(path.join(opsDir, 'prometheus/alerts.yml'), 'utf8')) as {
      groups: Array<{ rules: Array<{ alert: string; expr: string }> }>;
    };
    const exprOf = (name: string) => file.groups.flatMap((g) => g.rules).find((r) => r.alert === name)?.expr;
    expect(exprOf('SupportMemberWaiting')).toBe('max(h5_support_conversations_waiting_oldest_seconds) > 300');
    expect(exprOf('TicketUnanswered')).toBe('max(h5_tickets_unanswered_oldest_seconds) > 86400');
  });

  it('name only metrics the server serves', async () => {
    const { families } = await metrics.scrape();
    // A histogram's series are its family name plus _bucket, _sum or _count.
    const served = (name: string) => families.has(name) || families.has(name.replace(/_(bucket|sum|count)$/, ''));
    const used = new Set([...exprsOfRules(), ...exprsOfDashboard()].flatMap(namesIn));
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((name) => !served(name))).toEqual([]);
  });
});

describe('request, registration and sign-in metrics', () => {
  it('count requests by route template, status and envelope code, and registrations and failed sign-ins', async () => {
    const before = (await metrics.scrape()).samples;
    const m = await registerMember(t.app);
    // The same name again is refused: not a registration.
    expect((await call(t.app, '/api/register', newMember({ name: m.name }))).code).toBe(201);
    expect((await call(t.app, '/api/login', { name: m.name, password: 'wrong-pass1' })).code).toBe(203);
    expect((await call(t.app, '/admin/api/login', { username: 'nobody_here', password: 'wrong-pass1' })).code).toBe(
      203,
    );
    expect((await call(t.app, '/api/login', { name: m.name, password: m.password })).code).toBe(200);
    const after = (await metrics.scrape()).samples;
    const delta = (name: string, labels: Record<string, string> = {}) =>
      (valueOf(after, name, labels) ?? 0) - (valueOf(before, name, labels) ?? 0);
    expect(delta('h5_registrations_total')).toBe(1);
    expect(delta('h5_sign_in_failures_total', { who: 'member' })).toBe(1);
    expect(delta('h5_sign_in_failures_total', { who: 'operator' })).toBe(1);
    expect(
      delta('h5_http_requests_total', { method: 'POST', route: '/api/register', status: '200', code: '200' }),
    ).toBe(1);
    expect(
      delta('h5_http_requests_total', { method: 'POST', route: '/api/register', status: '200', code: '201' }),
    ).toBe(1);
    expect(delta('h5_http_requests_total', { method: 'POST', route: '/api/login', status: '200', code: '203' })).toBe(
      1,
    );
    expect(delta('h5_http_request_duration_seconds_count', { method: 'POST', route: '/api/login' })).toBe(2);
    // An unknown path is one series, whatever the path.
    await t.app.inject({ method: 'GET', url: '/no/such/page-1' });
    await t.app.inject({ method: 'GET', url: '/no/such/page-2' });
    const unmatched = (await metrics.scrape()).samples;
    expect(valueOf(unmatched, 'h5_http_requests_total', { route: 'unmatched', status: '404' })).toBe(2);
  });
});

describe('scheduled job metrics', () => {
  it('count each run of a job by outcome, and its period', async () => {
    // An app of its own: jobs are scheduled while an app is built, before it is ready.
    const app = Fastify();
    const registry = installSiteMetrics(app, { db: t.database.db, clock: t.clock });
    const deps = { db: t.database.db, clock: t.clock, locks: t.database.locks };
    let calls = 0;
    scheduleJob(app, deps, {
      name: 'test-failing',
      everyMs: 20,
      run: async () => {
        calls += 1;
        throw new Error('venue down');
      },
    });
    await app.ready();
    const served = await servedRegistry(registry);
    try {
      await expect.poll(() => calls, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
      await app.close();
      const { samples } = await served.scrape();
      expect(valueOf(samples, 'h5_scheduled_job_runs_total', { task: 'test-failing', outcome: 'failed' })).toBe(calls);
      expect(valueOf(samples, 'h5_scheduled_job_runs_total', { task: 'test-failing', outcome: 'ok' })).toBe(0);
      expect(valueOf(samples, 'h5_scheduled_job_interval_seconds', { task: 'test-failing' })).toBe(0.02);
    } finally {
      await app.close();
      await served.close();
    }
  });
});
