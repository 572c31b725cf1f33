/** The words tool search compares: snake and camel case split, lower-cased, lightly stemmed; CJK as character pairs. */

// Text is split on snake case, camel case and anything that is not a letter or digit; Chinese and Japanese, written
// without spaces, become overlapping pairs of characters.

/** A run of Han, Hiragana, Katakana or Hangul characters (scripts written without spaces between words). */
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー々]+/gu;

/** Runs of letters and digits (any script other than those above). */
const WORD_RUN = /[\p{L}\p{N}]+/gu;

/** Camel case boundaries: `setFontSize` → set Font Size, `HTMLParser` → HTML Parser, `svg2Png` → svg 2 Png. */
const CAMEL = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;

// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included
const ASCII_ONLY = /^[\x00-\x7f]*$/;

/** The ASCII case of {@link searchWords}, same rules: runs of letters and digits, split where case or letter/digit changes. */
function asciiWords(text: string, out: string[]): void {
  let start = -1;
  const flush = (end: number) => {
    if (start < 0) return;
    const w = text.slice(start, end).toLowerCase();
    start = -1;
    if (!STOP_WORDS.has(w)) out.push(stem(w));
  };
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    const upper = c >= 65 && c <= 90;
    const lower = c >= 97 && c <= 122;
    const digit = c >= 48 && c <= 57;
    if (!upper && !lower && !digit) {
      flush(i);
      continue;
    }
    if (start >= 0) {
      const p = text.charCodeAt(i - 1);
      const pUpper = p >= 65 && p <= 90;
      const pDigit = p >= 48 && p <= 57;
      const nextLower = i + 1 < text.length && text.charCodeAt(i + 1) >= 97 && text.charCodeAt(i + 1) <= 122;
      // setFont | HTMLParser (before the P of Parser) | svg2 | 2png
      if ((upper && !pUpper) || (upper && pUpper && nextLower) || digit !== pDigit) flush(i);
    }
    if (start < 0) start = i;
  }
}

/** English words too common in requests and descriptions to tell tools apart. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be by can could do does for from has have how i if in into is it its me my of on or our please ' +
    'should so that the their them then there these this those to us was we what when where which while who will with ' +
    'would you your want need like some any all'
  ).split(' '),
);

/**
 * A light English stemmer (plural and verb endings), so "fonts" finds "font" and "resizing"
 * finds "resize": the same rule on both sides, never a dictionary.
 */
export function stem(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ing') && word.length > 5) return trimE(word.slice(0, -3));
  if (word.endsWith('ed') && word.length > 4) return trimE(word.slice(0, -2));
  if (word.endsWith('es') && /(?:ch|sh|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) return trimE(word.slice(0, -1));
  return trimE(word);
}

/** Drops a final silent `e` and a doubled last consonant, so resize/resiz(ing) and drag/dragg(ed) meet. */
function trimE(w: string): string {
  if (w.length > 3 && w.endsWith('e')) return w.slice(0, -1);
  if (w.length > 3 && /([bdglmnprt])\1$/.test(w)) return w.slice(0, -1);
  return w;
}

/**
 * The words of `text` for tool search, in order, repeats kept (they count as term frequency).
 * Latin and other spaced scripts: split on non-letters, snake case and camel case, lower
 * case, stop words dropped, stemmed. Chinese and Japanese runs (no spaces between words, the
 * reason the prompt router matches them as plain substrings): each pair of neighbouring
 * characters, so a substring of two or more characters shared by query and tool matches;
 * a run of one character is kept as is.
 */
export function searchWords(text: string): string[] {
  const out: string[] = [];
  // Most tool text is ASCII: split it with plain character tests (the Unicode regexes below cost ten times more).
  if (ASCII_ONLY.test(text)) {
    asciiWords(text, out);
    return out;
  }
  const spaced = text.replace(CJK_RUN, (run) => {
    const chars = [...run];
    if (chars.length === 1) out.push(run);
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
    return ' ';
  });
  for (const run of spaced.match(WORD_RUN) ?? []) {
    for (const part of run.split(CAMEL)) {
      const w = part.toLowerCase();
      if (w === '' || STOP_WORDS.has(w)) continue;
      out.push(stem(w));
    }
  }
  return out;
}
