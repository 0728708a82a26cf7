import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MOVEMENT_TYPES, OTHER_MOVEMENT_NAME, isMovementType, movementTypeName } from './movement-types';

const SERVER_SRC = fileURLToPath(new URL('../../../apps/server/src', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const literals = (text: string) => [...text.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!);
/**
 * The literals a kind expression can take: of `cond ? 'a' : 'b'` the branches only; none of a call (the table
 * definition's `kind: varchar('kind', ...)` declares the column, it writes no kind).
 */
const outcomes = (expression: string) =>
  /^\w+\(/.test(expression)
    ? []
    : literals(expression.includes('?') ? expression.slice(expression.indexOf('?')) : expression);

/** The arguments of a call whose text starts right after its opening parenthesis (top-level commas only). */
function callArguments(text: string): string[] {
  const args: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const ch of text) {
    if (ch === "'") quoted = !quoted;
    if (!quoted && ch === '(') depth++;
    if (!quoted && ch === ')') {
      if (depth === 0) break;
      depth--;
    }
    if (!quoted && depth === 0 && ch === ',') {
      args.push(current);
      current = '';
    } else current += ch;
  }
  return [...args, current];
}

/**
 * Every movement kind the server writes: the `kind` of each movement object the TypeScript posts (the line after its
 * `reference`, as every Movement is written; a shorthand `kind` takes the file's `kind: 'a' | 'b'` union), and the
 * kind argument of each ledger_post call in the migrations' SQL functions.
 */
function kindsTheServerWrites(): Map<string, string> {
  const found = new Map<string, string>();
  for (const path of filesUnder(SERVER_SRC)) {
    const text = readFileSync(path, 'utf8');
    const where = path.slice(SERVER_SRC.length + 1);
    if (path.endsWith('.ts') && !/\.test\.ts$|test-kit\.ts$/.test(where)) {
      for (const m of text.matchAll(/\breference\b[^\n]*\n\s*kind(?::\s*([^\n]*)|,)/g)) {
        const named = m[1] === undefined ? [...text.matchAll(/kind:\s*('[a-z_]+'(?:\s*\|\s*'[a-z_]+')+)/g)] : [];
        if (m[1] === undefined && named.length === 0) throw new Error(`${where}: a movement's kind is not readable`);
        for (const kind of m[1] === undefined ? named.flatMap((n) => literals(n[1]!)) : outcomes(m[1]))
          found.set(kind, where);
      }
    }
    if (path.endsWith('.sql')) {
      for (const m of text.matchAll(/(FUNCTION\s+)?ledger_post\(/g)) {
        if (m[1]) continue;
        const kindArgument = callArguments(text.slice(m.index + m[0].length))[1] ?? '';
        for (const kind of literals(kindArgument)) found.set(kind, where);
      }
    }
  }
  return found;
}

describe('movement types', () => {
  const written = kindsTheServerWrites();

  it('finds the kinds the server writes, in TypeScript and in SQL', () => {
    // Guards the scan itself: a kind posted from TypeScript, one from a union type, and ones only SQL functions post.
    for (const kind of ['deposit', 'withdrawal_paid', 'bet_rollback', 'remote_transfer_hold', 'transfer_in'])
      expect(written.has(kind), kind).toBe(true);
  });

  it('names every kind the server writes', () => {
    const missing = [...written].filter(([kind]) => !isMovementType(kind)).map(([kind, where]) => `${kind} (${where})`);
    expect(missing).toEqual([]);
  });

  it('names only kinds the server writes', () => {
    expect(Object.keys(MOVEMENT_TYPES).filter((kind) => !written.has(kind))).toEqual([]);
  });

  it('gives Chinese names, never a code', () => {
    for (const name of Object.values(MOVEMENT_TYPES)) expect(name).toMatch(/^[\u4e00-\u9fff（）]+$/);
    expect(movementTypeName('remote_transfer_out')).toBe('转出场馆');
    expect(movementTypeName('remote_transfer_hold')).toBe('转入场馆（处理中）');
    expect(movementTypeName('something_new')).toBe(OTHER_MOVEMENT_NAME);
    expect(movementTypeName('constructor')).toBe(OTHER_MOVEMENT_NAME);
  });
});
