/** Node's built-in `node:sqlite`, loaded once: open a database, run an immediate transaction, read error codes. */

import type { DatabaseSync } from 'node:sqlite';
import { SkillStoreError } from './store.js';

export type { DatabaseSync };

/** The first Node.js release where the built-in `node:sqlite` needs no flag (Node.js 22.13.0 changelog). */
export const NODE_SQLITE_SINCE = '22.13.0';
/** The same on the Node.js 23 line, which unflagged it in 23.4.0 (from 24 on it is always there). */
const NODE_23_SQLITE_SINCE = '23.4.0';
const OFF_FLAG = '--no-experimental-sqlite';

/** `SkillStoreError.code` when this Node.js has no `node:sqlite`. */
export const NO_SQLITE_CODE = 'ERR_NO_NODE_SQLITE';

let loaded: typeof import('node:sqlite') | undefined;

/**
 * Node.js's built-in SQLite (`node:sqlite`), loaded once. Node 22 prints an `ExperimentalWarning`
 * the first time it is loaded; that one warning is dropped here (it says nothing a user of the
 * skill store can act on) and every other warning is emitted as usual.
 * @throws {SkillStoreError} with code {@link NO_SQLITE_CODE} and one line naming the fix, when this
 *   Node.js has no `node:sqlite` (older than 22.13, turned off by `--no-experimental-sqlite`, or built without SQLite).
 */
export function nodeSqlite(): typeof import('node:sqlite') {
  loaded ??= withoutSqliteWarning(() => builtin('node:sqlite'));
  if (!loaded)
    throw new SkillStoreError(noSqliteMessage(process.versions.node, process.execArgv, process.env.NODE_OPTIONS), NO_SQLITE_CODE);
  return loaded;
}

/** Whether dotted version `a` is at least `b` (`22.13.0`: major, minor, patch as numbers). */
function atLeast(a: string, b: string): boolean {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if ((x![i] ?? 0) !== (y![i] ?? 0)) return (x![i] ?? 0) > (y![i] ?? 0);
  return true;
}

/**
 * Why a Node.js process has no `node:sqlite`, and what to do, in one line: on a Node.js
 * `version` (e.g. `24.1.0`) older than the release that has it without a flag, upgrade; on one
 * that has it, it was turned off by `--no-experimental-sqlite` (seen in `execArgv` or
 * `nodeOptions`: drop the flag) or the build has no SQLite. Both end with the PostgreSQL store.
 */
export function noSqliteMessage(version: string, execArgv: readonly string[], nodeOptions = ''): string {
  const since = version.startsWith('23.') ? NODE_23_SQLITE_SINCE : NODE_SQLITE_SINCE;
  const postgres = 'use a PostgreSQL store (--store postgres://...)';
  const store = 'the SQLite skill store needs';
  if (!atLeast(version, since))
    return `${store} Node.js ${since} or newer (built-in node:sqlite); this is Node.js v${version}: upgrade Node.js, or ${postgres}`;
  const head = `${store} the built-in node:sqlite, and this Node.js v${version} process does not have it`;
  if (execArgv.includes(OFF_FLAG)) return `${head}: ${OFF_FLAG} turned it off; run node without ${OFF_FLAG}, or ${postgres}`;
  if (nodeOptions.split(/\s+/).includes(OFF_FLAG))
    return `${head}: ${OFF_FLAG} in NODE_OPTIONS turned it off; remove it from NODE_OPTIONS, or ${postgres}`;
  const off = `turned off by ${OFF_FLAG}, or a Node.js built without SQLite`;
  return `${head} (${off}): drop that flag, use a Node.js build with SQLite, or ${postgres}`;
}

/** Opens the SQLite file at `path` with the built-in driver (created when missing). */
export function openDatabase(path: string, options: { readOnly?: boolean } = {}): DatabaseSync {
  return new (nodeSqlite().DatabaseSync)(path, options);
}

/**
 * Runs `body` in one `BEGIN IMMEDIATE` transaction (the write lock is taken at the start, so two
 * writers never both read then fail to upgrade): committed when it returns, rolled back when it throws.
 */
export function immediate<T>(db: DatabaseSync, body: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  let result: T;
  try {
    result = body();
  } catch (err) {
    try {
      db.exec('ROLLBACK');
    } catch {
      // SQLite already rolled it back (a full disk, an I/O error): the first error is the one to report.
    }
    throw err;
  }
  db.exec('COMMIT');
  return result;
}

/** SQLite's primary result codes by number (sqlite.org/rescode.html), for error codes callers can match. */
const RESULT_CODES = [
  'OK', 'ERROR', 'INTERNAL', 'PERM', 'ABORT', 'BUSY', 'LOCKED', 'NOMEM', 'READONLY', 'INTERRUPT', 'IOERR', 'CORRUPT', 'NOTFOUND',
  'FULL', 'CANTOPEN', 'PROTOCOL', 'EMPTY', 'SCHEMA', 'TOOBIG', 'CONSTRAINT', 'MISMATCH', 'MISUSE', 'NOLFS', 'AUTH', 'FORMAT',
  'RANGE', 'NOTADB', 'NOTICE', 'WARNING',
]; // prettier-ignore

/**
 * SQLite's name for the error `err` (`SQLITE_BUSY`, `SQLITE_NOTADB`, ...), read from the numeric
 * `errcode` that `node:sqlite` sets (its `code` is the generic `ERR_SQLITE_ERROR`); undefined for other errors.
 */
export function sqliteCode(err: unknown): string | undefined {
  const errcode = (err as { errcode?: unknown } | null)?.errcode;
  if (typeof errcode !== 'number') return undefined;
  return `SQLITE_${RESULT_CODES[errcode & 0xff] ?? errcode}`;
}

/** The built-in module `id`, or undefined when this Node.js does not have it. */
function builtin<T>(id: string): T | undefined {
  try {
    return process.getBuiltinModule?.(id) as T | undefined;
  } catch {
    return undefined;
  }
}

/** Calls `load` with Node's one "SQLite is an experimental feature" warning dropped; other warnings pass. */
function withoutSqliteWarning<T>(load: () => T): T {
  // restored as it was (the same function) in finally; called with Reflect.apply and its `this`
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const emit = process.emitWarning;
  process.emitWarning = function (this: unknown, warning: string | Error, ...rest: unknown[]) {
    const text = typeof warning === 'string' ? warning : warning.message;
    const type = typeof rest[0] === 'string' ? rest[0] : ((rest[0] as { type?: string } | undefined)?.type ?? (warning as Error).name);
    if (type === 'ExperimentalWarning' && text.startsWith('SQLite is an experimental feature')) return;
    return Reflect.apply(emit, this, [warning, ...rest]) as void;
  };
  try {
    return load();
  } finally {
    process.emitWarning = emit;
  }
}
