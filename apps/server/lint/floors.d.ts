import type { ESLint, Rule } from 'eslint';

export const FLOORS: ReadonlyArray<{ name: string; prefix: string }>;
/** The index in FLOORS of the floor that holds a src-relative path. */
export function floorOf(path: string): number;
/** The folder a src-relative path counts in when the tree is drawn by folder. */
export function folderOf(path: string): string;
/** The import graph of one src folder: files to the files they import, folders to the folders they import. */
export function importGraph(root: string): {
  files: Map<string, Set<string>>;
  folders: Map<string, Set<string>>;
};
/** The areas that read every area's tables, by nature. */
export const READS_ALL_TABLES: readonly string[];
export const floorsRule: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
