import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { Analysis, Diagnostic } from '../analysis/types.js';
import { analyze, MissingPathError } from '../analysis/analyze.js';
import { describeCalls, layoutOf } from '../analysis/library-forms.js';
import type { Colors } from '../toolkit/colors.js';
import { UsageError } from '../toolkit/errors.js';
import { exitCodeFor } from '../toolkit/exit-code.js';
import { globList } from '../util/glob.js';
import { writeFileAtomic } from '../util/write-file-atomic.js';
import { CHECKS } from './checks/index.js';
import { loadConfig, resolveLimits, resolveSeverities } from './config.js';
import { FORMAT_NAMES, REPORTERS, type FormatName } from './reporters/index.js';
import { markdown } from './reporters/markdown.js';
import { runChecks, type ValidateResult } from './run-checks.js';

/** The options of `agent-tools validate`, as the command passes them. */
export interface ValidateOptions {
  /** Files or folders to check, relative to `cwd`; default the config's `paths`, else `.`. */
  paths?: string[];
  format?: string;
  /** Also write the Markdown report to this file (atomically). */
  report?: string;
  /** Overwrite a `--report` file that is not an earlier report. */
  force?: boolean;
  maxWarnings?: number | string;
  profile?: string;
  quiet?: boolean;
  /** A configuration file instead of `agent-tools.config.json` / package.json `agentTools`. */
  config?: string;
  callee?: string[];
  cwd?: string;
  colors: Colors;
  stdout: (s: string) => void;
  /** Diagnostics for a person (e.g. why the exit code is 1 with no error); default: none. */
  stderr?: (s: string) => void;
  /** Progress of the extraction (files done, total files), for a terminal display; never in machine output. */
  onProgress?: (done: number, total: number) => void;
}

function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

function parseMaxWarnings(v: number | string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--max-warnings must be a whole number >= 0, got ${JSON.stringify(v)}`, 'validate');
  return n;
}

/**
 * Checks the tools in `paths` (see {@link ValidateOptions}) and returns the result and the
 * exit code (0 clean or warnings within the limit, 1 errors or too many warnings). Prints
 * the chosen format through `stdout`; with `--quiet` only errors are printed (the exit code
 * still counts warnings). `notices` are warnings for a person, not findings (they never
 * change the exit code): each CLI path glob and each config `ignore` pattern that matches
 * no analyzed file, by name.
 *
 * @throws {UsageError} for a bad format, profile, `--max-warnings` or a missing path (exit 2).
 * @throws {ConfigError} for a bad configuration (exit 2).
 */
export function validate(options: ValidateOptions): { result: ValidateResult; exitCode: 0 | 1; notices: string[] } {
  const cwd = resolve(options.cwd ?? process.cwd());
  const format = (options.format ?? 'text') as FormatName;
  if (!FORMAT_NAMES.includes(format)) throw new UsageError(`unknown --format "${options.format}"; use one of ${FORMAT_NAMES.join(', ')}`, 'validate');
  if (options.profile !== undefined && options.profile !== 'full' && options.profile !== 'tools') throw new UsageError(`unknown --profile "${options.profile}"; use full or tools`, 'validate');
  const maxFlag = parseMaxWarnings(options.maxWarnings);
  const { config, source: configSource } = loadConfig(cwd, options.config && resolve(cwd, options.config));
  if (options.profile) config.profile = options.profile as 'full' | 'tools';
  const paths = options.paths && options.paths.length > 0 ? options.paths : (config.paths ?? ['.']);
  let analysis;
  try {
    analysis = analyze(paths, { cwd, callees: [...(config.callees ?? []), ...(options.callee ?? [])], ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
  } catch (err) {
    if (err instanceof MissingPathError) throw new UsageError(err.message, 'validate');
    throw err;
  }
  // A folder of MCP SDK / AI SDK / Mastra tools is not an agent-tools layout: only the tool-level checks apply.
  const layout = layoutOf(analysis.calls);
  if (config.profile === undefined && layout === 'library') config.profile = 'tools';
  if (analysis.tools.length === 0) analysis.diagnostics.push(noToolsDiagnostic(analysis, paths, cwd));
  const ignore = globList(config.ignore ?? []);
  const result = runChecks(analysis, {
    profile: { name: config.profile ?? 'full', ...(layout === 'library' ? { layout: describeCalls(analysis.calls)! } : {}) },
    cwd,
    severities: resolveSeverities(config, CHECKS),
    limits: resolveLimits(config),
    ignored: config.ignore?.length ? (file) => ignore.matches(file) : undefined,
  });
  const analyzed = analysis.sourceFiles.map((sf) => relative(cwd, sf.getFilePath()).split(sep).join('/'));
  const notices = [
    ...analysis.unmatchedGlobs.map((g) => `warning: path "${g}" matches no file`),
    ...ignore.unmatched(analyzed).map((g) => `warning: ignore pattern "${g}" in ${configSource ? relative(cwd, configSource) || configSource : 'the configuration'} matches no analyzed file`),
  ];
  const maxWarnings = maxFlag ?? config.maxWarnings;
  const exitCode = exitCodeFor(result, maxWarnings);
  if (exitCode === 1 && result.errors === 0) options.stderr?.(`agent-tools: ${result.warnings} warning${result.warnings === 1 ? '' : 's'}, more than --max-warnings ${maxWarnings} allows\n`);
  const version = packageVersion();
  const shown = options.quiet ? { ...result, findings: result.findings.filter((f) => f.severity === 'error') } : result;
  if (options.report) writeReport(resolve(cwd, options.report), markdown(result, { colors: options.colors, version }), options.force === true);
  options.stdout(REPORTERS[format](shown, { colors: options.colors, version }));
  return { result, exitCode, notices };
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
  return { code: 'no-tools', message, file: first ? relative(cwd, first.getFilePath()).split(sep).join('/') : (paths[0] ?? '.'), line: 1, column: 1 };
}

function writeReport(file: string, text: string, force: boolean): void {
  // A report we wrote before may be replaced; any other file only with --force.
  const ours = existsSync(file) && readFileSync(file, 'utf8').startsWith('# agent-tools validate\n');
  try {
    writeFileAtomic(file, text, { overwrite: force || ours });
  } catch (err) {
    if (err instanceof Error && err.name === 'FileExistsError') throw new UsageError(`--report ${file} exists and is not an agent-tools report; not overwritten (use --force)`, 'validate');
    throw err;
  }
}


