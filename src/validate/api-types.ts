/** The shapes `validate` takes and returns (options, result, fix plan, check info), as `agent-tools/toolkit` publishes them. */

// Plain data that survives `JSON.stringify`. Type-only.

import type { ProgressCallback } from '../shared/progress.js';
import type { Colors } from '../shared/colors.js';
import type { ValidateConfig } from './config.js';
import type { CheckScope } from './define-check.js';
import type { CheckOutcome, RunProfile } from './run-checks.js';
import type { TierCost } from './tier-cost.js';
import type { Finding, Fix, Severity } from './types.js';

/**
 * Options of `validate`: the configuration keys (see {@link ValidateConfig}) plus where to run.
 * Keys given here win over the configuration file's: `checks` and `limits` key by key,
 * `callees` are added to the file's, every other key replaces the file's value.
 */
export interface ValidateOptions extends Omit<ValidateConfig, '$schema'> {
  /** Folder that relative paths, the configuration file and findings' `file` are relative to; default `process.cwd()`. */
  cwd?: string;
  /**
   * The configuration file to read (relative to `cwd`), as `--config`; `false` reads none.
   * Default: `agent-tools.config.json` in `cwd`, else the `agentTools` key of its `package.json`.
   */
  configFile?: string | false;
  /** Progress of the extraction; never called for fewer than one file. */
  onProgress?: ProgressCallback;
  /**
   * Attach to each finding its automatic fix (`fix`: text edits), when its check has a safe
   * one; default `false` (computing fixes costs time). `fix` and `applyFixes` use this.
   */
  includeFixes?: boolean;
}

/** Options of `fix`: those of `validate`, and whether fixes that break clients are applied too. */
export interface FixOptions extends ValidateOptions {
  /**
   * Also plan the fixes that break clients (a {@link Fix} with `breaking`, e.g. a tool rename),
   * as `validate --fix-breaking` does; default `false`: they are left for a person with why.
   */
  breaking?: boolean;
}

/**
 * One finding with its words: the check's message filled in (`message`), and the fix
 * (`hint`) when the check has one. `file` is relative to `cwd`, `/`-separated; `line` and
 * `column` are 1-based, `column` in UTF-16 code units (as editors and SARIF count).
 */
export interface ValidateFinding extends Finding {
  message: string;
}

/** The counts of a run: files analyzed, tools found, findings by severity, and each tier's tool count and token cost. */
export interface ValidateSummary {
  files: number;
  tools: number;
  errors: number;
  warnings: number;
  tiers: { core: TierCost; extended: TierCost };
}

/**
 * What `validate` returns. `summary`, `checks` and `findings` are exactly what
 * `agent-tools validate --format json` prints; `exitCode` is the code the CLI exits with
 * (0 clean or warnings within `maxWarnings`, 1 errors or more warnings than `maxWarnings`).
 */
export interface ValidateResult {
  summary: ValidateSummary;
  /** All checks in report order, each with its effective severity and status. */
  checks: CheckOutcome[];
  /** Sorted by file, line, column, then check order. */
  findings: ValidateFinding[];
  /**
   * The profile that ran (`full`, or `tools`: architecture checks off) and, for a folder of
   * tools written with another library (then `tools` is chosen for it), what was found,
   * e.g. `13 registerTool calls`.
   */
  profile: RunProfile;
  /**
   * Warnings for a person, not findings (they never change `exitCode`): each path glob and
   * each configuration `ignore` pattern that matches no analyzed file, by name.
   */
  notices: string[];
  exitCode: 0 | 1;
  /** The warning limit in force (options, else the configuration file), if any. */
  maxWarnings?: number;
  /** Absolute path of the configuration file that was read, if any. */
  configFile?: string;
}

/** The formats of `formatFindings`, as `agent-tools validate --format`. */
export type FindingsFormat = 'text' | 'markdown' | 'json' | 'sarif' | 'github';

/** Options of `formatFindings`. */
export interface FormatFindingsOptions {
  /**
   * Color functions (picocolors' shape) for the `text` format; default none (plain text).
   * The toolkit never decides to color: a front end passes colors when its output is a terminal.
   */
  colors?: Colors;
  /** Leave warnings out of the listing (as `--quiet`); the counts still include them. */
  errorsOnly?: boolean;
}

/**
 * One fix of a plan: the finding it fixes (check, message id, 1-based position) and the fix
 * itself (`before`, `after` in a few words, and the text edits).
 */
export interface PlannedFix extends Fix {
  checkId: string;
  /** The finding's severity: a fix that could not be applied leaves it counting. */
  severity: 'error' | 'warn';
  messageId: string;
  file: string;
  line: number;
  column: number;
}

/**
 * A finding no fix covers, and why (`reason`: the check says a person must decide, no safe fix,
 * its fix overlaps another, or its fix breaks clients and `breaking` was not asked for).
 */
export interface LeftFinding extends Omit<ValidateFinding, 'fix'> {
  reason: string;
}

/**
 * What `fix` plans; nothing is written until `applyFixes`.
 *
 * - `cwd`: absolute; `file` paths are relative to it.
 * - `files`: each file the fixes change, its text as analyzed (`before`) and after the fixes.
 * - `fixes`: in finding order; `left`: the findings still there after them.
 * - `exitCode`: what `validate` would exit with once the fixes are written (from `left`).
 * - `result`: the validate result the plan was made from (each fixable finding with its `fix`).
 */
export interface FixPlan {
  cwd: string;
  files: { file: string; before: string; after: string }[];
  fixes: PlannedFix[];
  left: LeftFinding[];
  exitCode: 0 | 1;
  result: ValidateResult;
}

/**
 * What `applyFixes` did: the fixes `applied`, those `skipped` because a file they edit
 * changed on disk since the plan was made (`stale`), and the files `written`.
 */
export interface FixOutcome {
  applied: PlannedFix[];
  skipped: PlannedFix[];
  written: string[];
  stale: string[];
}

/** One check with its metadata and documentation, as `explain` prints it. */
export interface CheckInfo {
  /** kebab-case, e.g. `snake-case-name`. */
  id: string;
  title: string;
  scope: CheckScope;
  /** The default severity; configuration can change it. */
  severity: Exclude<Severity, 'off'>;
  /** One paragraph: what the check requires and why. */
  summary: string;
  /** Further paragraphs: what exactly the check reads and reports (empty for most checks). */
  details: string[];
  /** A failing and a passing example (TypeScript; several files marked with `// @file <path>` lines). */
  failing: string;
  passing: string;
  /** Message templates by message id, with `{{key}}` placeholders filled from a finding's `data`. */
  messages: Record<string, string>;
}
