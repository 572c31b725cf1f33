/** The shapes of validate: severities, findings, text edits, fixes and limits. */

import type { PolicySite } from './approval-rules.js';
import type { Analysis } from '../analysis/types.js';

/** How a check's findings count: `error` fails the run, `warn` is reported, `off` is neither printed nor counted. */
export type Severity = 'error' | 'warn' | 'off';

/** Values substituted into a message template's `{{key}}` placeholders. */
export type MessageData = Record<string, string | number>;

/**
 * One thing a check found: data, not prose. Words come from the check's message
 * templates through `formatMessage`, so every reporter says the same thing.
 *
 * - `file`: path relative to the working directory, `/`-separated.
 * - `line`, `column`: 1-based; `column` counts UTF-16 code units, as editors and SARIF do.
 * - `severity`: the effective severity after configuration (never `off`).
 * - `hint`: the suggested fix, already formatted, when the check has one for this message.
 */
export interface Finding {
  checkId: string;
  severity: 'error' | 'warn';
  messageId: string;
  data: MessageData;
  file: string;
  line: number;
  column: number;
  hint?: string;
  /** The automatic fix, present only when fixes were asked for (`includeFixes`) and the check has a safe one. */
  fix?: Fix;
}

/**
 * One text edit: replace the characters `start` to `end` (0-based offsets in UTF-16 code
 * units, `end` exclusive; equal for an insertion) of `file` (relative to the working
 * directory, `/`-separated, as in {@link Finding}) with `text`. Offsets are into the file's
 * text as it was analyzed.
 */
export interface TextEdit {
  file: string;
  start: number;
  end: number;
  text: string;
}

/**
 * A check's automatic fix for one finding, declared next to the finding as data: the edits
 * (possibly in several files) that make the finding go away, applied all or none. `before`
 * and `after` say in a few words what changes (e.g. `name: "setFont"` → `name: "set_font"`).
 */
export interface Fix {
  before: string;
  after: string;
  edits: TextEdit[];
  /**
   * Set when the fix changes what clients see in a way that breaks them (a tool rename: a
   * client or a saved conversation that calls the old name fails, which `diff` reports as
   * breaking): why, in a few words. `validate --fix` leaves such a fix for a person and applies
   * it only with `--fix-breaking` (`breaking: true` of `fix`).
   */
  breaking?: string;
}

/** The numeric limits checks use; every one can be set in the configuration file. */
export interface Limits {
  /** Most tools in the core tier (default 30). */
  coreMaxTools: number;
  /** Most tokens the core tier's input schemas may cost (default 3 000, counted in the o200k_base encoding). */
  coreMaxTokens: number;
  /** Fewest code points in a tool description (default 20). */
  descriptionMin: number;
  /** Most code points in a tool description (default 1 024). */
  descriptionMax: number;
  /** Tool names longer than this many characters get a warning (default 40; 64 is always an error). */
  nameWarnLength: number;
}

/** What a check's `run` receives. */
export interface CheckContext<M extends string = string> {
  analysis: Analysis;
  limits: Limits;
  /**
   * Where a finding about the folder as a whole points (a missing registry or adapter), at 1:1:
   * the registry module (the file calling `createRegistry`, else the one declaring
   * `ALL_TOOLS`, else a tier list's), else the first analyzed file that defines a tool, else
   * the first analyzed file.
   */
  folder: { file: string; line: number; column: number };
  /** Whether fixes were asked for: a check computes its {@link Fix}es only then (they cost time). */
  fixes: boolean;
  /**
   * The approval policies the run read: the configuration's and the literals passed in code (see
   * `codeApprovalPolicies`); empty while a file fails to parse (it may define the tool a rule names).
   */
  approvalSites: readonly PolicySite[];
  /** The run's working directory: findings' files are relative to it. */
  cwd: string;
  /** Whether a file (relative to {@link cwd}) is one the configuration's `ignore` leaves out. */
  ignored?: (file: string) => boolean;
  /** Records a finding; `severity` is filled in by the runner from the configuration. */
  report: (finding: ReportInput<M>) => void;
}

/** What a check passes to {@link CheckContext.report}. */
export interface ReportInput<M extends string = string> {
  messageId: M;
  data?: MessageData;
  file: string;
  line: number;
  column: number;
  /** The automatic fix of this finding, when the check has a safe one (see {@link CheckContext.fixes}). */
  fix?: Fix;
}
