/** Runs every check that is not off over an analysis and collects the findings. */

import type { Analysis } from '../analysis/types.js';
import { relativeFile, setAnalysisCwd } from './ast.js';
import type { Check } from './define-check.js';
import { CHECKS, type CheckId } from './checks/index.js';
import { fillTemplate } from '../util/fill-template.js';
import { tierCost, toolsOfTier, type TierCost } from './tier-cost.js';
import type { Finding, Limits, Severity } from './types.js';
import type { PolicySite } from './approval-rules.js';

/** One check's line in the report: its effective severity and what it found. */
export interface CheckOutcome {
  id: CheckId;
  title: string;
  severity: Severity;
  /** `off` when the severity is off, `fail` when it has findings (errors or warnings), else `pass`. */
  status: 'pass' | 'fail' | 'off';
  errors: number;
  warnings: number;
}

/**
 * The whole result of a run, the input of every reporter.
 *
 * - `findings`: sorted by file, line, column, check order; `off` checks contribute none.
 * - `checks`: every check, in registry order.
 * - `tiers`: tool count and token cost of each tier (see {@link TierCost}).
 */
export interface ValidateResult {
  files: number;
  tools: number;
  findings: Finding[];
  checks: CheckOutcome[];
  tiers: { core: TierCost; extended: TierCost };
  /**
   * The profile that ran (`full`, or `tools`: architecture checks off) and, when the folder
   * holds tools written with another library (so `tools` was chosen for it), what was found,
   * e.g. `13 registerTool calls`.
   */
  profile: RunProfile;
  errors: number;
  warnings: number;
}

/** See {@link ValidateResult.profile}. */
export interface RunProfile {
  name: 'full' | 'tools';
  layout?: string;
}

/** What {@link runChecks} needs besides the analysis. */
export interface RunChecksOptions {
  /** The profile the severities were resolved with, reported in the summary; default `full`. */
  profile?: RunProfile;
  /** Findings' `file` is relative to this folder. */
  cwd: string;
  severities: Record<CheckId, Severity>;
  limits: Limits;
  /** Drops findings in files it matches (`ignore` globs). */
  ignored?: (file: string) => boolean;
  /** Attach each finding's automatic fix when its check has one (checks compute them only then). */
  fixes?: boolean;
  /** The approval policies read (configuration and code), for the approval-rules check; none when not given. */
  approvalSites?: readonly PolicySite[];
}

const ORDER = new Map<string, number>(CHECKS.map((c, i) => [c.id, i]));

function compare(a: Finding, b: Finding): number {
  return a.file < b.file
    ? -1
    : a.file > b.file
      ? 1
      : a.line - b.line ||
        a.column - b.column ||
        ORDER.get(a.checkId)! - ORDER.get(b.checkId)! ||
        (a.messageId < b.messageId ? -1 : a.messageId > b.messageId ? 1 : 0);
}

function folderOf(analysis: Analysis): { file: string; line: number; column: number } {
  // the registry module stands for the toolbox: createRegistry's file, else ALL_TOOLS's, else a tier's
  const { core, extended, all, createRegistry } = analysis.registries;
  const registry = createRegistry ?? all ?? core ?? extended;
  if (registry) return { file: registry.file, line: 1, column: 1 };
  const first = analysis.sourceFiles[0];
  const file = analysis.tools[0]?.file ?? (first ? relativeFile(analysis, first.getFilePath()) : '.');
  return { file, line: 1, column: 1 };
}

/**
 * Runs every check that is not `off` over `analysis` and collects the result. Pure apart
 * from reading the analysis; a check that throws is a bug and the error propagates
 * (the CLI exits 2).
 */
export function runChecks(analysis: Analysis, options: RunChecksOptions): ValidateResult {
  setAnalysisCwd(analysis, options.cwd);
  const findings: Finding[] = [];
  const checks: CheckOutcome[] = [];
  const folder = folderOf(analysis);
  for (const check of CHECKS as readonly Check[]) {
    const severity = options.severities[check.id as CheckId];
    const outcome: CheckOutcome = { id: check.id as CheckId, title: check.title, severity, status: 'off', errors: 0, warnings: 0 };
    checks.push(outcome);
    if (severity === 'off') continue;
    const warnOnly = new Set<string>(check.warnOnly ?? []);
    const ignored = check.readsIgnored === undefined ? options.ignored : undefined;
    check.run({
      analysis,
      limits: options.limits,
      folder,
      fixes: options.fixes === true,
      approvalSites: options.approvalSites ?? [],
      cwd: options.cwd,
      ...(ignored ? { ignored } : {}),
      report(input) {
        if (ignored?.(input.file)) return;
        const data = input.data ?? {};
        const hint = check.hints?.[input.messageId];
        const effective = severity === 'warn' || warnOnly.has(input.messageId) ? 'warn' : 'error';
        findings.push({
          checkId: check.id,
          severity: effective,
          messageId: input.messageId,
          data,
          file: input.file,
          line: input.line,
          column: input.column,
          ...(hint ? { hint: fillTemplate(hint, data) } : {}),
          ...(options.fixes && input.fix ? { fix: input.fix } : {}),
        });
        if (effective === 'error') outcome.errors++;
        else outcome.warnings++;
      },
    });
    outcome.status = outcome.errors + outcome.warnings > 0 ? 'fail' : 'pass';
  }
  findings.sort(compare);
  const errors = findings.filter((f) => f.severity === 'error').length;
  return {
    files: analysis.sourceFiles.length,
    tools: analysis.tools.length,
    findings,
    checks,
    tiers: { core: tierCost(toolsOfTier(analysis, 'core')), extended: tierCost(toolsOfTier(analysis, 'extended')) },
    profile: options.profile ?? { name: 'full' },
    errors,
    warnings: findings.length - errors,
  };
}
