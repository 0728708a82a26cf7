import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Comments, tests and documents cite the project's own documents by file and section (README.md "Documents"), e.g.
// docs/money.md and its section "Sealed ledger". Such a citation is only worth something while the document and
// the section are there: a chapter moved or renamed leaves every citation of it pointing at nothing, so this scans
// the tree and names each one that does.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SELF = path.relative(ROOT, fileURLToPath(import.meta.url));
const SCANNED = ['apps', 'packages', 'e2e', 'bench', 'scripts', 'docs', 'README.md'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', '.git', '.vite']);
const TEXT_FILE = /\.(?:ts|tsx|mts|js|mjs|cjs|sql|md|css|html|ya?ml|sh|json)$/;

/** A line break inside a comment: the break, the next line's indent and its comment mark. */
const WRAP = String.raw`\s*\n\s*(?:\/\/|\*|--|#)?\s*`;
const DOC = String.raw`(?<![\w/.-])(README(?:\.md)?|bench\/README\.md|docs\/[\w-]+\.md)`;
/** A document named, then its section in double quotes; either may be wrapped onto the next comment line. */
const CITATION = new RegExp(DOC + String.raw`(?:(?:${WRAP}|[ \t])"([^"\n]+(?:${WRAP}[^"\n]+)?)")?`, 'g');

export interface Citation {
  file: string;
  line: number;
  doc: string;
  section?: string;
}

/** The citations of one file's text: which document, which section (its wrapped lines joined by one space). */
export function citationsIn(file: string, text: string): Citation[] {
  const out: Citation[] = [];
  for (const m of text.matchAll(CITATION)) {
    const named = m[1]!;
    const doc = named === 'README' ? 'README.md' : named;
    const line = text.slice(0, m.index).split('\n').length;
    const section = m[2] === undefined ? undefined : m[2].replace(new RegExp(WRAP, 'g'), ' ');
    out.push({ file, line, doc, section });
  }
  return out;
}

/** A document's section names: its headings (outside code blocks) and its bold run-in headings (`**Backups.**`). */
export function sectionsOf(markdown: string): Set<string> {
  const names = new Set<string>();
  let fence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) {
      fence = !fence;
      continue;
    }
    if (fence) continue;
    const heading = /^#{1,6} (.*?)\s*$/.exec(line);
    if (heading) {
      names.add(heading[1]!);
      continue;
    }
    const runIn = /^(?:[-*] )?\*\*([^*]+?)[.:]?\*\*/.exec(line);
    if (runIn) names.add(runIn[1]!);
  }
  return names;
}

/** What is wrong with each citation: a document that is not there, or a section the document does not have. */
export function problemsOf(citations: Citation[], readDoc: (doc: string) => string | undefined): string[] {
  const sections = new Map<string, Set<string> | undefined>();
  const problems: string[] = [];
  for (const c of citations) {
    if (!sections.has(c.doc)) {
      const text = readDoc(c.doc);
      sections.set(c.doc, text === undefined ? undefined : sectionsOf(text));
    }
    const known = sections.get(c.doc);
    const where = `${c.file}:${c.line}`;
    if (!known) problems.push(`${where}: ${c.doc} does not exist`);
    else if (c.section !== undefined && !known.has(c.section)) {
      problems.push(`${where}: ${c.doc} has no section "${c.section}"`);
    }
  }
  return problems;
}

/** The text files under a folder of the repository (or the file itself), as paths from the repository's root. */
function filesUnder(relative: string): string[] {
  const full = path.join(ROOT, relative);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return TEXT_FILE.test(relative) ? [relative] : [];
  return readdirSync(full, { withFileTypes: true })
    .filter((e) => !(e.isDirectory() && SKIPPED_DIRS.has(e.name)))
    .flatMap((e) => filesUnder(path.join(relative, e.name)));
}

