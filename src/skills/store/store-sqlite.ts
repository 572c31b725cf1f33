/** The skill store on SQLite (`node:sqlite`): WAL journal, busy timeout, every change in a transaction. */

import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ensureStoreFolder } from './store-folder.js';
import { immediate, openDatabase, sqliteCode, type DatabaseSync } from './sqlite-driver.js';
import {
  SkillExistsError,
  SkillStoreError,
  type SkillStore,
  type SkillToInstall,
  type OpenStoreOptions,
  type StoredSkill,
  type StoreProblem,
  type WatchOptions,
} from './store.js';
import type { ToolPins } from '../mcp/mcp-tool-pins.js';
import {
  acceptToolsStatement,
  checkEntries,
  INSERT_SQL,
  pendingMigrations,
  splitRows,
  fromRow,
  UPSERT_SQL,
  upsertParams,
  VERSION_TABLE_SQL,
  type SkillRow,
} from './store-schema.js';

/**
 * Opens (creating when missing, with its folder: see `ensureStoreFolder`, which keeps a new
 * `.agent-tools/` out of git) the SQLite store at `path` with Node's built-in
 * `node:sqlite`: WAL journal, `busy_timeout` 5 000 ms, so several processes (a CLI and running
 * servers) share one file.
 * @throws {SkillStoreError} `cannot open the skill store <path>: …` (with SQLite's code, e.g. `SQLITE_NOTADB`), for a store
 *   newer than this code, for a folder, or when this Node.js has no `node:sqlite` (one line naming the fix).
 * @throws {SkillStoreError} with code {@link FOREIGN_TABLES_CODE} for a file holding tables that are not the store's
 *   (another application's database, left untouched), unless `options.allowForeignTables`.
 * @throws {CannotCreateDirError} when its folder cannot be created.
 */
export function openSqliteStore(path: string, options: OpenStoreOptions = {}): SkillStore {
  const abs = resolve(path);
  // SQLite's own words for a folder are "unable to open database file"
  if (statSync(abs, { throwIfNoEntry: false })?.isDirectory())
    throw new SkillStoreError(
      `cannot open the skill store ${path}: it is a folder; a SQLite store is a file, e.g. ${join(path, 'skills.db')}`,
    );
  ensureStoreFolder(dirname(abs));
  let db: DatabaseSync | undefined;
  try {
    db = openDatabase(abs);
    // a setting of this connection, not of the file: the table check below waits out another process's write too
    db.exec('PRAGMA busy_timeout = 5000');
    // before anything is changed (even the journal mode): another application's file is left as it was
    if (options.allowForeignTables !== true) refuseForeignTables(db, path);
    db.exec('PRAGMA journal_mode = WAL');
    migrate(db, path);
  } catch (err) {
    closeQuietly(db);
    if (err instanceof SkillStoreError) throw err;
    throw new SkillStoreError(`cannot open the skill store ${path}: ${messageOf(err)}`, sqliteCode(err));
  }
  return new SqliteSkillStore(abs, db);
}

/** `SkillStoreError.code` for a SQLite file that holds tables that are not the store's. */
export const FOREIGN_TABLES_CODE = 'FOREIGN_TABLES';

/** The tables of the store's own schema; SQLite's internal `sqlite_*` tables are not counted either. */
const STORE_TABLES = new Set(['skills', 'skill_store_schema']);

/** Refuses a file with tables that are not the store's, naming the file and up to five of them. */
function refuseForeignTables(db: DatabaseSync, path: string): void {
  const rows = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
    .all();
  const foreign = rows.map((r) => String((r as { name: unknown }).name)).filter((n) => !STORE_TABLES.has(n));
  if (foreign.length === 0) return;
  const shown = foreign.slice(0, 5).join(', ') + (foreign.length > 5 ? `, and ${foreign.length - 5} more` : '');
  throw new SkillStoreError(
    `${path} is not a skill store: it holds tables of another application (${shown}); ` +
      'give --store a file of its own, or add --allow-foreign-tables to keep the skill store in this database',
    FOREIGN_TABLES_CODE,
  );
}

/** Closes `db` when it is open; `isOpen` is not there before Node 22.15, so a close of a closed one is ignored. */
function closeQuietly(db: DatabaseSync | undefined): void {
  try {
    db?.close();
  } catch {
    // already closed
  }
}

/** SQLite's own words for `err` (`errstr`, e.g. "file is not a database"), else its message. */
function messageOf(err: unknown): string {
  const e = err as { errstr?: unknown; message?: unknown };
  return typeof e.errstr === 'string' && e.errstr !== '' && e.errstr !== 'not an error' ? e.errstr : String(e.message);
}

function schemaVersion(db: DatabaseSync): number {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'skill_store_schema'").get();
  if (!table) return 0;
  const row = db.prepare('SELECT MAX(version) AS v FROM skill_store_schema').get() as { v: number | null } | undefined;
  return row?.v ?? 0;
}

