/** The one matcher of an approval policy's lists: exact tool names, else picomatch globs. */

import picomatch from 'picomatch';

/**
 * Compiles one list of an approval policy (`allow`, `ask` or `deny`): exact tool names, and
 * picomatch globs (`delete_*`, `{drop,purge}_*`, `*`; dotfiles matched). The function returns
 * the entry that matches `name` (the name itself, else the first glob), `undefined` when none does.
 *
 * @param where the list's key, for errors (`deny`).
 * @throws {TypeError} for a list that is not an array of non-empty strings, naming it (`approval.deny[2]`).
 */
export function approvalListMatcher(list: readonly string[] | undefined, where: string): (name: string) => string | undefined {
  if (list === undefined) return () => undefined;
  if (!Array.isArray(list)) throw new TypeError(`approval.${where}: expected an array of tool names or globs`);
  const exact = new Set<string>();
  const globs: { pattern: string; test: (name: string) => boolean }[] = [];
  for (const [i, p] of list.entries()) {
    if (typeof p !== 'string' || p.trim() === '')
      throw new TypeError(`approval.${where}[${i}]: expected a tool name or glob, got ${JSON.stringify(p) ?? String(p)}`);
    if (picomatch.scan(p).isGlob) globs.push({ pattern: p, test: picomatch(p, { dot: true }) });
    else exact.add(p);
  }
  return (name) => (exact.has(name) ? name : globs.find((g) => g.test(name))?.pattern);
}
