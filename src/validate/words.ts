// Words in descriptions: content words, whether a text only rewords a name, code point length.

const STOP_WORDS = new Set(['a', 'an', 'the', 'to', 'of', 'for', 'this', 'that', 'tool', 'it', 'and', 'or', 'in', 'on', 'by', 'with']);

/**
 * Lower-cased content words of `text`, one at a time: runs of letters and digits, split at camelCase humps, stop words and a trailing
 * plural `s` dropped.
 */
function* words(text: string): Generator<string> {
  // word by word, so a caller can stop at the first word it needs (a 10 MB description took
  // 9 s of CPU when the whole text was rewritten twice first: soak seed 2026, case 3400)
  // runs are read 256 units at a time: an unbounded `+` over a 10 MB run of a two-byte string
  // overflowed the regexp engine's backtracking stack (soak seed 2026, cases 349, 565, ...)
  const run = /[\p{L}\p{N}]{1,256}/gu;
  for (let m = run.exec(text); m; m = run.exec(text)) {
    for (const w of m[0]
      .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)) {
      if (w === '' || STOP_WORDS.has(w)) continue;
      yield w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
    }
  }
}

/**
 * The content words of `text`, lower-cased: split on non-letters and camelCase, stop words
 * and a trailing plural `s` dropped. Used to tell whether a description only rewords a
 * name (`set_font` → "Sets the font.").
 */
export function contentWords(text: string): Set<string> {
  return new Set(words(text));
}

/**
 * True when `text` has no content word beyond those of `name` (also when it has no word at all); reads `text` only up to its first other
 * word.
 */
export function onlyRewordsName(text: string, name: string): boolean {
  const n = contentWords(name);
  for (const w of words(text)) if (!n.has(w)) return false;
  return true;
}
