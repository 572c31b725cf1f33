/** Where a JavaScript module's syntax error is: Node's import() does not say for an ES module, so ask `node --check`. */

import { spawnSync } from 'node:child_process';

const TS_FILE = /\.[cm]?tsx?$/;

/**
 * The place of the syntax error that kept `abs` (a JavaScript module) from loading, as
 * `{ file, line, column }` (line and column from 1, column in UTF-16 code units; `file` is the
 * absolute path), or `undefined` when `err` is no SyntaxError or no place can be found.
 *
 * A CommonJS module's SyntaxError stack starts with `path:line` (no column); an ES module's
 * names no place at all (Node 22 and 24). So for a `.js`, `.mjs` or `.cjs` file this runs
 * `node --check` on it (the same Node, so the same parser and the same package.json `type`),
 * which prints `path:line`, the line, and a caret under the column (none under an empty last line:
 * column 1); on the error path only.
 * A TypeScript file is left out: its loader reports `file.ts:line:col` itself. A syntax error in
 * a module that `abs` imports is found only when Node's stack names that module (CommonJS).
 */
export function syntaxErrorLocation(err: unknown, abs: string): { file: string; line: number; column?: number } | undefined {
  if (!(err instanceof SyntaxError) && (err as { name?: unknown } | null)?.name !== 'SyntaxError') return undefined;
  const stack = String((err as { stack?: unknown }).stack ?? '');
  const named = /^(\/[^\n]*?|[A-Za-z]:\\[^\n]*?):(\d+)\n/.exec(stack);
  if (named && named[1] !== abs) return { file: named[1]!, line: Number(named[2]) };
  if (TS_FILE.test(abs)) return undefined;
  const check = spawnSync(process.execPath, ['--check', abs], { encoding: 'utf8', timeout: 10_000 });
  const lines = (check.stderr ?? '').split('\n');
  const at = lines.findIndex((l) => l.startsWith(`${abs}:`));
  const line = at >= 0 ? Number(/:(\d+)$/.exec(lines[at]!)?.[1]) : NaN;
  if (!Number.isInteger(line) || line < 1) return named ? { file: abs, line: Number(named[2]) } : undefined;
  // the caret's column; none under an empty line (the end of the input), whose only column is 1
  const caret = lines[at + 2]?.indexOf('^') ?? -1;
  const column = caret >= 0 ? caret + 1 : lines[at + 1] === '' ? 1 : undefined;
  return { file: abs, line, ...(column !== undefined ? { column } : {}) };
}
