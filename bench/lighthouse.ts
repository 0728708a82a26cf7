// Lighthouse (mobile defaults) three times on home and login against the real server with the built web app, on
// Debian's Chromium. Prints the median performance, accessibility and best-practices scores against the budget.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium';
import { exitIfOverBudget, startEmbeddedServer, waitForHttp } from './support';

const BUDGET = { performance: 98, accessibility: 100, 'best-practices': 100 } as const;
type Category = keyof typeof BUDGET;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** The metrics the performance score weighs (Lighthouse 12), printed as medians beside the scores. */
const METRICS = [
  ['first-contentful-paint', 'FCP', 'ms'],
  ['largest-contentful-paint', 'LCP', 'ms'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
  ['speed-index', 'SI', 'ms'],
] as const;
type Metric = (typeof METRICS)[number][0];

const port = 18_950;
const { server, base, stop } = startEmbeddedServer(port, 'lighthouse');
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
let failed = false;
try {
  await waitForHttp(`${base}/api/app`, server);
  for (const [label, route] of [
    ['home', '/'],
    ['login', '/#/login'],
  ] as const) {
    const scores: Record<Category, number[]> = { performance: [], accessibility: [], 'best-practices': [] };
    const timings: Record<Metric, number[]> = Object.fromEntries(METRICS.map(([id]) => [id, []])) as never;
    for (let i = 0; i < RUNS; i += 1) {
      const result = await lighthouse(`${base}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(BUDGET),
      });
      const categories = result?.lhr.categories ?? {};
      for (const key of Object.keys(BUDGET) as Category[])
        scores[key].push(Math.round((categories[key]?.score ?? 0) * 100));
      for (const [id] of METRICS) timings[id].push(result?.lhr.audits[id]?.numericValue ?? Number.NaN);
    }
    const line = (Object.keys(BUDGET) as Category[])
      .map((key) => {
        const m = median(scores[key]);
        if (m < BUDGET[key]) failed = true;
        return `${key} ${m} (budget ${BUDGET[key]})`;
      })
      .join(', ');
    console.log(`${label}: median of ${RUNS}: ${line}`);
    // What the performance score is made of, so that a lost point can be traced to its metric.
    console.log(
      `  ${METRICS.map(([id, name, unit]) => `${name} ${unit === 'ms' ? Math.round(median(timings[id])) : median(timings[id]).toFixed(3)} ${unit}`).join(', ')}`,
    );
  }
} finally {
  await chrome.kill();
  await stop();
}
exitIfOverBudget(failed);
