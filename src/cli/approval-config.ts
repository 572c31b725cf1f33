/** The project's approval policy for a command: the configuration's `approval` key plus the names or globs given with `--approve`. */

import type { ApprovalPolicy } from '../core/approval.js';
import { approvalListMatcher, unmatchedApprovalRules } from '../core/approval-match.js';
import { closeMatches } from '../core/suggest.js';
import type { LoadedApprovalPolicy } from '../validate/approval-policy-file.js';

/**
 * The policy a command runs with: the configuration's, with `approve` (names or globs from
 * `--approve`) added to its allow list. `undefined` when there is neither.
 */
export function commandPolicy(loaded: LoadedApprovalPolicy, approve: readonly string[] = []): ApprovalPolicy | undefined {
  if (!loaded.policy && approve.length === 0) return undefined;
  return { ...loaded.policy, allow: [...(loaded.policy?.allow ?? []), ...approve] };
}

/**
 * The `--approve` values that match none of `names` (matched as the policy matches them, see
 * `approvalListMatcher`: an exact name or a glob), each with the closest names, best first, for a
 * did-you-mean: a misspelt `--approve remove_usr` would otherwise approve nothing, silently.
 */
export function unmatchedApprovals(approve: readonly string[], names: readonly string[]): { rule: string; near: string[] }[] {
  return approve.flatMap((rule) => {
    const matches = approvalListMatcher([rule], 'allow');
    return names.some((n) => matches(n) !== undefined) ? [] : [{ rule, near: closeMatches(rule, names) }];
  });
}

/**
 * One warning (without the `agent-tools: warning: ` prefix) for each rule of the configuration's approval lists that
 * matches none of `names`, the tools a command runs (see `unmatchedApprovalRules`), with a did-you-mean: a misspelt
 * `"deny": ["get_tme"]` stops nothing, and validate reports it, but `call` and `serve` run the tools and should say so
 * too. A warning, not an error: one configuration may serve several modules. `skills` says a skill enabled later may
 * bring a tool of that name.
 */
export function unmatchedConfigRules(loaded: LoadedApprovalPolicy, names: readonly string[], module: string, skills = false): string[] {
  if (!loaded.policy) return [];
  return unmatchedApprovalRules(loaded.policy, names).map(({ list, rule, suggestions }) => {
    const mean = suggestions.length > 0 ? ` (did you mean ${suggestions.map((n) => JSON.stringify(n)).join(', ')}?)` : '';
    const of = `${module}${skills ? ' or of the enabled skills' : ''}`;
    return `approval.${list} ${JSON.stringify(rule)} of ${loaded.source ?? 'the configuration'} matches no tool of ${of}${mean}, so it applies to none`;
  });
}
