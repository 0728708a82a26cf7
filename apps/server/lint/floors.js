// The server's imports run one way (apps/server/src/README.md): a file imports its own floor or a floor below, and
// no import closes a circle, neither between files nor between folders (each module folder counted as one).
// Read from the sources' text once per lint run: import and export specifiers, relative ones only.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Bottom to top, by folder: the first floor whose prefix starts a path (relative to src, with '/') holds the file;
 * what no prefix names (app.ts, server-process.ts, cluster.ts, main.ts, cli/) is an entry point.
 */
export const FLOORS = [
  { name: 'lib', prefix: 'lib/' },
  { name: 'config', prefix: 'config.ts' },
  { name: 'db', prefix: 'db/' },
  { name: 'http', prefix: 'http/' },
  { name: 'providers', prefix: 'providers/' },
  { name: 'ledger', prefix: 'modules/ledger/' },
  { name: 'modules', prefix: 'modules/' },
  { name: 'sandbox', prefix: 'sandbox/' },
  { name: 'entry points', prefix: '' },
];

/**
 * The areas that read other areas' tables directly, by name (apps/server/src/README.md "Areas own their data"): each
 * reads across the site by its nature. Every other area reads another's data through the functions that area exports.
 */
export const READS_ALL_TABLES = ['reports', 'admin', 'risk', 'ops'];

/** Test files and their kits are not floors of the graph: they may reach anything, nothing reaches them. */
const isTestFile = (p) => /\.test\.ts$|-test-kit\.ts$/.test(p);

export const floorOf = (p) => FLOORS.findIndex((floor) => p.startsWith(floor.prefix));

/** The folder a file counts in: a module or sandbox folder, another top-level folder, or the file itself. */
export function folderOf(p) {
  const parts = p.split('/');
  if (parts.length === 1) return p;
  if ((parts[0] === 'modules' || parts[0] === 'sandbox') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts[0];
}

/** The area whose tables a db/tables file holds, or undefined for any other file. */
const tablesAreaOf = (p) => /^db\/tables\/([^/]+)\.ts$/.exec(p)?.[1];

/** The area a modules/ file belongs to, or undefined outside modules/. */
const areaOf = (p) => /^modules\/([^/]+)\//.exec(p)?.[1];

const SPECIFIER =
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]*?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The src-relative file a relative specifier names, or undefined when it leaves src or names no .ts file. */
export function resolveImport(root, fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(root, path.dirname(fromFile), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')]) {
    if (candidate.endsWith('.ts') && existsSync(candidate)) {
      const relative = path.relative(root, candidate).split(path.sep).join('/');
      return relative.startsWith('..') ? undefined : relative;
    }
  }
  return undefined;
}

function sourceFiles(root, dir = root, out = []) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'migrations' && name !== 'node_modules') sourceFiles(root, full, out);
    } else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) {
      const relative = path.relative(root, full).split(path.sep).join('/');
      if (!isTestFile(relative)) out.push(relative);
    }
  }
  return out;
}

/** Tarjan's strongly connected components: the circles of a graph, each as the set of its nodes. */
function circles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const inCircle = new Map();
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const members = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        members.push(w);
      } while (w !== v);
      if (members.length > 1) for (const m of members) inCircle.set(m, members);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return inCircle;
}

/** One path from `from` back to `to` inside a circle, for the message. */
function pathWithin(graph, members, from, to) {
  const allowed = new Set(members);
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const v = queue.shift();
    if (v === to) break;
    for (const w of graph.get(v) ?? []) {
      if (allowed.has(w) && !previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  const steps = [];
  for (let v = to; v !== null && v !== undefined; v = previous.get(v)) steps.unshift(v);
  return steps;
}

const graphs = new Map();

/** The import graph of one src folder, files and folders, read once per process. */
export function importGraph(root) {
  let graph = graphs.get(root);
  if (graph) return graph;
  const files = new Map();
  const folders = new Map();
  for (const file of sourceFiles(root)) {
    const targets = new Set();
    for (const match of readFileSync(path.join(root, file), 'utf8').matchAll(SPECIFIER)) {
      const target = resolveImport(root, file, match[1] ?? match[2]);
      if (!target || isTestFile(target) || target === file) continue;
      targets.add(target);
      const from = folderOf(file);
      const to = folderOf(target);
      if (from !== to) {
        if (!folders.has(from)) folders.set(from, new Set());
        folders.get(from).add(to);
      }
    }
    files.set(file, targets);
  }
  graph = { files, folders, fileCircles: circles(files), folderCircles: circles(folders) };
  graphs.set(root, graph);
  return graph;
}

/** The src folder a file lies in: the path up to its last "/src/". */
export function srcRoot(filename) {
  const normal = filename.split(path.sep).join('/');
  const at = normal.lastIndexOf('/src/');
  return at < 0 ? undefined : normal.slice(0, at + 4);
}

export const floorsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Server imports run one way: downward between floors, and never in a circle.' },
    schema: [],
    messages: {
      upward:
        '{{from}} (floor {{fromFloor}}) imports {{to}} (floor {{toFloor}}): imports run downward (apps/server/src/README.md).',
      otherAreaTables:
        '{{from}} imports {{to}}, the tables of another area: read them through a function modules/{{area}} exports (apps/server/src/README.md "Areas own their data").',
      fileCircle: 'This import closes a circle of files: {{circle}}.',
      folderCircle: 'This import closes a circle of folders: {{circle}} (here {{from}} -> {{to}}).',
    },
  },
  create(context) {
    const filename = context.filename;
    const root = srcRoot(filename);
    if (!root) return {};
    const file = path.relative(root, filename).split(path.sep).join('/');
    if (isTestFile(file)) return {};
    const graph = importGraph(root);
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = resolveImport(root, file, specifier);
      if (!target || isTestFile(target) || target === file) return;
      const fromFloor = floorOf(file);
      const toFloor = floorOf(target);
      if (toFloor > fromFloor) {
        context.report({
          node,
          messageId: 'upward',
          data: { from: file, fromFloor: FLOORS[fromFloor].name, to: target, toFloor: FLOORS[toFloor].name },
        });
      }
      const area = areaOf(file);
      const tablesArea = tablesAreaOf(target);
      if (area && tablesArea && tablesArea !== area && !READS_ALL_TABLES.includes(area)) {
        context.report({ node, messageId: 'otherAreaTables', data: { from: file, to: target, area: tablesArea } });
      }
      const fileCircle = graph.fileCircles.get(file);
      if (fileCircle && fileCircle.includes(target)) {
        context.report({
          node,
          messageId: 'fileCircle',
          data: { circle: [file, ...pathWithin(graph.files, fileCircle, target, file)].join(' -> ') },
        });
      }
      const from = folderOf(file);
      const to = folderOf(target);
      const folderCircle = from !== to && graph.folderCircles.get(from);
      if (folderCircle && folderCircle.includes(to)) {
        context.report({
          node,
          messageId: 'folderCircle',
          data: {
            circle: [from, ...pathWithin(graph.folders, folderCircle, to, from)].join(' -> '),
            from: file,
            to: target,
          },
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { floors: floorsRule } };
