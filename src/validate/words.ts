const STOP_WORDS = new Set(['a', 'an', 'the', 'to', 'of', 'for', 'this', 'that', 'tool', 'it', 'and', 'or', 'in', 'on', 'by', 'with']);

/**
 * The content words of `text`, lower-cased: split on non-letters and camelCase, stop words
 * and a trailing plural `s` dropped. Used to tell whether a description only rewords a
 * name (`set_font` → "Sets the font.").
 */
export function contentWords(text: string): Set<string> {
  const spaced = text.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2').toLowerCase();
  const out = new Set<string>();
  for (const w of spaced.split(/[^\p{L}\p{N}]+/u)) {
    if (w === '' || STOP_WORDS.has(w)) continue;
    out.add(w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);
  }
  return out;
}

/** True when `text` has no content word beyond those of `name` (and has at least one word). */
export function onlyRewordsName(text: string, name: string): boolean {
  const t = contentWords(text);
  const n = contentWords(name);
  if (t.size === 0) return true;
  for (const w of t) if (!n.has(w)) return false;
  return true;
}

/** Length of `s` in Unicode code points (not UTF-16 units, not bytes). */
export function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}
