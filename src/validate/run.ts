import { relative, resolve, sep } from 'node:path';
import { analyze, MissingPathError } from '../analysis/analyze.js';
import { describeCalls, layoutOf } from '../analysis/library-forms.js';
import type { Project } from 'ts-morph';
import type { Analysis, Diagnostic } from '../analysis/types.js';
import { UsageError } from '../shared/errors.js';
import { exitCodeFor } from '../shared/exit-code.js';
import { globList } from '../util/glob.js';
import type { ValidateOptions, ValidateResult } from './api-types.js';
import { CHECKS } from './checks/index.js';
import { loadConfig, parseConfig, resolveLimits, resolveSeverities, type ValidateConfig } from './config.js';
import { resultData } from './reporters/json.js';
import { runChecks } from './run-checks.js';

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
): { result: ValidateResult; analysis: Analysis; cwd: string } {
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
  if (analysis.tools.length === 0) analysis.diagnostics.push(noToolsDiagnostic(analysis, chosen, cwd));
  const ignore = globList(config.ignore ?? []);
  const result = runChecks(analysis, {
    profile: { name: config.profile ?? 'full', ...(layout === 'library' ? { layout: describeCalls(analysis.calls)! } : {}) },
    cwd,
    severities: resolveSeverities(config, CHECKS),
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
  const data: ValidateResult = {
    ...resultData(result),
    profile: result.profile,
    notices,
    exitCode: exitCodeFor(result, config.maxWarnings),
    ...(config.maxWarnings !== undefined ? { maxWarnings: config.maxWarnings } : {}),
    ...(loaded.source ? { configFile: loaded.source } : {}),
  };
  return { result: data, analysis, cwd };
}

/**
 * The error for a run that found no tool: validate never passes a folder it did not
 * understand. It names what it saw (calls whose tools were left out: see their diagnostics).
 */
function noToolsDiagnostic(analysis: Analysis, paths: string[], cwd: string): Diagnostic {
  const seen = describeCalls(analysis.calls);
  const files = `${analysis.sourceFiles.length} file${analysis.sourceFiles.length === 1 ? '' : 's'}`;
  const message = seen
    ? `no tool could be read in ${paths.join(', ')}: ${seen} in ${files}, none readable statically (see the other findings)`
    : `no tool found in ${paths.join(', ')}: no defineTool, registerTool, server.tool, AI SDK tool or Mastra createTool call in ${files}`;
  const first = analysis.sourceFiles[0];
  return {
    code: 'no-tools',
    message,
    file: first ? relative(cwd, first.getFilePath()).split(sep).join('/') : (paths[0] ?? '.'),
    line: 1,
    column: 1,
  };
}
