/** The first line of a file, read from its first bytes only. */

import { closeSync, openSync, readSync } from 'node:fs';

/** The most bytes read for a first line: a `#!` line is short. */
const FIRST_LINE_BYTES = 256;

/**
 * The first line of the file at `path` (UTF-8, up to {@link FIRST_LINE_BYTES} bytes, without its
 * line break), or `undefined` when it cannot be read (a folder, no such file, no permission).
 */
export function firstLineOf(path: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const buf = Buffer.alloc(FIRST_LINE_BYTES);
    const n = readSync(fd, buf, 0, FIRST_LINE_BYTES, 0);
    return buf.subarray(0, n).toString('utf8').split(/\r?\n/, 1)[0];
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