/**
 * Citations of documents that are not in the repository (a specification, design notes or server rules kept
 * elsewhere): a newcomer who clones the project cannot follow them, so what they named is written into docs/.
 */
const OUTSIDE = /\b(?:SPEC|DESIGN|SERVER-RULES)(?:\.md)?\b(?! *[=(])/g;

export function outsideCitationsIn(file: string, text: string): string[] {
  return [...text.matchAll(OUTSIDE)].map((m) => `${file}:${text.slice(0, m.index).split('\n').length}: ${m[0]}`);
}

function readRepoDoc(doc: string): string | undefined {
  const full = path.join(ROOT, doc);
  return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
}

describe('citations of the project’s documents', () => {
  it('finds a document and a section, wrapped or not, and says what is missing', () => {
    const q = '"';
    const text = [
      `// the seal (docs/money.md ${q}Sealed ledger${q}), the replica (docs/operations.md`,
      `// ${q}Reads on a replica${q}), README ${q}Two commands${q}, README.md ${q}Nowhere${q}, docs/gone.md and docs/operators.md ${q}Two people, judged`,
      `// by person${q}; bench/README.md ${q}Benchmarks${q}`,
    ].join('\n');
    const citations = citationsIn('example.ts', text);
    expect(citations.map(({ doc, section, line }) => [doc, section, line])).toEqual([
      ['docs/money.md', 'Sealed ledger', 1],
      ['docs/operations.md', 'Reads on a replica', 1],
      ['README.md', 'Two commands', 2],
      ['README.md', 'Nowhere', 2],
      ['docs/gone.md', undefined, 2],
      ['docs/operators.md', 'Two people, judged by person', 2],
      ['bench/README.md', 'Benchmarks', 3],
    ]);
    const docs: Record<string, string> = {
      'docs/money.md': '# Money\n\n## Sealed ledger\n\n```sh\n# Not a heading\n```\n',
      'docs/operations.md': '**Reads on a replica.** With a replica ...\n\n- **Backups**: PostgreSQL’s own tools.\n',
      'README.md': '# Title\n\n## Two commands\n',
      'docs/operators.md': '### Two people, judged by person\n',
      'bench/README.md': '# Benchmarks\n',
    };
    expect(problemsOf(citations, (doc) => docs[doc])).toEqual([
      'example.ts:2: README.md has no section "Nowhere"',
      'example.ts:2: docs/gone.md does not exist',
    ]);
    expect(sectionsOf(docs['docs/money.md']!)).toEqual(new Set(['Money', 'Sealed ledger']));
    expect(sectionsOf(docs['docs/operations.md']!)).toEqual(new Set(['Reads on a replica', 'Backups']));
  });

  it('every document and section cited in the repository is there', () => {
    // This file itself is left out: its example cites a document that is not there on purpose.
    const files = SCANNED.flatMap(filesUnder).filter((f) => f !== SELF);
    // The scan reaches the code, the tests and the documents themselves.
    for (const f of ['README.md', 'docs/money.md', 'apps/server/src/app.ts', 'packages/contract/src/messages.ts']) {
      expect(files).toContain(f);
    }
    const citations = files.flatMap((f) => citationsIn(f, readFileSync(path.join(ROOT, f), 'utf8')));
    expect(citations.filter((c) => c.doc.startsWith('docs/')).length).toBeGreaterThan(50);
    expect(problemsOf(citations, readRepoDoc)).toEqual([]);
  });

  it('cites no document outside the repository', () => {
    expect(outsideCitationsIn('a.ts', '// as SPEC 4 says\n// see SERVER-RULES.md\nconst DESIGN = 1;\n')).toEqual([
      'a.ts:1: SPEC',
      'a.ts:2: SERVER-RULES.md',
    ]);
    const files = SCANNED.flatMap(filesUnder).filter((f) => f !== SELF);
    expect(files.flatMap((f) => outsideCitationsIn(f, readFileSync(path.join(ROOT, f), 'utf8')))).toEqual([]);
  });
});
