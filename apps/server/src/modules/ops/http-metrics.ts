import { BizCode } from '@h5/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/** The envelope's code at the head of a JSON answer ({"code":200,...}); every API answer is HTTP 200 with one. */
const ENVELOPE_CODE = /^\{"code":(\d{1,4})[,}]/;

const SIGN_INS: Record<string, 'member' | 'operator'> = { '/api/login': 'member', '/admin/api/login': 'operator' };
/** Answers of a sign-in that mean the credentials were wrong (a wrong or missing two-factor code included). */
const FAILED_SIGN_IN = new Set<number>([BizCode.WRONG_PASSWORD, BizCode.OTP_WRONG]);

/**
 * Requests by route template, HTTP status and envelope code, with their latency; and, read from the same answers,
 * registrations and failed sign-ins, so the member and operator modules carry no metric code of their own.
 */
export function installHttpMetrics(app: FastifyInstance, registry: Registry) {
  const requests = new Counter({
    name: 'h5_http_requests_total',
    help: 'HTTP requests answered, by method, route template, HTTP status and envelope code ("" when the answer is not an envelope)',
    labelNames: ['method', 'route', 'status', 'code'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'h5_http_request_duration_seconds',
    help: 'Time from the request arriving to its answer being sent, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const registrations = new Counter({
    name: 'h5_registrations_total',
    help: 'Members registered',
    registers: [registry],
  });
  const failedSignIns = new Counter({
    name: 'h5_sign_in_failures_total',
    help: 'Sign-ins refused for a wrong name, password or two-factor code, by who signs in (member, operator)',
    labelNames: ['who'] as const,
    registers: [registry],
  });
  registrations.inc(0);
  for (const who of ['member', 'operator'] as const) failedSignIns.inc({ who }, 0);

  const codes = new WeakMap<FastifyRequest, number>();
  // Callback hooks, not async ones: they run on every request, the balance poll included, and cost no promise.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (typeof payload === 'string') {
      const code = ENVELOPE_CODE.exec(payload)?.[1];
      if (code) codes.set(request, Number(code));
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    record(request, reply.statusCode, reply.elapsedTime);
    done();
  });
  function record(request: FastifyRequest, status: number, elapsedMs: number) {
    // Unknown paths share one label: a scanner's thousand addresses must not become a thousand series.
    const route = request.routeOptions.url ?? 'unmatched';
    const code = codes.get(request);
    requests.inc({
      method: request.method,
      route,
      status: String(status),
      code: code === undefined ? '' : String(code),
    });
    latency.observe({ method: request.method, route }, elapsedMs / 1000);
    if (code === undefined) return;
    if (route === '/api/register' && code === BizCode.OK) registrations.inc();
    const who = SIGN_INS[route];
    if (who && FAILED_SIGN_IN.has(code)) failedSignIns.inc({ who });
  }
}
