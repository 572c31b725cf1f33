/** Pairs removed and added names as renames, never guessing between equal candidates. */

/**
 * Which added names are renames of removed names: a removed name `r` and an added name `a`
 * pair when `similar(r, a)` and neither has any other match among the others. Ambiguity is
 * never guessed: two equal candidates leave both unpaired (a removal and an addition).
 *
 * @returns added name → removed name.
 */
export function pairRenames(
  removed: readonly string[],
  added: readonly string[],
  similar: (removed: string, added: string) => boolean,
): Map<string, string> {
  const pairs = new Map<string, string>();
  const matches = new Map(removed.map((r) => [r, added.filter((a) => similar(r, a))]));
  for (const a of added) {
    const candidates = removed.filter((r) => matches.get(r)!.includes(a));
    if (candidates.length === 1 && matches.get(candidates[0]!)!.length === 1) pairs.set(a, candidates[0]!);
  }
  return pairs;
}
