#!/usr/bin/env node
// Type-checks every workspace that has a typecheck script, two at a time (each tsc is one process on one core),
// printing each workspace's output whole when it ends.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = JSON.parse(readFileSync('package.json', 'utf8'));
const workspaces = root.workspaces.filter((dir) => {
  try {
    return Boolean(JSON.parse(readFileSync(`${dir}/package.json`, 'utf8')).scripts?.typecheck);
  } catch {
    return false;
  }
});
const CONCURRENCY = 2;
// Longest first (seconds of one core each, measured: server 14, e2e 12 as it checks the server code its in-process
// journey imports, admin 10, web 8, contract 4, bench 2), so that the two lanes end together instead of one waiting
// on the server's check started last.
const LONGEST_FIRST = ['apps/server', 'e2e', 'apps/admin', 'apps/web', 'packages/contract', 'bench'];
const rank = (dir) => (LONGEST_FIRST.includes(dir) ? LONGEST_FIRST.indexOf(dir) : LONGEST_FIRST.length);
workspaces.sort((a, b) => rank(a) - rank(b));

function typecheck(dir) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'typecheck', '-w', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      console.log(code === 0 ? `✓ ${dir}` : `✗ ${dir}\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...workspaces];
const results = [];
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (queue.length) results.push(await typecheck(queue.shift()));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
