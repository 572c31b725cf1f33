import type { TextEdit } from '../types.js';

/** Whether two edits of one file touch the same characters (insertions at one offset do not). */
export function overlaps(a: TextEdit, b: TextEdit): boolean {
  return a.file === b.file && a.start < b.end && b.start < a.end;
}

/**
 * `text` with `edits` (all of one file, none overlapping) applied. Edits at one offset apply
 * in the order given, so two insertions there keep their order.
 *
 * @throws {Error} for an edit outside the text (a fix computed on another version of the file).
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = edits.map((e, i) => ({ e, i })).sort((a, b) => a.e.start - b.e.start || a.i - b.i);
  let out = '';
  let cursor = 0;
  for (const { e } of sorted) {
    if (e.start < cursor || e.end > text.length || e.end < e.start)
      throw new Error(`edit ${e.start}-${e.end} of ${e.file} is outside the text or overlaps another`);
    out += text.slice(cursor, e.start) + e.text;
    cursor = e.end;
  }
  return out + text.slice(cursor);
}
