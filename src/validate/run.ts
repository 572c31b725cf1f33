/** `validateTools`: analyzes the paths, loads the configuration and runs the checks. */

import { relative, resolve, sep } from 'node:path';
import { analyze, MissingPathError } from '../analysis/analyze.js';
import { describeCalls, layoutOf } from '../analysis/library-forms.js';
import type { Project } from 'ts-morph';
import type { Analysis, Diagnostic } from '../analysis/types.js';
import { UsageError } from '../shared/errors.js';
import { exitCodeFor } from '../shared/exit-code.js';
import { globList } from '../util/glob.js';
import { MAX_PROJECT_FILES } from '../analysis/importers.js';
import { configEntryLocator, configPolicySite, readApprovalSites, type PolicySite } from './approval-rules.js';
import type { ValidateOptions, ValidateResult } from './api-types.js';
import { CHECKS } from './checks/index.js';
import { loadConfig, parseConfig, resolveLimits, resolveSeverities, type ValidateConfig } from './config.js';
import { resultData } from './reporters/json.js';
import { runChecks } from './run-checks.js';
import { noToolsReason } from '../analysis/no-tools.js';

/** Every check off but `define-tool`, which reports the no-tools diagnostic. */
function onlyNoTools<S extends Record<string, unknown>>(severities: S): S {
  return Object.fromEntries(Object.entries(severities).map(([id, s]) => [id, id === 'define-tool' ? s : 'off'])) as S;
}

/** The configuration in force: the file's keys, then the options' (`checks`, `limits` key by key; `callees` added). */
function merge(file: ValidateConfig, given: ValidateConfig): ValidateConfig {
  const out: ValidateConfig = { ...file, ...given };
  if (file.checks || given.checks) out.checks = { ...file.checks, ...given.checks };
  if (file.limits || given.limits) out.limits = { ...file.limits, ...given.limits };
  if (file.callees || given.callees) out.callees = [...(file.callees ?? []), ...(given.callees ?? [])];
  return out;
}

/**
 * Checks the tools in `paths` (files or folders relative to `options.cwd`; when empty, the
 * configuration's `paths`, else `.`) and returns the findings as data. Never runs the
 * tools' code, prints, or writes a file.
 *
 * @throws {ConfigError} for a configuration file that is not JSON or breaks the schema, or
 *   for options that break it (`validate options: …` with the dotted path of the bad key).
 * @throws {UsageError} for a path that does not exist.
 */
export function validateTools(paths: readonly string[] = [], options: ValidateOptions = {}): ValidateResult {
  return validateAnalysis(paths, options).result;
}

/**
 * {@link validateTools}, also returning the analysis it ran on (the source texts the
 * findings' positions and fixes' offsets refer to) and the working directory. With
 * `project` (from an `AnalysisSession`), files it already holds are not parsed again.
 */
