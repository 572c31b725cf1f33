/** Finds a script runtime (exactly python3, bash or node) on PATH, and the program it really runs. */

import { execFile } from 'node:child_process';
import { accessSync, constants, openSync, readSync, closeSync, realpathSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { SCRIPT_RUNTIMES } from '../files/skill-file-schema.js';

/**
 * The absolute path of a script runtime: exactly `python3`, `bash` or `node`, looked up on
 * `PATH`. Anything else (`sh`, a path, a command line) is refused.
 *
 * @returns the path, or an error string.
 */
export function findRuntime(runtime: string, path = process.env.PATH ?? ''): { path: string } | { error: string } {
  if (!(SCRIPT_RUNTIMES as readonly string[]).includes(runtime))
    return { error: `runtime ${JSON.stringify(runtime)} is not allowed; use exactly one of ${SCRIPT_RUNTIMES.join(', ')}` };
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, runtime);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return { path: candidate };
    } catch {
      // not here
    }
  }
  return { error: `runtime ${runtime} was not found on PATH` };
}

function isElf(file: string): boolean {
  const head = Buffer.alloc(4);
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    return readSync(fd, head, 0, 4, 0) === 4 && head.toString('latin1') === '\x7fELF';
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** How each runtime names its own executable, asked when PATH holds a launcher script (pyenv, asdf and volta shims). */
const SELF_PATH: Record<string, string[]> = {
  python3: ['-c', 'import sys; print(sys.executable)'],
  node: ['-p', 'process.execPath'],
  bash: ['-c', 'readlink -f /proc/$$/exe'],
};

const resolved = new Map<string, Promise<{ exe: string } | { error: string }>>();

/**
 * The program file that `found` (a runtime found on PATH) really runs, as the sandbox must show
 * it: its real path when it is a program (ELF); when it is a launcher script (a pyenv, asdf or
 * volta shim, which needs the user's own files to choose a version), the executable the runtime
 * itself reports, asked once per process with the caller's environment (the user's own
 * runtime, never the skill's code). Cached per path.
 *
 * @returns the real path of the executable, or why none was found.
 */
export function resolveRuntimeExecutable(runtime: string, found: string): Promise<{ exe: string } | { error: string }> {
  const key = `${runtime}\0${found}`;
  let hit = resolved.get(key);
  if (!hit) {
    hit = new Promise((resolve) => {
      let real: string;
      try {
        real = realpathSync(found);
      } catch (err) {
        resolve({ error: `runtime ${found} cannot be read: ${(err as Error).message}` });
        return;
      }
      if (isElf(real)) {
        resolve({ exe: real });
        return;
      }
      execFile(found, SELF_PATH[runtime] ?? [], { timeout: 10_000, encoding: 'utf8' }, (err, stdout) => {
        const named = stdout.trim();
        let exe = '';
        try {
          exe = named ? realpathSync(named) : '';
        } catch {
          // reported below
        }
        if (err || !exe || !isElf(exe))
          resolve({
            error: `runtime ${found} is a launcher script, and asking it for its executable failed${err ? `: ${err.message}` : ''}`,
          });
        else resolve({ exe });
      });
    });
    resolved.set(key, hit);
  }
  return hit;
}
