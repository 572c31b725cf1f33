/** The checks of a string param or output field: its length in Unicode code points and its pattern, one rule for all. */

/**
 * Length of `s` in Unicode code points (not UTF-16 units, not bytes): a surrogate pair counts
 * once, as JSON Schema counts `minLength`/`maxLength` (JSON Schema 2020-12 validation, 6.3.1).
 * Counted without building an array, since the argument validator's fast path runs it per call.
 */
export function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++, n++) {
    const c = s.charCodeAt(i);
    // a high surrogate followed by a low one is one code point
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return n;
}

/** `1 character`, `2 characters`. */
export const characters = (n: number): string => `${n} character${n === 1 ? '' : 's'}`;

/**
 * Why a string of `n` code points breaks `min`/`max` (lengths in code points), in the words of
 * a zod input's string checks (`expected at least 2 characters, received 1 character`), or
 * `undefined` when it does not.
 */
export function lengthIssue(def: { min?: number; max?: number }, n: number): string | undefined {
  if (def.min !== undefined && n < def.min) return `expected at least ${characters(def.min)}, received ${characters(n)}`;
  if (def.max !== undefined && n > def.max) return `expected at most ${characters(def.max)}, received ${characters(n)}`;
  return undefined;
}

/**
 * The `pattern` of a string param or field as a RegExp, run with the `u` flag (JSON Schema
 * patterns are ECMA-262 regular expressions over code points), or `undefined` when it has none.
 *
 * @throws SyntaxError for a pattern that does not compile (`defineTool` refuses such a definition first).
 */
export const patternOf = (def: { pattern?: string }): RegExp | undefined =>
  def.pattern !== undefined ? new RegExp(def.pattern, 'u') : undefined;
