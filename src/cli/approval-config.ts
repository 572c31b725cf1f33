/** The project's approval policy for a command: the configuration's `approval` key plus the names or globs given with `--approve`. */

import type { ApprovalPolicy } from '../core/approval.js';
import { approvalListMatcher } from '../core/approval-match.js';
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
