import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLOORS, floorOf, folderOf, importGraph } from '../lint/floors.js';

// The server's own tree drawn by folder (src/README.md): each folder of modules/ and sandbox/ is one node, every
// other top-level folder one node, a root file its own node; an arrow is any import from one to another.
const src = path.resolve(__dirname, '../src');
const graph = importGraph(src);

describe('the server drawn by folder', () => {
  it('has no pair of folders importing each other', () => {
    const pairs: string[] = [];
    for (const [from, targets] of graph.folders)
      for (const to of targets) if (from < to && graph.folders.get(to)?.has(from)) pairs.push(`${from} <-> ${to}`);
    expect(pairs).toEqual([]);
  });

  it('has no loop through folders', () => {
    // A depth-first walk that meets a folder still on its path has found a loop.
    const state = new Map<string, 'open' | 'done'>();
    const loops: string[] = [];
    const walk = (folder: string, trail: string[]) => {
      state.set(folder, 'open');
      for (const next of graph.folders.get(folder) ?? []) {
        if (state.get(next) === 'open') loops.push([...trail.slice(trail.indexOf(next)), folder, next].join(' -> '));
        else if (!state.has(next)) walk(next, [...trail, folder]);
      }
      state.set(folder, 'done');
    };
    for (const folder of graph.folders.keys()) if (!state.has(folder)) walk(folder, []);
    expect(loops).toEqual([]);
  });

  it('has no arrow running up a floor', () => {
    const upward: string[] = [];
    for (const [file, targets] of graph.files)
      for (const target of targets)
        if (floorOf(target) > floorOf(file))
          upward.push(`${file} (${FLOORS[floorOf(file)]?.name}) -> ${target} (${FLOORS[floorOf(target)]?.name})`);
    expect(upward).toEqual([]);
  });

  it('counts the folders it drew, so an empty drawing cannot pass', () => {
    const folders = new Set([...graph.files.keys()].map(folderOf));
    for (const expected of [
      'lib',
      'db',
      'http',
      'providers',
      'modules/ledger',
      'modules/payments',
      'sandbox/aggregator',
    ])
      expect(folders).toContain(expected);
  });
});
