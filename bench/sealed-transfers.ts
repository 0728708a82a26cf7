// The sealed ledger's cost on the money path: bench/transfers.ts with BENCH_SEAL=compare (completed transfers a
// second without LEDGER_SEAL_KEY and with it, twice each in the same run, and their ratio; budget: sealed within 10%).
import { spawnSync } from 'node:child_process';

const result = spawnSync('npx', ['tsx', 'transfers.ts'], {
  stdio: 'inherit',
  cwd: import.meta.dirname,
  env: { ...process.env, BENCH_SEAL: 'compare' },
});
process.exit(result.status ?? 1);
