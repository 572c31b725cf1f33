/** `validate --watch` and `export --watch`: the report, or the `--out` file, after every change. */

import { UsageError } from '../shared/errors.js';
import { colorsFor } from './color.js';
import { runExport, type ExportCommandOptions } from './run-export.js';
import { runValidate, type ValidateCommandOptions } from './run-validate.js';
import { runWatch } from './run-watch.js';
import { stopWhenParentExits } from './stop-on-signals.js';

/**
 * Aborted on the first Ctrl-C (SIGINT): watching stops and the command exits 0. A watch started by
 * npx or npm run also stops when that parent exits (`stopWhenParentExits`), as `serve` does: npm
 * passes SIGTERM only to its `sh -c`, and the watcher was left running, orphaned.
 */
function untilInterrupted(): AbortSignal {
  stopWhenParentExits();
  const ac = new AbortController();
  process.once('SIGINT', () => ac.abort());
  return ac.signal;
}

const clearScreen = () => (process.stdout.isTTY ? () => process.stdout.write('\x1b[2J\x1b[H') : undefined);

/**
 * `agent-tools validate --watch`: the validate report (its `--format`) after every change.
 *
 * @throws {UsageError} with `--fix`, `--fix-dry-run`, `--fix-breaking`, `--report` or `--init-ci`, which write files.
 */
export async function watchValidate(
  paths: string[],
  opts: Omit<ValidateCommandOptions, 'colors' | 'stdout'> & { initCi?: boolean },
): Promise<void> {
  const writer = opts.fix
    ? '--fix'
    : opts.fixDryRun
      ? '--fix-dry-run'
      : opts.fixBreaking
        ? '--fix-breaking'
        : opts.report
          ? '--report'
          : opts.initCi
            ? '--init-ci'
            : undefined;
  if (writer) throw new UsageError(`--watch cannot be combined with ${writer}`, 'validate');
  const colors = colorsFor(process.stdout);
  await runWatch({
    command: 'validate',
    paths,
    run: (project) => {
      const { notices } = runValidate({
        ...opts,
        paths,
        project,
        colors,
        stdout: (s) => process.stdout.write(s),
        stderr: (s) => process.stderr.write(s),
      });
      for (const n of notices) process.stderr.write(`agent-tools: ${n}\n`);
    },
    stderr: (s) => process.stderr.write(s),
    ...(clearScreen() ? { clear: clearScreen()! } : {}),
    signal: untilInterrupted(),
  });
  process.exitCode = 0;
}

/**
 * `agent-tools export --watch --out <file>`: rewrites `out` (atomically) after every change.
 *
 * @throws {UsageError} without `--out` (runs would follow each other on stdout) or with `--import`.
 */
export async function watchExport(paths: string[], opts: ExportCommandOptions): Promise<void> {
  if (!opts.out) throw new UsageError('--watch needs --out <file>: each run rewrites that file', 'export');
  if (opts.import) throw new UsageError('--watch cannot be combined with --import', 'export');
  await runWatch({
    command: 'export',
    paths: paths.length > 0 ? paths : ['./tools'],
    run: (project) => runExport({ ...opts, paths, project }),
    ignore: [opts.out],
    stderr: (s) => process.stderr.write(s),
    signal: untilInterrupted(),
  });
  process.exitCode = 0;
}
