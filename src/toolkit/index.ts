/** `agent-tools/toolkit`: validate, export and scaffold as functions that return data; the CLI is a shell over them. */

// For build scripts, test suites, editor integrations and the skill console.
//
// Every function is async and loads its engine on first call (ts-morph, the TypeScript compiler, only for `validate`,
// `exportTools`, the check list and the reporters), so importing this module costs next to nothing. None of them prints,
// exits, reads stdin or colors text; bad input throws a typed error (`UsageError`, `ConfigError`, both `AgentToolsError`s
// with a `code`).

import type { DiffOptions } from '../diff/run.js';
import type { DiffFormatName, DiffFormatOptions } from '../diff/formats/index.js';
import type { ChangeClass, DiffResult } from '../diff/types.js';
import type {
  CheckInfo,
  ExportOptions,
  FixOptions,
  FixOutcome,
  FixPlan,
  ExportResult,
  FindingsFormat,
  FormatFindingsOptions,
  ScaffoldOptions,
  ScaffoldPlan,
  ValidateOptions,
  ValidateResult,
} from './types.js';

export { AgentToolsError, ConfigError, EnvironmentError, FailureError, UsageError, type AgentToolsErrorCode } from '../shared/errors.js';
export { NO_COLORS, type Colors } from '../shared/colors.js';
export type * from './types.js';
export type { Bump, ChangeClass, DiffChange, DiffResult, ToolEntry } from '../diff/types.js';
export type { DiffOptions } from '../diff/run.js';
export type { DiffFormatName, DiffFormatOptions } from '../diff/formats/index.js';
export { ExtractionError } from '../diff/errors.js';

/**
 * Checks the tools in `paths` against the compliance checks, statically (their code is
 * never run), as `agent-tools validate` does. `paths` are files or folders relative to
 * `options.cwd`; when empty, the configuration's `paths`, else `.`. The configuration file
 * in `cwd` is read unless `options.configFile` is `false`; keys in `options` win over it.
 *
 * @returns findings, summary and check outcomes (exactly what `--format json` prints) and
 *   the exit code the CLI would use.
 * @throws {ConfigError} (`code` `'CONFIG'`) for a configuration file or `options` that break
 *   the configuration schema, naming the file and the dotted path of each bad key.
 * @throws {UsageError} (`code` `'USAGE'`) for a path that does not exist.
 */
export async function validate(paths: readonly string[] = [], options: ValidateOptions = {}): Promise<ValidateResult> {
  const { validateTools } = await import('../validate/run.js');
  return validateTools(paths, options);
}

/**
 * Plans the automatic fixes for the findings of `validate(paths, options)`, as
 * `agent-tools validate --fix` does: each fix is a list of text edits (offsets into the
 * file as analyzed), declared by its check next to the finding. Writes nothing; see
 * {@link applyFixes}. Fixes that overlap one planned earlier wait for the next run; fixes that
 * break clients (a tool rename) are left for a person unless `options.breaking`.
 *
 * @returns the plan: changed files (text before and after), fixes, findings left for a
 *   person (with why) and the exit code once written.
 * @throws what {@link validate} throws.
 */
export async function fix(paths: readonly string[] = [], options: FixOptions = {}): Promise<FixPlan> {
  const m = await import('../validate/fix/plan.js');
  return m.planFixes(paths, options);
}

/**
 * Writes a plan from {@link fix}, each file atomically. A file changed on disk since it was
 * analyzed is not touched, nor are the other edits of fixes that edit it.
 *
 * @throws {Error} `cannot write <path>: <code>` when a write fails.
 */
export async function applyFixes(plan: FixPlan): Promise<FixOutcome> {
  const m = await import('../validate/fix/apply.js');
  return m.applyFixPlan(plan);
}

/**
 * A validate result as text in `format` (`text`, `markdown`, `json`, `sarif` 2.1.0 or
 * `github` workflow commands), byte for byte what `agent-tools validate --format` prints.
 * Plain text unless `options.colors` is given.
 *
 * @throws {UsageError} for an unknown format.
 */
export async function formatFindings(result: ValidateResult, format: FindingsFormat, options: FormatFindingsOptions = {}): Promise<string> {
  const m = await import('../validate/format-findings.js');
  return m.formatFindings(result, format, options);
}

/**
 * Every check, in report order, with its metadata and documentation.
 */
export async function listChecks(): Promise<CheckInfo[]> {
  const { CHECKS } = await import('../validate/checks/index.js');
  return CHECKS.map((c) => ({
    id: c.id,
    title: c.title,
    scope: c.scope,
    severity: c.severity,
    summary: c.docs.summary,
    details: [...(c.docs.details ?? [])],
    failing: c.docs.failing,
    passing: c.docs.passing,
    messages: { ...c.messages },
  }));
}

