/** Runs `agent-tools validate`: checks the flags, runs the checks and prints the chosen format. */

import type { Project } from 'ts-morph';
import { isAbsolute, relative, resolve } from 'node:path';
import type { Colors } from '../shared/colors.js';
import { UsageError } from '../shared/errors.js';
import type { FindingsFormat, ValidateOptions, ValidateResult } from '../validate/api-types.js';
import { formatFindings } from '../validate/format-findings.js';
import { collectFiles } from '../analysis/project.js';
import { configFileCandidates } from '../util/config-file.js';
import { FORMAT_NAMES } from '../validate/reporters/index.js';
import { validateAnalysis } from '../validate/run.js';
import { runFix } from './run-fix.js';
import { checkOwnOutput, VALIDATE_REPORT, writeOwnOutput } from './write-output.js';

/** What `--quiet` hid from a run that failed on its warnings: ` (hidden by --quiet: 2 jsdoc, 1 tool-description; ...)`. */
function hiddenWarnings(findings: ValidateResult['findings']): string {
  const byCheck = new Map<string, number>();
  for (const f of findings) if (f.severity === 'warn') byCheck.set(f.checkId, (byCheck.get(f.checkId) ?? 0) + 1);
  const list = [...byCheck].map(([id, n]) => `${n} ${id}`).join(', ');
  return ` (hidden by --quiet: ${list}; drop --quiet to see them)`;
}

/** The flags of `agent-tools validate`, as the command passes them, and where its output goes. */
export interface ValidateCommandOptions {
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
  /** Apply the safe fixes and print what changed and what is left (see `runFix`). */
  fix?: boolean;
  /** Print the fixes as a unified diff; write nothing. */
  fixDryRun?: boolean;
  /** Also the fixes that break clients (tool renames): applied, or with `fixDryRun` shown; alone it means `fix` too. */
  fixBreaking?: boolean;
  /** For `--watch`: the project kept between runs, so only changed files are parsed again. */
  project?: Project;
  cwd?: string;
  colors: Colors;
  stdout: (s: string) => void;
  /** Diagnostics for a person (e.g. why the exit code is 1 with no error); default: none. */
  stderr?: (s: string) => void;
  /** Progress of the extraction (files done, total files), for a terminal display; never in machine output. */
  onProgress?: (done: number, total: number) => void;
}

function parseMaxWarnings(v: number | string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 0)
    throw new UsageError(`--max-warnings must be a whole number >= 0, got ${JSON.stringify(v)}`, 'validate');
  return n;
}

/**
 * `agent-tools validate`: checks the flags, calls the toolkit's validate, prints the chosen
 * format through `stdout` (with `--quiet` only errors; the exit code still counts warnings)
 * and writes the `--report` file.
 *
 * @returns the result, the exit code (0 clean or warnings within the limit, 1 errors or too many warnings)
 *   and the notices to print on stderr (globs and ignore patterns that match nothing).
 * @throws {UsageError} for a bad format, profile, `--max-warnings`, a missing path or a `--report` file it may not replace (exit 2).
 * @throws {ConfigError} for a bad configuration (exit 2).
 */
export function runValidate(options: ValidateCommandOptions): { result: ValidateResult; exitCode: 0 | 1; notices: string[] } {
  const format = (options.format ?? 'text') as FindingsFormat;
  if (!FORMAT_NAMES.includes(format))
    throw new UsageError(`unknown --format "${options.format}"; use one of ${FORMAT_NAMES.join(', ')}`, 'validate');
  if (options.profile !== undefined && options.profile !== 'full' && options.profile !== 'tools')
    throw new UsageError(`unknown --profile "${options.profile}"; use full or tools`, 'validate');
  const maxWarnings = parseMaxWarnings(options.maxWarnings);
  const cwd = resolve(options.cwd ?? process.cwd());
  // the configuration holds the approval rules: --config names one that checkOwnOutput cannot know by its name
  const configInputs = options.config ? configFileCandidates(cwd, options.config) : [];
  // a --report path that cannot be written is said before the run, not after it
  if (options.report)
    checkOwnOutput(resolve(cwd, options.report), options.report, options.force === true, VALIDATE_REPORT, [
      ...collectFiles(options.paths?.length ? options.paths : ['.'], cwd).files,
      ...configInputs,
    ]);
  const validateOptions: ValidateOptions = {
    cwd,
    ...(options.config ? { configFile: options.config } : {}),
    ...(options.profile ? { profile: options.profile } : {}),
    ...(maxWarnings !== undefined ? { maxWarnings } : {}),
    ...(options.callee ? { callees: options.callee } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  };
  if (options.fix || options.fixDryRun || options.fixBreaking) {
    if (options.fix && options.fixDryRun)
      throw new UsageError('--fix writes the fixes and --fix-dry-run only shows them; give one of the two', 'validate');
    if (format !== 'text' || options.report || options.quiet)
      throw new UsageError(
        `--fix, --fix-dry-run and --fix-breaking print their own report; drop ${format !== 'text' ? '--format' : options.report ? '--report' : '--quiet'}`,
        'validate',
      );
    return runFix(options.paths ?? [], validateOptions, options);
  }
  const { result, analysis } = validateAnalysis(options.paths ?? [], validateOptions, options.project);
  const { errors, warnings } = result.summary;
  if (result.exitCode === 1 && errors === 0)
    options.stderr?.(
      `agent-tools: ${warnings} warning${warnings === 1 ? '' : 's'}, more than --max-warnings ${result.maxWarnings} allows${
        options.quiet ? hiddenWarnings(result.findings) : ''
      }\n`,
    );
  if (options.report)
    writeOwnOutput(
      resolve(cwd, options.report),
      options.report,
      formatFindings(result, 'markdown', { colors: options.colors }),
      options.force === true,
      VALIDATE_REPORT,
      [...analysis.project.getSourceFiles().map((sf) => sf.getFilePath()), ...configInputs],
    );
  options.stdout(formatFindings(result, format, { colors: options.colors, errorsOnly: options.quiet === true }));
  const outside = outsideNotice(options.paths ?? [], cwd);
  return { result, exitCode: result.exitCode, notices: outside ? [...result.notices, outside] : result.notices };
}

/**
 * A notice when every path of `paths` lies outside `cwd`: validate reads the project (its configuration, package.json
 * scripts, CI files, lockfile) from the current folder, so another folder's own project files are not read.
 */
function outsideNotice(paths: readonly string[], cwd: string): string | undefined {
  const outside = paths.filter((p) => {
    const r = relative(cwd, resolve(cwd, p));
    return r.startsWith('..') || isAbsolute(r);
  });
  if (outside.length === 0 || outside.length < paths.length) return undefined;
  return (
    `warning: ${outside.join(', ')} ${outside.length === 1 ? 'lies' : 'lie'} outside the current folder: validate read the project's ` +
    `configuration, package.json scripts and CI files from the current folder, not from there; to check that project, ` +
    `run it in its folder (cd ${outside[0]} && npx agent-tools validate .)`
  );
}
