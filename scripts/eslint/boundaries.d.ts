import type { ESLint } from 'eslint';

/** The layer of a repo-relative path (see boundaries.js), or null outside the tab's code. */
export function layerOf(rel: string): { layer: string; feature?: string } | null;

/** The local ESLint plugin with its one rule, `layers`. */
declare const plugin: ESLint.Plugin;
export default plugin;
