/** Did-you-mean: close matches of a name by edit distance, and likely typos of a missing key. */

/**
 * Edit distance between two strings, counted in code points: insertions, deletions,
 * substitutions, and a swap of two neighbouring characters as one edit (optimal string
 * alignment), since `teir` for `tier` is one slip of the fingers, not two.
 */
function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  let before: number[] = [];
  let prev = Array.from({ length: t.length + 1 }, (_, i) => i);
  for (let i = 1; i <= s.length; i++) {
    const cur = [i];
    for (let j = 1; j <= t.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) cur[j] = Math.min(cur[j]!, before[j - 2]! + 1);
    }
    before = prev;
    prev = cur;
  }
  return prev[t.length]!;
}

/**
 * The names among `candidates` that are close to `name`: an edit distance of at most a
 * third of the name's length (at least 1, at most 3), or one containing the other,
 * compared case-insensitively with `-` read as `_`. Best first, at most `limit`.
 */
export function closeMatches(name: string, candidates: Iterable<string>, limit = 3): string[] {
  const norm = (s: string) => s.toLowerCase().replaceAll('-', '_');
  const target = norm(name);
  const maxDistance = Math.min(3, Math.max(1, Math.floor([...target].length / 3)));
  const scored: { name: string; score: number }[] = [];
  for (const candidate of candidates) {
    const c = norm(candidate);
    const d = editDistance(target, c);
    if (d <= maxDistance) scored.push({ name: candidate, score: d });
    else if (target.length >= 3 && (c.includes(target) || target.includes(c))) scored.push({ name: candidate, score: maxDistance + 1 });
  }
  scored.sort((x, y) => x.score - y.score || x.name.localeCompare(y.name));
  return scored.slice(0, limit).map((s) => s.name);
}

/**
 * ` (did you mean "serif"?)` when `input` is a string close to one of the string `values` (an enum's members), else
 * `''`: the one suffix of every "must be one of" message.
 */
export function didYouMeanValue(input: unknown, values: readonly unknown[]): string {
  if (typeof input !== 'string') return '';
  const near = closeMatches(
    input,
    values.filter((v): v is string => typeof v === 'string'),
    1,
  );
  return near.length > 0 ? ` (did you mean ${JSON.stringify(near[0])}?)` : '';
}

/** `unknown key "x"`, with `(did you mean "y"?)` when a known key is close. */
export function unknownKeyMessage(key: string, known: readonly string[]): string {
  const near = closeMatches(key, known, 1);
  return `unknown key ${JSON.stringify(key)}${near.length > 0 ? ` (did you mean ${JSON.stringify(near[0])}?)` : ''}`;
}

/**
 * The key among `present` (other than `missing` itself) that is most likely a misspelling of the missing key `missing` (`descripton` for
 * `description`), or `undefined`.
 */
export function likelyTypo(missing: string, present: Iterable<string>): string | undefined {
  return closeMatches(
    missing,
    [...present].filter((k) => k !== missing),
    1,
  )[0];
}
