/** How a source file is parsed on its own, by its extension. */

import { ts } from './ts-morph.cjs';

/**
 * How a file at `path` is parsed on its own: TS for `.ts`/`.mts`/`.cts`, TSX for `.tsx`, JSX for `.jsx`, TS for a file
 * with no extension (a script a `#!` line runs with tsx, which may be TypeScript), else JS.
 */
export function scriptKindOf(path: string): ts.ScriptKind {
  if (/\.[cm]?tsx?$/.test(path)) return path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  if (path.endsWith('.jsx')) return ts.ScriptKind.JSX;
  return /\.[^./\\]+$/.test(path.replace(/^.*[/\\]\.*/, '')) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
}
