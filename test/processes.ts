/** Helpers of the tests that start real processes: whether a process id still runs, and waiting for a state. */

import { readFileSync } from 'node:fs';

/**
 * Whether process `pid` runs: it exists (signal 0 reaches it) and is not a zombie, a process that
 * has ended but whose parent has not yet reaped it (state `Z` in `/proc/<pid>/stat`, Linux only).
 */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Polls `ok` every 50 ms until it holds.
 *
 * @param what said in the error, e.g. `the server to stop`.
 * @param ms how long to wait, in ms (generous: spawned processes are slow on a loaded machine).
 * @throws {Error} `timed out waiting for <what>` after `ms`.
 */
export async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  for (const end = Date.now() + ms; !(await ok()); await new Promise((r) => setTimeout(r, 50)))
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
}
