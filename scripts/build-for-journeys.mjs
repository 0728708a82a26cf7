#!/usr/bin/env node
// The builds the journeys run against, made side by side: the compiled server (tsc, one core) beside the member app
// and the console (vite, one after the other). Fails when any build fails, printing its output.
import { spawn } from 'node:child_process';

function run(args) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      console.log(code === 0 ? `✓ npm ${args.join(' ')}` : `✗ npm ${args.join(' ')}\n${output}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all([
  run(['run', 'build:prod', '-w', 'apps/server']),
  run(['run', 'build', '-w', 'apps/web']).then(async (ok) => ok && run(['run', 'build', '-w', 'apps/admin'])),
]);
process.exit(results.every(Boolean) ? 0 : 1);
