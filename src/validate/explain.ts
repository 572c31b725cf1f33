/** The documentation of one check, as `agent-tools explain <id>` prints it. */

import { UsageError } from '../shared/errors.js';
import { closeMatches } from '../core/suggest.js';
import { CHECK_IDS, checkById } from './checks/index.js';
import { renderCheckDocs, SEVERITY_POLICY } from './docs.js';

/**
 * The documentation of check `id` as Markdown (the same section as in `node_modules/agent-tools/docs/checks.md`),
 * followed by the severity policy ({@link SEVERITY_POLICY}).
 *
 * @throws {UsageError} for an unknown id, naming close matches and the list of ids.
 */
export function explain(id: string): string {
  const check = checkById(id);
  if (!check) {
    const near = closeMatches(id, CHECK_IDS);
    const guess = near.length > 0 ? `; did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : '';
    throw new UsageError(`unknown check "${id}"${guess} (checks: ${CHECK_IDS.join(', ')})`, 'explain');
  }
  return `${renderCheckDocs(check, CHECK_IDS.indexOf(check.id as (typeof CHECK_IDS)[number]) + 1)}\n${SEVERITY_POLICY}\n`;
}
