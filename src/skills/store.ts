import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { parseSkillFile, type ExternalSkillFile, type SkillProblem } from './external-skill.js';
import { ensureDir } from '../util/ensure-dir.js';

/** The default store, relative to the project (the working directory). */
export const DEFAULT_STORE_PATH = '.agent-tools/skills.db';

/** One installed skill as stored: its JSON as installed, its switch, where it came from, and when. */
export interface StoredSkill {
  name: string;
  kind: ExternalSkillFile['kind'];
  enabled: boolean;
  /** The file or folder it was installed from (absolute), or null. */
  source: string | null;
  /** ISO 8601 times. */
  installedAt: string;
  updatedAt: string;
  /** The JSON as installed (what `skill export` prints). */
  raw: Record<string, unknown>;
  /** The validated skill. */
  skill: ExternalSkillFile;
}

/** A stored row that cannot be used (bad JSON or no longer valid); the other rows still load. */
export interface StoreProblem {
  name: string;
  message: string;
}

/** Thrown by {@link SkillStore.install} when names are taken and `force` is not set. */
export class SkillExistsError extends Error {
  override readonly name = 'SkillExistsError';
  constructor(readonly names: readonly string[]) {
    super(`${names.length === 1 ? 'Skill' : 'Skills'} ${names.map((n) => `"${n}"`).join(', ')} already installed; use --force to replace`);
  }
}

/** Thrown by {@link SkillStore.install} when a skill to install is invalid; nothing was written. */
export class InvalidSkillError extends Error {
  override readonly name = 'InvalidSkillError';
  constructor(readonly problems: readonly SkillProblem[]) {
    super(`Invalid skill:\n${problems.map((p) => `  ${p.path}: ${p.message}`).join('\n')}`);
  }
}

interface Row {
  name: string;
  kind: string;
  json: string;
  enabled: number;
  source: string | null;
  installed_at: string;
  updated_at: string;
}

const SCHEMA = `CREATE TABLE IF NOT EXISTS skills (
  name TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  json TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1,
  source TEXT,
  installed_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
)`;

/**
 * The skill store: installed external skills in an embedded SQLite database (better-sqlite3).
 *
 * - WAL journal, `busy_timeout` 5 000 ms, so several processes (a CLI and a running MCP
 *   server) read and write one file safely.
 * - Each change (install of one or more skills, enable, disable, remove) is one immediate
 *   transaction: it is all written or none of it.
 * - A row that no longer parses or validates is reported by {@link list} as a problem and
 *   the other rows still load.
 * - {@link watch} notices commits made by other connections and processes
 *   (`PRAGMA data_version`) and by this one.
 */
export class SkillStore {
  readonly path: string;
  readonly #db: BetterSqlite3.Database;
  #localChanges = 0;

  private constructor(path: string, db: BetterSqlite3.Database) {
    this.path = path;
    this.#db = db;
  }

  /**
   * Opens (creating when missing, with its folder) the store at `path`.
   * @throws {Error} `cannot open the skill store <path>: …` (with SQLite's `code`, e.g. `SQLITE_NOTADB`) for a file that is not a store.
   * @throws {CannotCreateDirError} when its folder cannot be created.
   */
  static open(path: string = DEFAULT_STORE_PATH): SkillStore {
    const abs = resolve(path);
    ensureDir(dirname(abs));
    // Loaded on demand so importing agent-tools/skills does not load the native module.
    const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
    let db: BetterSqlite3.Database | undefined;
    try {
      db = new Database(abs);
      db.pragma('busy_timeout = 5000');
      db.pragma('journal_mode = WAL');
      db.exec(SCHEMA);
    } catch (err) {
      db?.close();
      const e = err as Error & { code?: string };
      throw Object.assign(new Error(`cannot open the skill store ${path}: ${e.message}`), { code: e.code });
    }
    return new SkillStore(abs, db);
  }

