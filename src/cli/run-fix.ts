/** Runs `validate --fix`, `--fix-dry-run` and `--fix-breaking`: plans the fixes and writes them atomically. */

import { exitCodeFor } from '../shared/exit-code.js';
import type { ValidateOptions, ValidateResult } from '../validate/api-types.js';
import { applyFixPlan } from '../validate/fix/apply.js';
import { planFixes } from '../validate/fix/plan.js';
import { fixPlanDiff, formatFixReport } from '../validate/fix/report.js';
import type { ValidateCommandOptions } from './run-validate.js';

/**
 * `agent-tools validate --fix` / `--fix-dry-run`: plans the fixes; with `--fix` writes them
 * (atomically, leaving files changed on disk since they were read) and prints what changed
 * and what is left on stdout; with `--fix-dry-run` prints the unified diff on stdout and the
 * report on stderr, writing nothing. Fixes that break clients (tool renames) are left for a
 * person with why unless `--fix-breaking`.
 *
 * @returns the exit code of what is left (1 when an error is left, or more warnings than `--max-warnings`).
 */
export function runFix(
  paths: readonly string[],
  validateOptions: ValidateOptions,
  options: Pick<ValidateCommandOptions, 'fixDryRun' | 'fixBreaking' | 'colors' | 'stdout' | 'stderr'>,
): { result: ValidateResult; exitCode: 0 | 1; notices: string[] } {
  const plan = planFixes(paths, { ...validateOptions, breaking: options.fixBreaking === true });
  const notices = plan.result.notices;
  if (options.fixDryRun) {
    options.stdout(fixPlanDiff(plan));
    options.stderr?.(formatFixReport({ applied: plan.fixes, left: plan.left, skipped: [], stale: [], dryRun: true }, options.colors));
    return { result: plan.result, exitCode: plan.exitCode, notices };
  }
  const outcome = applyFixPlan(plan);
  options.stdout(
    formatFixReport({ applied: outcome.applied, left: plan.left, skipped: outcome.skipped, stale: outcome.stale }, options.colors),
  );
  const still = [...plan.left, ...outcome.skipped];
  const errors = still.filter((f) => f.severity === 'error').length;
  return { result: plan.result, exitCode: exitCodeFor({ errors, warnings: still.length - errors }, plan.result.maxWarnings), notices };
}
