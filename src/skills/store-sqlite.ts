import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { ensureDir } from '../util/ensure-dir.js';
import {
  SkillExistsError,
  SkillStoreError,
  type SkillStore,
  type SkillToInstall,
  type StoredSkill,
  type StoreProblem,
  type WatchOptions,
} from './store.js';
import {
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
 * Opens (creating when missing, with its folder) the SQLite store at `path`: WAL journal,
 * `busy_timeout` 5 000 ms, so several processes (a CLI and running servers) share one file.
 * @throws {SkillStoreError} `cannot open the skill store <path>: …` (with SQLite's `code`, e.g. `SQLITE_NOTADB`), or for a store newer than this code.
 * @throws {CannotCreateDirError} when its folder cannot be created.
 */
export function openSqliteStore(path: string): SkillStore {
  const abs = resolve(path);
  ensureDir(dirname(abs));
  // Loaded on demand so importing agent-tools/skills does not load the native module.
  const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
  let db: BetterSqlite3.Database | undefined;
  try {
    db = new Database(abs);
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    migrate(db, path);
  } catch (err) {
    db?.close();
    if (err instanceof SkillStoreError) throw err;
    const e = err as Error & { code?: string };
    throw new SkillStoreError(`cannot open the skill store ${path}: ${e.message}`, e.code);
  }
  return new SqliteSkillStore(abs, db);
}

function schemaVersion(db: BetterSqlite3.Database): number {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'skill_store_schema'").get();
  if (!table) return 0;
  return db.prepare<[], { v: number | null }>('SELECT MAX(version) AS v FROM skill_store_schema').get()?.v ?? 0;
}

/** Applies pending migrations in one immediate transaction; reads only when none is pending. */
function migrate(db: BetterSqlite3.Database, location: string): void {
  if (pendingMigrations(schemaVersion(db), location).length === 0) return;
  db.transaction(() => {
    db.exec(VERSION_TABLE_SQL);
    const now = new Date().toISOString();
    for (const m of pendingMigrations(schemaVersion(db), location)) {
      db.exec(m.sql);
      db.prepare('INSERT INTO skill_store_schema (version, why, applied_at) VALUES (?, ?, ?)').run(m.version, m.why, now);
    }
  }).immediate();
}

/** The SQLite {@link SkillStore}; each change is one immediate transaction. */
class SqliteSkillStore implements SkillStore {
  readonly location: string;
  readonly #db: BetterSqlite3.Database;
  #localChanges = 0;
  readonly #timers = new Set<NodeJS.Timeout>();

  constructor(location: string, db: BetterSqlite3.Database) {
    this.location = location;
    this.#db = db;
  }

  async install(entries: readonly SkillToInstall[], options: { force?: boolean } = {}): Promise<StoredSkill[]> {
    const now = new Date().toISOString();
    const checked = checkEntries(entries, now);
    const force = options.force === true;
    const exists = this.#db.prepare<[string], { name: string }>('SELECT name FROM skills WHERE name = ?');
    const write = this.#db.prepare(force ? UPSERT_SQL : INSERT_SQL);
    this.#db
      .transaction(() => {
        const taken = checked.filter((c) => exists.get(c.name)).map((c) => c.name);
        if (taken.length > 0 && !force) throw new SkillExistsError(taken);
        for (const c of checked) write.run(...upsertParams(c, now, force));
      })
      .immediate();
    this.#localChanges++;
    return checked.map((c) => this.#get(c.name) as StoredSkill);
  }

  async list(): Promise<{ skills: StoredSkill[]; problems: StoreProblem[] }> {
    return splitRows(this.#db.prepare<[], SkillRow>('SELECT * FROM skills ORDER BY name').all());
  }

  async get(name: string): Promise<StoredSkill | StoreProblem | undefined> {
    return this.#get(name);
  }

  #get(name: string): StoredSkill | StoreProblem | undefined {
    const row = this.#db.prepare<[string], SkillRow>('SELECT * FROM skills WHERE name = ?').get(name);
    return row ? fromRow(row) : undefined;
  }

  async names(): Promise<string[]> {
    return this.#db
      .prepare<[], { name: string }>('SELECT name FROM skills ORDER BY name')
      .all()
      .map((r) => r.name);
  }

  async setEnabled(name: string, enabled: boolean): Promise<boolean> {
    const r = this.#db
      .transaction(() =>
        this.#db
          .prepare('UPDATE skills SET enabled = ?, updated_at = ? WHERE name = ?')
          .run(enabled ? 1 : 0, new Date().toISOString(), name),
      )
      .immediate();
    this.#localChanges++;
    return r.changes > 0;
  }

  async remove(name: string): Promise<boolean> {
    const r = this.#db.transaction(() => this.#db.prepare('DELETE FROM skills WHERE name = ?').run(name)).immediate();
    this.#localChanges++;
    return r.changes > 0;
  }

  /** Changes whenever any connection or process commits (`PRAGMA data_version`) or this one does. */
  #version(): string {
    return `${this.#db.pragma('data_version', { simple: true }) as number}:${this.#localChanges}`;
  }

  watch(listener: () => void, options: WatchOptions = {}): () => void {
    let last = this.#version();
    const timer = setInterval(() => {
      if (!this.#db.open) return;
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
    if (this.#db.open) this.#db.close();
  }
}
