import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { startMetricsServer } from '../src/modules/ops/metrics-server';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses Prometheus text exposition: the families declared (# TYPE) and every sample line. */
export function parseExposition(text: string): { families: Set<string>; samples: Sample[] } {
  const families = new Set<string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) /.exec(line);
    if (type?.[1]) families.add(type[1]);
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample?.[1] || line.startsWith('#')) continue;
    const labels: Record<string, string> = {};
    for (const m of (sample[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[m[1]!] = m[2]!;
    samples.push({ name: sample[1], labels, value: Number(sample[3]) });
  }
  return { families, samples };
}

/** Serves a registry on a metrics port of its own (loopback, any free port) as the server does, for tests to scrape over HTTP. */
export async function servedRegistry(registry: Registry) {
  const server = await startMetricsServer(registry, { port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
  return {
    async scrape() {
      const res = await fetch(url);
      if (res.status !== 200) throw new Error(`metrics answered ${res.status}`);
      return parseExposition(await res.text());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The value of one sample (labels matched exactly as given), or undefined when it is not served. */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}