/** Applies pending migrations in one immediate transaction; reads only when none is pending. */
function migrate(db: DatabaseSync, location: string): void {
  if (pendingMigrations(schemaVersion(db), location).length === 0) return;
  immediate(db, () => {
    db.exec(VERSION_TABLE_SQL);
    const now = new Date().toISOString();
    for (const m of pendingMigrations(schemaVersion(db), location)) {
      db.exec(m.sql);
      db.prepare('INSERT INTO skill_store_schema (version, why, applied_at) VALUES (?, ?, ?)').run(m.version, m.why, now);
    }
  });
}

type SqlValue = null | number | bigint | string | Uint8Array;

/** The SQLite {@link SkillStore}; each change is one immediate transaction. */
class SqliteSkillStore implements SkillStore {
  readonly location: string;
  readonly #db: DatabaseSync;
  #localChanges = 0;
  #open = true;
  readonly #timers = new Set<NodeJS.Timeout>();

  constructor(location: string, db: DatabaseSync) {
    this.location = location;
    this.#db = db;
  }

  async install(entries: readonly SkillToInstall[], options: { force?: boolean } = {}): Promise<StoredSkill[]> {
    const now = new Date().toISOString();
    const checked = checkEntries(entries, now);
    const force = options.force === true;
    this.#use(() => {
      const exists = this.#db.prepare('SELECT name FROM skills WHERE name = ?');
      const write = this.#db.prepare(force ? UPSERT_SQL : INSERT_SQL);
      immediate(this.#db, () => {
        const taken = checked.filter((c) => exists.get(c.name)).map((c) => c.name);
        if (taken.length > 0 && !force) throw new SkillExistsError(taken);
        for (const c of checked) write.run(...(upsertParams(c, now, force) as SqlValue[]));
      });
    });
    this.#localChanges++;
    return checked.map((c) => this.#get(c.name) as StoredSkill);
  }

  async list(): Promise<{ skills: StoredSkill[]; problems: StoreProblem[] }> {
    return splitRows(this.#use(() => this.#db.prepare('SELECT * FROM skills ORDER BY name').all() as unknown as SkillRow[]));
  }

  async get(name: string): Promise<StoredSkill | StoreProblem | undefined> {
    return this.#get(name);
  }

  #get(name: string): StoredSkill | StoreProblem | undefined {
    const row = this.#use(() => this.#db.prepare('SELECT * FROM skills WHERE name = ?').get(name) as SkillRow | undefined);
    return row ? fromRow(row) : undefined;
  }

  async names(): Promise<string[]> {
    const rows = this.#use(() => this.#db.prepare('SELECT name FROM skills ORDER BY name').all() as { name: string }[]);
    return rows.map((r) => r.name);
  }

  async setEnabled(name: string, enabled: boolean): Promise<boolean> {
    const sql = 'UPDATE skills SET enabled = ?, updated_at = ? WHERE name = ?';
    const r = this.#use(() => immediate(this.#db, () => this.#db.prepare(sql).run(enabled ? 1 : 0, new Date().toISOString(), name)));
    this.#localChanges++;
    return Number(r.changes) > 0;
  }

  async remove(name: string): Promise<boolean> {
    const r = this.#use(() => immediate(this.#db, () => this.#db.prepare('DELETE FROM skills WHERE name = ?').run(name)));
    this.#localChanges++;
    return Number(r.changes) > 0;
  }

  /**
   * Runs one use of the database; SQLite's own errors (busy, read-only, corrupt, ...) become a
   * {@link SkillStoreError} naming this store and SQLite's code (`SQLITE_BUSY`, ...).
   */
  #use<T>(body: () => T): T {
    try {
      return body();
    } catch (err) {
      const code = sqliteCode(err);
      if (code === undefined) throw err;
      throw new SkillStoreError(`skill store ${this.location}: ${messageOf(err)}`, code);
    }
  }

  async acceptTools(name: string, pins: ToolPins, options: { first?: { updatedAt: string } } = {}): Promise<boolean> {
    const [sql, params] = acceptToolsStatement(name, pins, options.first, new Date().toISOString());
    const r = this.#use(() => immediate(this.#db, () => this.#db.prepare(sql).run(...(params as string[]))));
    this.#localChanges++;
    return Number(r.changes) > 0;
  }

  /** Changes whenever any connection or process commits (`PRAGMA data_version`) or this one does. */
  #version(): string {
    const row = this.#db.prepare('PRAGMA data_version').get() as { data_version: number };
    return `${row.data_version}:${this.#localChanges}`;
  }

  watch(listener: () => void, options: WatchOptions = {}): () => void {
    let last = this.#version();
    const timer = setInterval(() => {
      if (!this.#open) return;
      const now = this.#version();
      if (now === last) return;
      last = now;
      listener();
    }, options.intervalMs ?? 250);
    timer.unref();
    this.#timers.add(timer);
    return () => {
      clearInterval(timer);
      this.#timers.delete(timer);
    };
  }

  async close(): Promise<void> {
    for (const t of this.#timers) clearInterval(t);
    this.#timers.clear();
    if (!this.#open) return;
    this.#open = false;
    this.#db.close();
  }
}
