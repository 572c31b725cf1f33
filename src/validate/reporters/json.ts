/** The `json` validate format: the summary, checks and findings as data. */

import type { ValidateFinding, ValidateSummary } from '../api-types.js';
import { formatMessage } from '../messages.js';
import type { ValidateResult } from '../run-checks.js';
import type { Reporter } from './types.js';

/**
 * The result as data: `{ summary: { files, tools, errors, warnings, tiers }, checks, findings }`,
 * each finding with its formatted `message` added. What the JSON format prints and the
 * toolkit's `validate` returns.
 */
export function resultData(result: ValidateResult): {
  summary: ValidateSummary;
  checks: ValidateResult['checks'];
  findings: ValidateFinding[];
} {
  const { files, tools, errors, warnings, tiers, checks, findings } = result;
  return {
    summary: { files, tools, errors, warnings, tiers },
    checks,
    findings: findings.map((f) => ({ ...f, message: formatMessage(f) })),
  };
}

/** The result as JSON (2-space indented): {@link resultData}. */
export const json: Reporter = (result) => JSON.stringify(resultData(result), null, 2) + '\n';
