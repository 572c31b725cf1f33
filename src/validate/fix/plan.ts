/** Plans `validate --fix`: every finding with a safe fix gets it unless its edits overlap an earlier one. */

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FixPlan, LeftFinding, PlannedFix, ValidateFinding, ValidateOptions } from '../api-types.js';
import { exitCodeFor } from '../../shared/exit-code.js';
import { sourceFileOf } from '../ast.js';
import { checkById } from '../checks/index.js';
import { validateAnalysis } from '../run.js';
import type { TextEdit } from '../types.js';
import { applyEdits, overlaps } from './edits.js';

const NO_FIX = 'no automatic fix';
const OVERLAP = 'its fix overlaps another fix; run --fix again';

/**
 * Validates `paths` with fixes and plans them: every finding whose check has a safe fix
 * gets it, in finding order, unless one of its edits overlaps an edit already planned (that
 * finding is left, to be fixed by a second run). Writes nothing.
 *
 * @returns the plan: each changed file's text before (as analyzed) and after, the fixes, the
 *   findings left for a person with why, and the exit code of what is left.
 * @throws what {@link validateAnalysis} throws (`UsageError`, `ConfigError`).
 */
export function planFixes(paths: readonly string[], options: ValidateOptions): FixPlan {
  const { result, analysis, cwd } = validateAnalysis(paths, { ...options, includeFixes: true });
  const fixes: PlannedFix[] = [];
  const left: LeftFinding[] = [];
  const accepted: TextEdit[] = [];
  for (const finding of result.findings) {
    const { fix, ...rest } = finding;
    if (!fix || fix.edits.some((e) => accepted.some((a) => overlaps(a, e)))) {
      const manual = (checkById(finding.checkId)?.manual as Record<string, string> | undefined)?.[finding.messageId];
      left.push({ ...rest, reason: fix ? OVERLAP : (manual ?? NO_FIX) });
      continue;
    }
    accepted.push(...fix.edits);
    fixes.push({
      checkId: finding.checkId,
      severity: finding.severity,
      messageId: finding.messageId,
      file: finding.file,
      line: finding.line,
      column: finding.column,
      ...fix,
    });
  }
  const textOf = (file: string) => {
    const disk = readFileSync(resolve(cwd, file), 'utf8');
    const analyzed = sourceFileOf(analysis, file)?.getFullText();
    // the parser drops a byte order mark: keep the text as on disk then, which --fix compares before writing
    return analyzed === undefined || disk === BOM + analyzed ? disk : analyzed;
  };
  return { cwd, files: renderFiles(fixes, textOf), fixes, left, exitCode: exitCodeFor(countOf(left), result.maxWarnings), result };
}

function countOf(findings: readonly Pick<ValidateFinding, 'severity'>[]): { errors: number; warnings: number } {
  const errors = findings.filter((f) => f.severity === 'error').length;
  return { errors, warnings: findings.length - errors };
}

/**
 * Each file the fixes edit, with its text before and after them, sorted by path. A file that
 * starts with a byte order mark keeps it: the parser's positions count from after the mark, so
 * the edits apply to the text without it and the mark is put back in front.
 */
export function renderFiles(fixes: readonly PlannedFix[], textOf: (file: string) => string): FixPlan['files'] {
  const byFile = new Map<string, PlannedFix['edits']>();
  for (const f of fixes) for (const e of f.edits) byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
  return [...byFile.keys()].sort().map((file) => {
    const before = textOf(file);
    const bom = before.startsWith(BOM) ? BOM : '';
    return { file, before, after: bom + applyEdits(before.slice(bom.length), byFile.get(file)!) };
  });
}

const BOM = '\uFEFF';
