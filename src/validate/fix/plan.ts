/** Plans `validate --fix`: every finding with a safe fix gets it unless its edits overlap an earlier one or it breaks clients. */

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FixOptions, FixPlan, LeftFinding, PlannedFix, ValidateFinding } from '../api-types.js';
import { exitCodeFor } from '../../shared/exit-code.js';
import { sourceFileOf } from '../ast.js';
import { checkById } from '../checks/index.js';
import { validateAnalysis } from '../run.js';
import { renameHeldBy, type PolicySite } from '../approval-rules.js';
import type { TextEdit } from '../types.js';
import { applyEdits, overlaps } from './edits.js';
import { leftAfterRenames, renameOf } from './left-after-renames.js';

const NO_FIX = 'no automatic fix';
const OVERLAP = 'its fix overlaps another fix; run --fix again';
const OPT_IN = 'apply it with --fix-breaking once the clients are updated';

/**
 * Validates `paths` with fixes and plans them: every finding whose check has a safe fix
 * gets it, in finding order, unless one of its edits overlaps an edit already planned (that
 * finding is left, to be fixed by a second run). A fix that breaks clients (`breaking`, a tool
 * rename) is left for a person with why unless `options.breaking`; a rename out of (or into)
 * an approval rule (of the configuration, or in code) is left even then. Writes nothing.
 *
 * @returns the plan: each changed file's text before (as analyzed) and after, the fixes, the
 *   findings left for a person with why, and the exit code of what is left.
 * @throws what {@link validateAnalysis} throws (`UsageError`, `ConfigError`).
 */
export function planFixes(paths: readonly string[], options: FixOptions): FixPlan {
  const { breaking, ...validateOptions } = options;
  const { result, analysis, cwd, approvalSites } = validateAnalysis(paths, { ...validateOptions, includeFixes: true });
  const fixes: PlannedFix[] = [];
  const left: LeftFinding[] = [];
  const accepted: TextEdit[] = [];
  const renames = new Map<string, string>();
  for (const finding of result.findings) {
    const { fix, ...rest } = finding;
    if (!fix || fix.edits.some((e) => accepted.some((a) => overlaps(a, e)))) {
      const manual = (checkById(finding.checkId)?.manual as Record<string, string> | undefined)?.[finding.messageId];
      left.push({ ...rest, reason: fix ? OVERLAP : (manual ?? NO_FIX) });
      continue;
    }
    const held = renameHeld(approvalSites, finding, fix.edits) ?? (fix.breaking && !breaking ? `${fix.breaking}; ${OPT_IN}` : undefined);
    if (held) {
      left.push({ ...rest, reason: held });
      continue;
    }
    accepted.push(...fix.edits);
    const rename = renameOf(finding);
    if (rename) renames.set(...rename);
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
  // what is left is told by the tools' names after the fixes (a renamed tool by its new name)
  const told = leftAfterRenames(left, renames);
  return { cwd, files: renderFiles(fixes, textOf), fixes, left: told, exitCode: exitCodeFor(countOf(told), result.maxWarnings), result };
}

/**
 * Why a tool rename must be left for a person: an approval policy (of the configuration file,
 * which the fix does not edit, or written in code: see `codeApprovalPolicies`) names the old
 * name (or matches it with a glob) in a list that would not name the new one, so the renamed
 * tool would silently leave that rule (a denied tool would run).
 */
function renameHeld(sites: readonly PolicySite[], finding: ValidateFinding, edits: readonly TextEdit[]): string | undefined {
  if (finding.checkId !== 'snake-case-name' || sites.length === 0) return undefined;
  const { name, suggestion } = finding.data;
  if (typeof name !== 'string' || typeof suggestion !== 'string') return undefined;
  return renameHeldBy(sites, name, suggestion, edits);
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
