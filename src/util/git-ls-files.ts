/** git's output for the readers that search a project's files and for the commands that compare with the last commit. */

import { execFileSync } from 'node:child_process';

/**
 * What `git ARGS` prints on stdout, run in `cwd` (UTF-8) with the environment `env` (this process's
 * by default), or `undefined` when it fails: `cwd` is in no git work tree, git cannot run, or the
 * command exits non-zero (no such commit or file).
 */
export function gitOutput(cwd: string, args: readonly string[], env?: NodeJS.ProcessEnv): string | undefined {
  try {
    return execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
      ...(env ? { env } : {}),
    });
  } catch {
    return undefined;
  }
}

/**
 * The paths `git ls-files -z ARGS` lists, run in `cwd` (relative to it, with `/` separators; empty
 * names left out), or `null` when `cwd` is in no git work tree or git cannot run. `args` choose the
 * files: `--cached` for the tracked ones, `--others --exclude-standard` for those untracked and not ignored.
 */
export function gitLsFiles(cwd: string, args: readonly string[]): string[] | null {
  const listing = gitOutput(cwd, ['ls-files', '-z', ...args]);
  return listing === undefined ? null : listing.split('\0').filter((f) => f !== '');
}