  /**
   * Installs skills (validated again here) in one transaction.
   * @throws {InvalidSkillError} when one is invalid (nothing written).
   * @throws {SkillExistsError} naming every taken name when `force` is not set (nothing written).
   */
  install(entries: readonly { raw: unknown; source?: string | null }[], options: { force?: boolean } = {}): StoredSkill[] {
    const checked = entries.map((e) => {
      const r = parseSkillFile(e.raw);
      if (!r.ok) throw new InvalidSkillError(r.problems);
      return { ...e, skill: r.skill };
    });
    const now = new Date().toISOString();
    const exists = this.#db.prepare<[string], { installed_at: string }>('SELECT installed_at FROM skills WHERE name = ?');
    const upsert = this.#db.prepare(
      `INSERT INTO skills (name, kind, json, enabled, source, installed_at, updated_at) VALUES (@name, @kind, @json, 1, @source, @now, @now)
       ON CONFLICT(name) DO UPDATE SET kind = excluded.kind, json = excluded.json, source = excluded.source, updated_at = excluded.updated_at`,
    );
    this.#db
      .transaction(() => {
        const taken = checked.filter((c) => exists.get(c.skill.name)).map((c) => c.skill.name);
        if (taken.length > 0 && !options.force) throw new SkillExistsError(taken);
        for (const c of checked) upsert.run({ name: c.skill.name, kind: c.skill.kind, json: JSON.stringify(c.raw), source: c.source ?? null, now });
      })
      .immediate();
    this.#localChanges++;
    return checked.map((c) => this.get(c.skill.name) as StoredSkill);
  }

  /** Every stored skill that loads, by name, and a problem for each row that does not. */
  list(): { skills: StoredSkill[]; problems: StoreProblem[] } {
    const rows = this.#db.prepare<[], Row>('SELECT * FROM skills ORDER BY name').all();
    const skills: StoredSkill[] = [];
    const problems: StoreProblem[] = [];
    for (const row of rows) {
      const r = fromRow(row);
      if ('message' in r) problems.push(r);
      else skills.push(r);
    }
    return { skills, problems };
  }

  /** One stored skill, a problem when its row is unusable, or undefined when not installed. */
  get(name: string): StoredSkill | StoreProblem | undefined {
    const row = this.#db.prepare<[string], Row>('SELECT * FROM skills WHERE name = ?').get(name);
    return row ? fromRow(row) : undefined;
  }

  /** The installed names, including unusable rows, by name. */
  names(): string[] {
    return this.#db.prepare<[], { name: string }>('SELECT name FROM skills ORDER BY name').all().map((r) => r.name);
  }

  /** Switches a skill on or off; false when it is not installed. */
  setEnabled(name: string, enabled: boolean): boolean {
    const r = this.#db.transaction(() => this.#db.prepare('UPDATE skills SET enabled = ?, updated_at = ? WHERE name = ?').run(enabled ? 1 : 0, new Date().toISOString(), name)).immediate();
    this.#localChanges++;
    return r.changes > 0;
  }

  /** Removes a skill; false when it is not installed. */
  remove(name: string): boolean {
    const r = this.#db.transaction(() => this.#db.prepare('DELETE FROM skills WHERE name = ?').run(name)).immediate();
    this.#localChanges++;
    return r.changes > 0;
  }

  /** A token (not a number: `<data_version>:<local changes>`) that changes whenever any connection or process commits to the store. */
  version(): string {
    return `${this.#db.pragma('data_version', { simple: true }) as number}:${this.#localChanges}`;
  }

  /**
   * Calls `listener` after the store changed (in any process), checking every `intervalMs`
   * (default 250). The timer does not keep the process alive. Returns an unsubscribe function.
   */
  watch(listener: () => void, intervalMs = 250): () => void {
    let last = this.version();
    const timer = setInterval(() => {
      const now = this.version();
      if (now === last) return;
      last = now;
      listener();
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Closes the database connection. */
  close(): void {
    this.#db.close();
  }
}

function fromRow(row: Row): StoredSkill | StoreProblem {
  let raw: unknown;
  try {
    raw = JSON.parse(row.json);
  } catch (err) {
    return { name: row.name, message: `stored JSON is unreadable: ${(err as Error).message}; reinstall it with --force or remove it` };
  }
  const r = parseSkillFile(raw);
  if (!r.ok) return { name: row.name, message: `stored skill is invalid: ${r.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}; reinstall it with --force or remove it` };
  if (r.skill.name !== row.name) return { name: row.name, message: `stored skill is named "${r.skill.name}", not "${row.name}"; remove it and reinstall` };
  return { name: row.name, kind: r.skill.kind, enabled: row.enabled === 1, source: row.source, installedAt: row.installed_at, updatedAt: row.updated_at, raw: raw as Record<string, unknown>, skill: r.skill };
}
