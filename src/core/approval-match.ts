/** The one matcher of an approval policy's lists: exact tool names, else picomatch globs. */

import picomatch from 'picomatch';
import { closeMatches } from './suggest.js';

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

/** One entry of an approval policy that no tool matches (see {@link unmatchedApprovalRules}). */
export interface UnmatchedApprovalRule {
  /** The list that holds it. */
  list: 'allow' | 'ask' | 'deny';
  /** Its 0-based index in that list. */
  index: number;
  rule: string;
  /** The closest tool names, for a did-you-mean (see `closeMatches`); empty when none is near. */
  suggestions: string[];
}

const POLICY_LISTS = ['allow', 'ask', 'deny'] as const;

/**
 * The entries of `policy` (`{ allow?, ask?, deny? }`: exact names or picomatch globs, matched as
 * every adapter matches them) that match none of `toolNames`, in list order (`allow`, `ask`,
 * `deny`), each with the closest names. A misspelt `deny: ['remove_usr']` guards nothing; the
 * adapters do not refuse it, since a tool set may gain a skill's tools after it is built. Call it
 * with the names of the tools you serve (`Object.keys(toolsToAI(...))`, `registry.all` mapped
 * to names) where a rule that names nothing should be told. Returns data; prints nothing.
 *
 * @throws {TypeError} for a list that is not an array of non-empty strings (as the adapters do).
 */
export function unmatchedApprovalRules(
  policy: { allow?: readonly string[]; ask?: readonly string[]; deny?: readonly string[] },
  toolNames: Iterable<string>,
): UnmatchedApprovalRule[] {
  const names = [...toolNames];
  const out: UnmatchedApprovalRule[] = [];
  for (const list of POLICY_LISTS) {
    approvalListMatcher(policy[list], list);
    for (const [index, rule] of (policy[list] ?? []).entries()) {
      const matches = approvalListMatcher([rule], list);
      if (!names.some((n) => matches(n) !== undefined)) out.push({ list, index, rule, suggestions: closeMatches(rule, names) });
    }
  }
  return out;
}
