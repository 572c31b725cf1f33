/** Skill stores committed with a project: SQLite files whose skills `serve` starts and that no reader of the code sees. */

import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { gitLsFiles } from '../util/git-ls-files.js';

/** The first 16 bytes of every SQLite 3 database file (sqlite.org/fileformat.html, "The Database Header"). */
const SQLITE_HEADER = 'SQLite format 3\u0000';

/** The table every agent-tools skill store holds (its schema versions), whose name the schema page of the file carries. */
const STORE_TABLE = 'skill_store_schema';

/** How many bytes of a database are read to find {@link STORE_TABLE}: the schema pages lead the file. */
const SCHEMA_BYTES = 256 * 1024;

/** Names of tracked files that cannot be a SQLite database, passed over without being opened: code, text, images. */
const NOT_DATABASE =
  /\.(?:[cm]?[jt]sx?|json|jsonc|md|mdx|ya?ml|toml|txt|css|scss|html?|svg|png|jpe?g|gif|webp|ico|map|lock|sh|py|rb|go|rs)$/i;

/**
 * The tracked files of the git work tree at `root` (paths relative to it, `/` separators, sorted) that are agent-tools skill
 * stores: SQLite 3 databases (their header) holding the store's own table. A store is data that `serve` and the console
 * start skills from (script commands, MCP server command lines, HTTP requests), and validate reads no database, so a store
 * committed with the project is code no reader sees. `undefined` when `root` is in no git work tree. A file that cannot
 * be read is passed over.
 */
export function committedSkillStores(root: string): string[] | undefined {
  const files = gitLsFiles(root, ['--cached'])?.sort();
  if (!files) return undefined;
  return files.filter((f) => !NOT_DATABASE.test(f) && isSkillStore(join(root, ...f.split('/'))));
}

/** Whether the file at `path` is a SQLite 3 database whose schema names {@link STORE_TABLE}. */
function isSkillStore(path: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    // the 16-byte header first: most tracked files are no database, and are not read further
    const header = Buffer.alloc(16);
    if (readSync(fd, header, 0, 16, 0) < 16 || header.toString('latin1') !== SQLITE_HEADER) return false;
    const head = Buffer.alloc(SCHEMA_BYTES);
    const read = readSync(fd, head, 0, SCHEMA_BYTES, 0);
    return head.subarray(0, read).includes(STORE_TABLE, 0, 'latin1');
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
