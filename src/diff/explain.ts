/** `agent-tools explain <id>`: the documentation of a validate check or a diff rule. */

import { closeMatches } from '../core/suggest.js';
import { UsageError } from '../shared/errors.js';
import { CHECK_IDS, checkById } from '../validate/checks/index.js';
import { explain as explainCheck } from '../validate/explain.js';
import { explainRule } from './docs.js';
import { DIFF_RULE_IDS, diffRuleById } from './rules/index.js';

/**
 * The documentation of a validate check or a diff rule (their ids never collide; a test holds
 * it), as Markdown: what `agent-tools explain <id>` prints.
 *
 * @throws {UsageError} for an id that is neither, naming close matches among both and every id.
 */
export function explainId(id: string): string {
  if (checkById(id)) return explainCheck(id);
  if (diffRuleById(id)) return explainRule(id);
  const near = closeMatches(id, [...CHECK_IDS, ...DIFF_RULE_IDS]);
  const guess = near.length > 0 ? `; did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : '';
  throw new UsageError(
    `unknown check or diff rule "${id}"${guess} (checks: ${CHECK_IDS.join(', ')}; diff rules: ${DIFF_RULE_IDS.join(', ')})`,
    'explain',
  );
}
