#!/usr/bin/env node
// The whole suite, in stages: lint, typecheck, unit tests, the server suite on PGlite and on PostgreSQL, and the
// end-to-end journeys in Chromium. Stages whose service is missing are skipped and said so; with
// REQUIRE_ALL=1 (as .ci/run sets) a missing one is an error, so CI always runs everything.
//
// Stages run one after another: each already keeps both cores busy (vitest's workers, the browser beside the
// server), and running two at once was measured slower, the journeys most of all. Lint alone runs beside the typecheck.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const env = process.env;
const requireAll = env.REQUIRE_ALL === '1';
const chromium = env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : '');
const pgUrl = env.TEST_DATABASE_URL || '';
if (!env.TEST_REDIS_URL) {
  const note = 'the shared (Redis) rate-limit test inside the server suites: TEST_REDIS_URL is not set';
  if (requireAll) {
    console.error(`✗ required but ${note}`);
    process.exit(1);
  }
  console.log(`note: skipping ${note}`);
}

const stages = [
  // eslint is one process on one core: it runs beside the typecheck, whose two tsc leave room for it.
  // Formatting is checked with the lint: an unformatted file fails the stage (npm run format writes it).
  { name: 'lint', cmd: 'npx eslint . --max-warnings 0 && npx prettier --check . --log-level warn', besideNext: true },
  // Each workspace's tsc is one process on one core: two at a time.
  { name: 'typecheck', cmd: 'node scripts/typecheck-all.mjs' },
  { name: 'contract unit tests', cmd: 'npx vitest run --root packages/contract' },
  { name: 'web unit tests', cmd: 'npx vitest run --root apps/web' },
  { name: 'console unit tests', cmd: 'npx vitest run --root apps/admin' },
  { name: 'server suite on PGlite', cmd: 'npx vitest run --root apps/server', env: { TEST_DATABASE_URL: '' } },
  {
    name: 'server suite on PostgreSQL',
    cmd: 'npx vitest run --root apps/server',
    env: { TEST_DATABASE_URL: pgUrl },
    missing: pgUrl ? null : 'TEST_DATABASE_URL is not set (a PostgreSQL URL whose user may create databases)',
  },
  {
    name: 'end-to-end journeys in Chromium',
    // The server's build runs beside the two front ends' (scripts/build-for-journeys.mjs), so the journeys' set-up
    // need not build it again.
    cmd: 'node scripts/build-for-journeys.mjs && npx vitest run --root e2e',
    env: { CHROMIUM_PATH: chromium, JOURNEY_SERVER_BUILT: '1' },
    missing: chromium ? null : 'no Chromium found (install Debian chromium or set CHROMIUM_PATH)',
  },
];

// vitest writes a JSON report beside its usual output, so the summary can name the slowest files of each stage.
const reportDir = mkdtempSync(path.join(tmpdir(), 'h5-test-'));

/** The slowest test files of a vitest JSON report (file path relative to the project, seconds). */
function slowestFiles(reportFile, count = 5) {
  if (!existsSync(reportFile)) return [];
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    return (report.testResults ?? [])
      .map((r) => ({
        file: path.relative(process.cwd(), r.name),
        seconds: ((r.endTime ?? 0) - (r.startTime ?? 0)) / 1000,
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, count);
  } catch {
    return [];
  }
}

/** The failed tests of a vitest JSON report, with the first line of each failure, so the summary at the end of a
 * long log says what broke. */
function failedTests(reportFile) {
  if (!existsSync(reportFile)) return [];
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    return (report.testResults ?? []).flatMap((r) =>
      (r.assertionResults ?? [])
        .filter((a) => a.status === 'failed')
        .map((a) => ({
          file: path.relative(process.cwd(), r.name),
          test: a.fullName ?? a.title,
          why: String(a.failureMessages?.[0] ?? '')
            .split('\n')[0]
            .slice(0, 300),
        }))
        .concat(
          r.status === 'failed' && !(r.assertionResults ?? []).some((a) => a.status === 'failed')
            ? [
                {
                  file: path.relative(process.cwd(), r.name),
                  test: '(the file itself)',
                  why: String(r.message ?? '')
                    .split('\n')[0]
                    .slice(0, 300),
                },
              ]
            : [],
        ),
    );
  } catch {
    return [];
  }
}
/**
 * The same-run baseline: the wall time of a vitest run of one trivial test file, on this machine, now. It costs what
 * every stage costs before its first test (starting node and vitest, transforming and importing, a worker) and
 * grows with a slow or busy machine as the stages do, so a stage's time in baselines tells a slow machine (every
 * stage slow, the ratios as usual) from a slow suite (one stage's ratio grown). Run twice and the faster kept, so that
 * reading vitest from a cold disk is not counted.
 */
