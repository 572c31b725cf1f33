/** The paths `git ls-files` lists in a work tree, for the readers that search a project's files. */

import { execFileSync } from 'node:child_process';

/**
 * The paths `git ls-files -z ARGS` lists, run in `cwd` (relative to it, with `/` separators; empty
 * names left out), or `null` when `cwd` is in no git work tree or git cannot run. `args` choose the
 * files: `--cached` for the tracked ones, `--others --exclude-standard` for those untracked and not ignored.
 */
export function gitLsFiles(cwd: string, args: readonly string[]): string[] | null {
  try {
    const listing = execFileSync('git', ['ls-files', '-z', ...args], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
    return listing.split('\0').filter((f) => f !== '');
  } catch {
    return null;
  }
}
