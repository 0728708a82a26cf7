import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import floors from '../lint/floors.js';

// The lint rule that keeps the server's imports one way (src/README.md), run on small trees written for each case.
const scratch = mkdtempSync(path.join(tmpdir(), 'import-floors-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A src tree of the given files (path -> text); answers the folder that holds src. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(scratch, 'tree-'));
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(dir, 'src', file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return dir;
}

/** The rule's messages on one file of a tree. */
function lint(dir: string, file: string): string[] {
  const full = path.join(dir, 'src', file);
  const linter = new Linter({ configType: 'flat', cwd: dir });
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      plugins: { server: floors },
      rules: { 'server/floors': 'error' },
    },
  ];
  return linter.verify(readFileSync(full, 'utf8'), config, full).map((m) => m.message);
}

const base = {
  'lib/money.ts': 'export const cents = 1;\n',
  'config.ts': "import { cents } from './lib/money';\nexport const config = { cents };\n",
  'db/tables/accounts.ts': 'export const members = {};\n',
  'db/tables/ledger.ts': 'export const movements = {};\n',
  'db/client.ts': "export * from './tables/accounts';\nexport * from './tables/ledger';\n",
  'http/errors.ts': 'export class AppError extends Error {}\n',
  'http/route.ts':
    "import { AppError } from './errors';\nimport { cents } from '../lib/money';\nexport const route = [AppError, cents];\n",
  'modules/ledger/ledger-service.ts':
    "import { AppError } from '../../http/errors';\nimport type { movements } from '../../db/tables/ledger';\nexport const post = (m: typeof movements) => [AppError, m];\n",
  'modules/accounts/accounts-service.ts':
    "import { post } from '../ledger/ledger-service';\nimport { route } from '../../http/route';\nexport const account = [post, route];\n",
  'modules/wallet/wallet-service.ts':
    "import { post } from '../ledger/ledger-service';\nimport { account } from '../accounts/accounts-service';\nexport const wallet = [post, account];\n",
  'app.ts':
    "import { wallet } from './modules/wallet/wallet-service';\nimport { config } from './config';\nexport const app = [wallet, config];\n",
  'modules/wallet/wallet.test.ts': "import { app } from '../../app';\nexport const t = app;\n",
};

describe('the server import floors rule', () => {
  it('passes a tree whose imports all run downward and never in a circle', () => {
    const dir = tree(base);
    for (const file of Object.keys(base)) expect(lint(dir, file), file).toEqual([]);
  });

  it('fails an upward import: http importing a module, a module importing the entry point, ledger importing a money area', () => {
    const dir = tree({
      ...base,
      'http/route.ts':
        "import type { account } from '../modules/accounts/accounts-service';\nexport type Member = typeof account;\n",
      'modules/accounts/accounts-service.ts': "import { app } from '../../app';\nexport const account = app;\n",
      'modules/ledger/ledger-service.ts': "export const post = () => import('../wallet/wallet-service');\n",
      'lib/money.ts': "export { config } from '../config';\n",
    });
    expect(lint(dir, 'http/route.ts').join('\n')).toMatch(
      /http\/route\.ts \(floor http\) imports modules\/accounts\/accounts-service\.ts \(floor modules\)/,
    );
    expect(lint(dir, 'modules/accounts/accounts-service.ts').join('\n')).toMatch(
      /imports app\.ts \(floor entry points\)/,
    );
    expect(lint(dir, 'modules/ledger/ledger-service.ts').join('\n')).toMatch(
      /\(floor ledger\) imports modules\/wallet\/wallet-service\.ts \(floor modules\)/,
    );
    expect(lint(dir, 'lib/money.ts').join('\n')).toMatch(/\(floor lib\) imports config\.ts \(floor config\)/);
  });

  it("fails an area importing another area's tables, and passes its own tables and the named readers", () => {
    const dir = tree({
      ...base,
      'modules/wallet/wallet-balance.ts':
        "import { members } from '../../db/tables/accounts';\nexport const balance = members;\n",
      'modules/accounts/accounts-rows.ts':
        "import { members } from '../../db/tables/accounts';\nexport const rows = members;\n",
      'modules/reports/reports-service.ts':
        "import { members } from '../../db/tables/accounts';\nimport { movements } from '../../db/tables/ledger';\nexport const report = [members, movements];\n",
      'sandbox/demo/seed.ts': "import { members } from '../../db/tables/accounts';\nexport const seed = members;\n",
    });
    expect(lint(dir, 'modules/wallet/wallet-balance.ts')).toEqual([
      'modules/wallet/wallet-balance.ts imports db/tables/accounts.ts, the tables of another area: read them through a function modules/accounts exports (apps/server/src/README.md "Areas own their data").',
    ]);
    expect(lint(dir, 'modules/accounts/accounts-rows.ts')).toEqual([]);
    expect(lint(dir, 'modules/reports/reports-service.ts')).toEqual([]);
    expect(lint(dir, 'sandbox/demo/seed.ts')).toEqual([]);
  });

  it('fails the sandbox imported by a module, and a table file importing a module', () => {
    const dir = tree({
      ...base,
      'sandbox/aggregator/venues.ts':
        "import { wallet } from '../../modules/wallet/wallet-service';\nexport const venues = wallet;\n",
      'modules/games/games-service.ts':
        "import { venues } from '../../sandbox/aggregator/venues';\nexport const games = venues;\n",
      'db/tables/games.ts':
        "import type { wallet } from '../../modules/wallet/wallet-service';\nexport type Games = typeof wallet;\n",
    });
    expect(lint(dir, 'modules/games/games-service.ts').join('\n')).toMatch(
      /\(floor modules\) imports sandbox\/aggregator\/venues\.ts \(floor sandbox\)/,
    );
    expect(lint(dir, 'db/tables/games.ts').join('\n')).toMatch(
      /\(floor db\) imports modules\/wallet\/wallet-service\.ts/,
    );
    expect(lint(dir, 'sandbox/aggregator/venues.ts')).toEqual([]);
  });

  it('fails each import of a circle of files, naming the circle', () => {
    const dir = tree({
      ...base,
      'lib/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'lib/b.ts': "import type { a } from './a';\nexport const b = (x: typeof a) => x;\n",
    });
    expect(lint(dir, 'lib/a.ts')).toEqual(['This import closes a circle of files: lib/a.ts -> lib/b.ts -> lib/a.ts.']);
    expect(lint(dir, 'lib/b.ts')).toEqual(['This import closes a circle of files: lib/b.ts -> lib/a.ts -> lib/b.ts.']);
  });

  it('fails a circle between module folders even when no file imports its own importer', () => {
    const dir = tree({
      ...base,
      'modules/wallet/venue-directory.ts': 'export const venues = [];\n',
      'modules/accounts/summary.ts':
        "import { venues } from '../wallet/venue-directory';\nexport const summary = venues;\n",
    });
    expect(lint(dir, 'modules/accounts/summary.ts')).toEqual([
      'This import closes a circle of folders: modules/accounts -> modules/wallet -> modules/accounts (here modules/accounts/summary.ts -> modules/wallet/venue-directory.ts).',
    ]);
    expect(lint(dir, 'modules/wallet/wallet-service.ts').join('\n')).toMatch(
      /circle of folders: modules\/wallet -> modules\/accounts -> modules\/wallet/,
    );
    expect(lint(dir, 'modules/accounts/accounts-service.ts')).toEqual([]);
  });
});