export function validateAnalysis(
  paths: readonly string[],
  options: ValidateOptions,
  project?: Project,
): { result: ValidateResult; analysis: Analysis; cwd: string; approvalSites: PolicySite[] } {
  const { cwd: cwdOption, configFile, onProgress, includeFixes, ...keys } = options;
  const cwd = resolve(cwdOption ?? process.cwd());
  const given = parseConfig(Object.fromEntries(Object.entries(keys).filter(([, v]) => v !== undefined)), 'validate options');
  const loaded = configFile === false ? { config: {} } : loadConfig(cwd, configFile ? resolve(cwd, configFile) : undefined);
  const config = merge(loaded.config, given);
  const chosen = paths.length > 0 ? [...paths] : (config.paths ?? ['.']);
  let analysis;
  try {
    analysis = analyze(chosen, {
      cwd,
      callees: config.callees ?? [],
      ignore: config.ignore ?? [],
      ...(onProgress ? { onProgress } : {}),
      ...(project ? { project } : {}),
    });
  } catch (err) {
    if (err instanceof MissingPathError) throw new UsageError(err.message, 'validate');
    throw err;
  }
  // A folder of MCP SDK / AI SDK / Mastra tools is not an agent-tools layout: only the tool-level checks apply.
  const layout = layoutOf(analysis.calls);
  if (config.profile === undefined && layout === 'library') config.profile = 'tools';
  const noTools = analysis.tools.length === 0 ? noToolsDiagnostic(analysis, chosen, cwd, config.callees ?? []) : undefined;
  if (noTools) analysis.diagnostics.push(noTools);
  const ignore = globList(config.ignore ?? []);
  const where = loaded.source ? relative(cwd, loaded.source) || loaded.source : 'the validate options';
  const locate = loaded.source ? configEntryLocator(loaded.source, loaded.prefix, where) : undefined;
  const clean = analysis.tools.length > 0 && analysis.diagnostics.length === 0;
  // rules in code are read where the fixes need them, or where a stale rule can be told (the approval-rules check)
  const read =
    analysis.tools.length > 0 && (clean || includeFixes === true)
      ? readApprovalSites(
          analysis,
          cwd,
          { approval: config.approval, of: where, ...(locate ? { locate } : {}) },
          config.ignore?.length ? (f) => ignore.matches(f) : undefined,
        )
      : { sites: config.approval ? [configPolicySite(config.approval, where, locate)] : [] };
  const approvalSites: PolicySite[] = read.sites;
  const result = runChecks(analysis, {
    // a file that could not be read (a syntax error) may hold the tool a rule names: no rule is called stale then
    approvalSites: clean ? approvalSites : [],
    profile: { name: config.profile ?? 'full', ...(layout === 'library' ? { layout: describeCalls(analysis.calls)! } : {}) },
    cwd,
    // no source file at all: the one finding says so; the registry and adapter checks would only repeat it at `.:1:1`
    severities: analysis.sourceFiles.length === 0 ? onlyNoTools(resolveSeverities(config, CHECKS)) : resolveSeverities(config, CHECKS),
    limits: resolveLimits(config),
    // ignored files are out of the analysis; this drops findings a check places in one (e.g. a shared schema's param)
    ignored: config.ignore?.length ? (file) => ignore.matches(file) : undefined,
    fixes: includeFixes === true,
  });
  const analyzed = analysis.sourceFiles.map((sf) => relative(cwd, sf.getFilePath()).split(sep).join('/'));
  const notices = [
    ...analysis.unmatchedGlobs.map((g) => `warning: path "${g}" matches no file`),
    ...ignore
      .unmatched([...analyzed, ...analysis.ignoredFiles])
      .map(
        (g) =>
          `warning: ignore pattern "${g}" in ${loaded.source ? relative(cwd, loaded.source) || loaded.source : 'the configuration'} matches no analyzed file`,
      ),
  ];
  if (read.tooBig !== undefined)
    notices.push(
      `note: approval rules in code were read from the analyzed files only: ${read.tooBig} holds over ${MAX_PROJECT_FILES} source files; ` +
        "add your agent's module to the paths to check its rules",
    );
  const data: ValidateResult = {
    ...resultData(result),
    profile: result.profile,
    notices,
    exitCode: exitCodeFor(result, config.maxWarnings),
    ...(config.maxWarnings !== undefined ? { maxWarnings: config.maxWarnings } : {}),
    ...(loaded.source ? { configFile: loaded.source } : {}),
  };
  return {
    result: data,
    analysis,
    cwd,
    approvalSites,
  };
}

/**
 * The error for a run that found no tool: validate never passes a folder it did not
 * understand. It names what it searched and saw (calls whose tools were left out: see their
 * diagnostics). None when a syntax error left files out: that finding is the cause, and a
 * second one at an innocent file's 1:1 would only be its consequence.
 */
function noToolsDiagnostic(analysis: Analysis, paths: string[], cwd: string, callees: readonly string[]): Diagnostic | undefined {
  if (analysis.diagnostics.some((d) => d.code === 'syntax-error')) return undefined;
  const reason = noToolsReason(analysis, paths, cwd, callees);
  const first = analysis.sourceFiles[0];
  return {
    code: 'no-tools',
    message: describeCalls(analysis.calls) ? `${reason} (see the other findings)` : reason,
    file: first ? relative(cwd, first.getFilePath()).split(sep).join('/') : (paths[0] ?? '.'),
    line: 1,
    column: 1,
  };
}
