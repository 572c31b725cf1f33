/** Text edits of a fix: overlap, the file's line ending, and applying them in order. */

import type { TextEdit } from '../types.js';

/** Whether two edits of one file touch the same characters (insertions at one offset do not). */
export function overlaps(a: TextEdit, b: TextEdit): boolean {
  return a.file === b.file && a.start < b.end && b.start < a.end;
}

/** The line ending most lines of `text` use: `\r\n` when CRLF lines outnumber bare LF ones, else `\n`. */
export function lineEndingOf(text: string): '\r\n' | '\n' {
  const crlf = text.split('\r\n').length - 1;
  return crlf > text.split('\n').length - 1 - crlf ? '\r\n' : '\n';
}

/**
 * `text` with `edits` (all of one file, none overlapping) applied. Edits at one offset apply
 * in the order given, so two insertions there keep their order. Line breaks in the inserted
 * text are written with the file's own line ending ({@link lineEndingOf}), so a CRLF file
 * stays CRLF.
 *
 * @throws {Error} for an edit outside the text (a fix computed on another version of the file).
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = edits.map((e, i) => ({ e, i })).sort((a, b) => a.e.start - b.e.start || a.i - b.i);
  const eol = lineEndingOf(text);
  let out = '';
  let cursor = 0;
  for (const { e } of sorted) {
    if (e.start < cursor || e.end > text.length || e.end < e.start)
      throw new Error(`edit ${e.start}-${e.end} of ${e.file} is outside the text or overlaps another`);
    out += text.slice(cursor, e.start) + e.text.replace(/\r?\n/g, eol);
    cursor = e.end;
  }
  return out + text.slice(cursor);
}
