/** What `validate --fix` did, for a person: one line per fix, or the plan as a unified diff. */

import { createTwoFilesPatch } from 'diff';
import type { Colors } from '../../shared/colors.js';
import type { FixPlan, LeftFinding, PlannedFix } from '../api-types.js';

/**
 * The plan's changes as one unified diff (`--- a/file`, `+++ b/file`, 3 lines of context),
 * paths relative to the plan's folder, so `git apply` or `patch -p1` can apply it there.
 * Empty when nothing changes.
 */
export function fixPlanDiff(plan: Pick<FixPlan, 'files'>): string {
  return plan.files
    .filter((f) => f.before !== f.after)
    .map((f) =>
      createTwoFilesPatch(`a/${f.file}`, `b/${f.file}`, f.before, f.after, undefined, undefined, { context: 3 }).replace(/^=+\n/, ''),
    )
    .join('');
}

/** What `validate --fix` did, for a person. */
export interface FixReportInput {
  applied: readonly PlannedFix[];
  left: readonly LeftFinding[];
  /** Fixes not applied because a file they edit changed on disk; `stale` names those files. */
  skipped: readonly PlannedFix[];
  stale: readonly string[];
  /** `true` for `--fix-dry-run`: says what would change. */
  dryRun?: boolean;
}

const fixLine = (f: PlannedFix, c: Colors) => `  ${c.dim(`${f.file}:${f.line}`)}  ${f.checkId}  ${f.before} ${c.dim('→')} ${f.after}`;

/**
 * One line per fix (`file:line  check-id  before → after`), the fixes skipped because a file
 * changed on disk since it was read, then the findings left for a person with why.
 */
export function formatFixReport(input: FixReportInput, c: Colors): string {
  const out: string[] = [];
  const n = input.applied.length;
  out.push(`${input.dryRun ? 'would fix' : 'fixed'} ${n} finding${n === 1 ? '' : 's'}${n ? ':' : ''}`);
  for (const f of input.applied) out.push(fixLine(f, c));
  if (input.skipped.length > 0) {
    out.push(`not fixed, changed on disk since it was read (${input.stale.join(', ')}); run --fix again:`);
    for (const f of input.skipped) out.push(fixLine(f, c));
  }
  if (input.left.length > 0) {
    out.push(`left for a person (${input.left.length}):`);
    for (const f of input.left) {
      const sev = f.severity === 'error' ? c.red('error') : c.yellow('warn ');
      out.push(`  ${c.dim(`${f.file}:${f.line}:${f.column}`)}  ${sev}  ${f.message}  ${c.dim(f.checkId)}`);
      out.push(`      ${c.dim(`${f.reason}${f.hint ? `; hint: ${f.hint}` : ''}`)}`);
    }
  }
  return out.join('\n') + '\n';
}
