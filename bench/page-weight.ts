// Page weight: gzip bytes of what the home route loads first (the page with its inlined CSS, the entry script and
// its static imports) and of the largest lazily loaded route chunk. Budget: 150 KB for the home route, JS and CSS together.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_HOME_BYTES = 150 * 1024;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  src?: string;
}

const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;

function closure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

function filesOf(manifest: Record<string, ManifestChunk>, keys: Set<string>): Set<string> {
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return files;
}

const manifestPath = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('No build manifest: run `npm run build -w apps/web` first (vite build with manifest: true).');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');
const entryFiles = filesOf(manifest, closure(manifest, entryKey));
const homeKey = Object.keys(manifest).find((k) => /features\/home\/.*page/.test(k));
const homeFiles = homeKey ? filesOf(manifest, closure(manifest, homeKey)) : new Set<string>();
// The build inlines the entry's stylesheets into index.html: those count through the page itself.
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...new Set([...entryFiles, ...homeFiles])].filter((f) => !f.endsWith('.css') || html.includes(f));
const initialBytes = gz('index.html') + initial.reduce((sum, f) => sum + gz(f), 0);

let largest = { key: '', bytes: 0 };
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  const extra = [...filesOf(manifest, closure(manifest, key))].filter((f) => !entryFiles.has(f));
  const bytes = extra.reduce((sum, f) => sum + gz(f), 0);
  if (bytes > largest.bytes) largest = { key, bytes };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`home route, loaded first (gzip, HTML with its CSS + JS): ${kb(initialBytes)}  budget ${kb(BUDGET_HOME_BYTES)}`);
console.log(`largest route on top of the entry: ${largest.key || '(none)'} ${kb(largest.bytes)}`);
if (initialBytes > BUDGET_HOME_BYTES) {
  console.error('over budget');
  process.exit(1);
}
