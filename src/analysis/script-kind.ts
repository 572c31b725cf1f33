/** How a source file is parsed on its own, by its extension. */

import { ts } from './ts-morph.cjs';

/** How a file at `path` is parsed on its own: TS for `.ts`/`.mts`/`.cts`, TSX for `.tsx`, else JS. */
export function scriptKindOf(path: string): ts.ScriptKind {
  if (!/\.[cm]?tsx?$/.test(path)) return ts.ScriptKind.JS;
  return path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
}