async function measureBaseline() {
  const dir = mkdtempSync(path.join(reportDir, 'baseline-'));
  writeFileSync(path.join(dir, 'baseline.test.js'), "test('runs', () => expect(1 + 1).toBe(2));\n");
  const once = () =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn(`npx vitest run --root ${JSON.stringify(dir)} --globals`, {
        stdio: 'ignore',
        shell: true,
        env,
      });
      child.on('close', (code) => resolve(code === 0 ? (Date.now() - started) / 1000 : null));
    });
  const runs = [await once(), await once()].filter((seconds) => seconds !== null);
  return runs.length ? Math.min(...runs) : null;
}

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const skipped = [];
/** Each stage run: name, seconds, result, and its slowest test files when vitest reported them. */
const timings = [];

function runStage(stage, index) {
  const reportFile = path.join(reportDir, `${index}.json`);
  const cmd = stage.cmd.includes('npx vitest run')
    ? `${stage.cmd} --reporter=default --reporter=json --outputFile.json=${reportFile}`
    : stage.cmd;
  console.log(`\n▶ ${stage.name}\n  $ ${stage.cmd}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, { stdio: 'inherit', shell: true, env: { ...env, ...stage.env } });
    child.on('close', (code) => {
      const ok = code === 0;
      timings.push({
        name: stage.name,
        seconds: (Date.now() - started) / 1000,
        ok,
        slowest: slowestFiles(reportFile),
        failures: ok ? [] : failedTests(reportFile),
      });
      if (ok) passed += 1;
      else {
        failed += 1;
        console.error(`✗ ${stage.name} failed`);
      }
      resolve();
    });
  });
}

const chosen = [];
for (const stage of stages) {
  if (only.length && !only.some((word) => stage.name.includes(word))) continue;
  if (stage.missing) {
    if (requireAll) {
      console.error(`\n✗ ${stage.name}: required but ${stage.missing}`);
      failed += 1;
    } else {
      skipped.push(`${stage.name}: ${stage.missing}`);
    }
    continue;
  }
  chosen.push(stage);
}
console.log('\n▶ baseline: a vitest run of one trivial test file, to compare the stages with');
const baseline = chosen.length ? await measureBaseline() : null;
console.log(baseline === null ? '  (not measured)' : `  ${baseline.toFixed(1)} s`);
const wallStarted = Date.now();
for (let index = 0; index < chosen.length; index += 1) {
  const stage = chosen[index];
  const next = chosen[index + 1];
  if (stage.besideNext && next) {
    await Promise.all([runStage(stage, index), runStage(next, index + 1)]);
    index += 1;
  } else {
    await runStage(stage, index);
  }
}
const wallSeconds = (Date.now() - wallStarted) / 1000;
rmSync(reportDir, { recursive: true, force: true });

if (timings.length) {
  // Each stage's time beside its ratio to the baseline of this run (docs/testing.md).
  const ratio = (seconds) => (baseline ? `${(seconds / baseline).toFixed(1).padStart(7)} ×` : '');
  console.log(
    baseline
      ? `\nTime per stage, and in baselines (a trivial vitest run took ${baseline.toFixed(1)} s on this machine in this run)`
      : '\nTime per stage (no baseline measured)',
  );
  const width = Math.max(...timings.map((t) => t.name.length));
  for (const t of timings)
    console.log(
      `  ${t.ok ? '✓' : '✗'} ${t.name.padEnd(width)}  ${t.seconds.toFixed(1).padStart(7)} s  ${ratio(t.seconds)}`,
    );
  console.log(`    ${'total'.padEnd(width)}  ${wallSeconds.toFixed(1).padStart(7)} s  ${ratio(wallSeconds)}`);
  const slow = timings
    .flatMap((t) => t.slowest.map((f) => ({ ...f, stage: t.name })))
    .sort((a, b) => b.seconds - a.seconds);
  if (slow.length) {
    console.log('\nSlowest test files');
    for (const f of slow.slice(0, 10)) console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.file}  (${f.stage})`);
  }
}

const failures = timings.flatMap((t) => t.failures.map((f) => ({ ...f, stage: t.name })));
if (failures.length) {
  console.log('\nFailed tests');
  for (const f of failures) console.log(`  ✗ ${f.file} > ${f.test}  (${f.stage})\n      ${f.why}`);
}

console.log('\nSummary of the test stages');
for (const line of skipped) console.log(`  skipped ${line}`);
console.log(`stages: ${passed} passed, ${failed} failed${skipped.length ? `, ${skipped.length} skipped` : ''}`);
process.exit(failed ? 1 : 0);
