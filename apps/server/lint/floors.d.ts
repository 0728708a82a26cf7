import type { ESLint, Rule } from 'eslint';

export const FLOORS: ReadonlyArray<{ name: string; test: (path: string) => boolean }>;
export const floorsRule: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