/**
 * The documentation of a validate check or a diff rule as Markdown, as `agent-tools explain <id>`
 * prints it (the same section as in node_modules/agent-tools/docs/checks.md or node_modules/agent-tools/docs/diff.md).
 *
 * @throws {UsageError} for an unknown id, naming close matches and the list of ids.
 */
export async function explain(id: string): Promise<string> {
  const m = await import('../diff/explain.js');
  return m.explainId(id);
}

/**
 * Extracts the tools in `paths` (default `./tools`, relative to `options.cwd`) statically
 * and renders them in `options.format` (default `mcp`, the MCP `tools/list` entries), as
 * `agent-tools export` does. Writes nothing; write `result.text` where it belongs.
 *
 * @throws {UsageError} for an unknown format or tier, `strict` with a format other than
 *   openai, or a path that does not exist.
 */
export async function exportTools(paths: readonly string[] = [], options: ExportOptions = {}): Promise<ExportResult> {
  const m = await import('../export/run.js');
  return m.exportTools(paths, options);
}

/**
 * Plans what `agent-tools scaffold` would write for `specs` (one spec object or an array,
 * the JSON the command reads: `{ name, description, mutates, params, domain?, tier?, title?,
 * destructive? }`), with every inferred param type. Reads the disk, writes nothing.
 *
 * @throws {ConfigError} for an invalid spec (with the JSON path of the bad field), tools
 *   that collide, or an existing registry file that cannot be edited.
 */
export async function scaffold(specs: unknown, options: ScaffoldOptions = {}): Promise<ScaffoldPlan> {
  const m = await import('../scaffold/run.js');
  return m.scaffold(specs, options);
}

/**
 * Writes a plan from {@link scaffold}: each file atomically, in order; when a write fails,
 * the files written so far are rolled back.
 *
 * @throws {ConfigError} when the plan has `conflicts` (nothing written) or a file to create
 *   appeared since planning (rolled back).
 */
export async function applyScaffoldPlan(plan: ScaffoldPlan): Promise<void> {
  const m = await import('../scaffold/run.js');
  m.applyScaffoldPlan(plan);
}

/**
 * Compares the tools in `paths` (default `./tools`, relative to `options.cwd`; or one `.json`
 * file written by `export --format mcp`) with `options.base`: a file written by
 * `export --format mcp` (a lock file), a git ref (read from the repository, never checked out,
 * its tools extracted by the same static analysis), or a `tools/list` result given as a value.
 * As `agent-tools diff` does; writes nothing.
 *
 * @returns every change with its rule and class, and the bump they need: exactly what
 *   `diff --format json` prints. A run fails (exit 1) when `bump` is `major`.
 * A path a git ref lacks, or in which it has no tool (before the toolbox was added), is empty
 * at the ref: every tool in it is added.
 *
 * @throws {UsageError} for a base that is neither a file nor a commit, git missing, or a path
 *   missing in the working tree.
 * @throws {ConfigError} for a base file that is not a tools/list result; {@link ExtractionError}
 *   (a ConfigError) when a side has tools that cannot be extracted statically, or none (but for
 *   a git ref's, above): nothing is compared against a partial side.
 */
export async function diff(paths: readonly string[], options: DiffOptions): Promise<DiffResult> {
  const m = await import('../diff/run.js');
  return (await m.runDiff(paths, options)).result;
}

/**
 * A diff result as text in `format` (`text`, `json`, `markdown` for a pull request comment,
 * `github` annotations), as `agent-tools diff --format` prints it. Plain text unless
 * `options.colors` is given.
 *
 * @throws {UsageError} for an unknown format.
 */
export async function formatDiff(result: DiffResult, format: DiffFormatName, options: DiffFormatOptions = {}): Promise<string> {
  const [{ DIFF_FORMATS, isDiffFormat }, { UsageError }] = await Promise.all([
    import('../diff/formats/index.js'),
    import('../shared/errors.js'),
  ]);
  if (!isDiffFormat(format))
    throw new UsageError(`unknown diff format '${String(format)}'; use one of ${Object.keys(DIFF_FORMATS).join(', ')}`);
  return DIFF_FORMATS[format](result, options);
}

/**
 * One rule of `diff`: its id, class, one-line doc (`title`), why it has its class (`summary`, one paragraph) and what
 * exactly it reads (`details`, further paragraphs; empty for most rules).
 */
export interface DiffRuleInfo {
  id: string;
  class: ChangeClass;
  title: string;
  summary: string;
  details: string[];
}

/** Every rule of `diff`, breaking first, then minor, then patch (the order of node_modules/agent-tools/docs/diff.md). */
export async function listDiffRules(): Promise<DiffRuleInfo[]> {
  const { DIFF_RULES } = await import('../diff/rules/index.js');
  return DIFF_RULES.map((r) => ({ id: r.id, class: r.class, title: r.title, summary: r.summary, details: [...(r.details ?? [])] }));
}
