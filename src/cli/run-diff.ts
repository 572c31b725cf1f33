/** Runs `agent-tools diff`: compares the tools with a base and prints the report; exit 1 on a breaking change. */

import type { DiffRun } from '../diff/run.js';
import type { Colors } from '../shared/colors.js';
import { UsageError } from '../shared/errors.js';

/** The flags of `agent-tools diff`, and where its output goes. */
export interface DiffCommandOptions {
  paths?: string[];
  base?: string;
  format?: string;
  allowBreaking?: boolean;
  callee?: string[];
  listRules?: boolean;
  cwd?: string;
  /** Colors for the text format (the CLI passes them only for a terminal). */
  colors?: Colors;
  stdout: (s: string) => void;
  /** Notes for the person running it (a side that is an export file), on stderr. */
  stderr?: (s: string) => void;
  /** Progress, shown for 300 files or more (the CLI passes it only for a terminal); ends with a line clear. */
  progress?: (s: string) => void;
}

/**
 * The stderr lines for a base git ref without the toolbox (the pull request that adds it): the
 * paths it did not have, and those it had without a tool; each tool there is new, not an error.
 */
function newToolboxNotes(given: readonly string[], run: DiffRun): string[] {
  const missing = run.baseMissing ?? [];
  const at = run.base.label;
  const lines: string[] = [];
  if (missing.length > 0) {
    const all = missing.length === given.length;
    lines.push(
      `agent-tools: ${missing.join(', ')} ${missing.length === 1 ? 'does' : 'do'} not exist at ${at}; ` +
        `${all ? 'every tool is new' : `every tool in ${missing.length === 1 ? 'it' : 'them'} is new`}\n`,
    );
  }
  if (run.baseEmpty) {
    const had = given.filter((p) => !missing.includes(p));
    lines.push(`agent-tools: ${had.join(', ')} ${had.length === 1 ? 'has' : 'have'} no tool at ${at}; every tool is new\n`);
  }
  return lines;
}

/** Files analyzed on one side before progress is shown. */
const PROGRESS_MIN_FILES = 300;

/**
 * `agent-tools diff`: compares the tools of `paths` with `--base`, prints the report in
 * `--format` on stdout.
 *
 * @returns the exit code: 1 when a breaking change is found and `allowBreaking` is not set, else 0.
 * @throws {UsageError} without `--base`, or for an unknown format; and what `runDiff` throws (exit 2).
 */
export async function runDiffCommand(options: DiffCommandOptions): Promise<number> {
  if (options.listRules) {
    const { DIFF_RULES } = await import('../diff/rules/index.js');
    const width = Math.max(...DIFF_RULES.map((r) => r.id.length));
    for (const r of DIFF_RULES) options.stdout(`${r.id.padEnd(width)}  ${r.class.padEnd(8)}  ${r.title}\n`);
    return 0;
  }
  if (options.base === undefined)
    throw new UsageError(
      '--base is required: a git ref (main, origin/main, v1.2.0), a folder, or a file written by export --format mcp',
      'diff',
    );
  const [{ runDiff }, { DIFF_FORMATS, isDiffFormat }] = await Promise.all([import('../diff/run.js'), import('../diff/formats/index.js')]);
  const format = options.format ?? 'text';
  if (!isDiffFormat(format)) throw new UsageError(`unknown format '${format}'; use one of ${Object.keys(DIFF_FORMATS).join(', ')}`, 'diff');
  const show = options.progress;
  let shown = false;
  const onProgress = (side: string, done: number, total: number) => {
    if (!show || total < PROGRESS_MIN_FILES || (done % 50 !== 0 && done !== total)) return;
    shown = true;
    show(`\rdiff: ${side}: ${done}/${total} files\x1b[K`);
  };
  const run = await runDiff(options.paths ?? [], { base: options.base, cwd: options.cwd, callees: options.callee, onProgress }).finally(
    () => {
      if (shown) show!('\r\x1b[K');
    },
  );
  options.stdout(
    DIFF_FORMATS[format](run.result, {
      ...(format === 'text' && options.colors ? { colors: options.colors } : {}),
      allowBreaking: options.allowBreaking === true,
      base: run.base.label,
      counts: { base: run.base.tools, head: run.head.tools },
    }),
  );
  for (const line of newToolboxNotes(options.paths?.length ? options.paths : ['./tools'], run)) options.stderr?.(line);
  if (!run.approvalCompared) {
    const file = [run.head.label, run.base.label].find((l) => /\.json$/i.test(l)) ?? run.base.label;
    options.stderr?.(
      `diff: note: ${file} is an export, which carries neither needsApproval nor approval rules, so approval was compared by the hints only; ` +
        'give a git ref or a folder as --base to compare those too\n',
    );
  }
  return run.result.bump === 'major' && !options.allowBreaking ? 1 : 0;
}
