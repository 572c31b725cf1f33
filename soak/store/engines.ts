/** Soak row 4's engines: SQLite in a file and PostgreSQL on a server of its own, each with its integrity check. */

import { openSkillStore } from 'agent-tools/skills';
import { openDatabase } from '../../src/skills/store/sqlite-driver.js';
import { findPostgresBin, startPostgres } from '../../test/skills/postgres-server.js';
import type { AfterKill } from './check.js';
import { versionOf, type StoreModel } from './model.js';

/** A store engine the kill row runs against: where the writer writes, and how the store is read back after a kill. */
export interface KillEngine {
  name: 'SQLite' | 'PostgreSQL';
  /** The store location the writer child is given (a file, or a postgres:// URL). */
  location: string;
  /** What the engine's own integrity check is, for the row's figures. */
  integrityCheck: string;
  /** Reads the store after a kill, in a fresh connection: its skills, unusable rows and the integrity check's verdict ('ok'). */
  inspect(): Promise<AfterKill>;
  close(): Promise<void>;
}

/** The skills a fresh store handle lists, or why the store did not open. */
async function readModel(location: string): Promise<Omit<AfterKill, 'integrity'>> {
  let store;
  try {
    store = await openSkillStore(location);
  } catch (e) {
    return { openError: (e as Error).message, problems: [], actual: {} };
  }
  try {
    const { skills, problems } = await store.list();
    const actual: StoreModel = {};
    for (const s of skills) actual[s.name] = { enabled: s.enabled, version: versionOf(s.raw.description) };
    return { problems: problems.map((p) => `${p.name}: ${p.message}`), actual };
  } finally {
    await store.close();
  }
}

/** The SQLite store in a file: `PRAGMA integrity_check`. */
export function sqliteEngine(path: string): KillEngine {
  return {
    name: 'SQLite',
    location: path,
    integrityCheck: 'PRAGMA integrity_check',
    async inspect() {
      const model = await readModel(path);
      if (model.openError) return { ...model, integrity: '' };
      const db = openDatabase(path);
      try {
        return {
          ...model,
          integrity: (db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[]).map((r) => r.integrity_check).join('; '),
        };
      } finally {
        db.close();
      }
    },
    close: async () => {},
  };
}

/** The writer's connections carry this application_name, so the row can wait until the server has ended them. */
export const WRITER_APP = 'agent-tools-soak-writer';

/**
 * The PostgreSQL store in a database of a server of its own (the PostgreSQL tests' helper:
 * initdb and pg_ctl on a temp folder). Its integrity check: the killed writer's sessions are
 * gone and no advisory lock is left, amcheck's `bt_index_check` (with heapallindexed) passes
 * on every index of the store's tables, the schema table lists each migration once, and
 * `enabled` holds only 0 or 1.
 * @returns `skipped` with the reason when there is no PostgreSQL to start.
 */
export async function postgresEngine(): Promise<KillEngine | { skipped: string }> {
  try {
    findPostgresBin();
  } catch {
    return { skipped: 'skipped: no PostgreSQL (initdb not found in $PG_BIN, /usr/lib/postgresql/*/bin or on PATH)' };
  }
  const server = await startPostgres();
  const base = await server.createDatabase('soak_kill');
  await server.sql('soak_kill', 'CREATE EXTENSION IF NOT EXISTS amcheck');
  const query = (text: string) => server.sql('soak_kill', text).then((r) => r.rows as Record<string, unknown>[]);
  const problems = async (): Promise<string[]> => {
    const out: string[] = [];
    for (let until = Date.now() + 10_000; ; await new Promise((r) => setTimeout(r, 50))) {
      const left = Number((await query(`SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = '${WRITER_APP}'`))[0]!.n);
      if (left === 0) break;
      if (Date.now() > until) return [`${left} session(s) of the killed writer still open 10 s after the kill`];
    }
    const locks = Number((await query("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory'"))[0]!.n);
    if (locks > 0) out.push(`${locks} advisory lock(s) still held`);
    const indexes = await query(
      "SELECT i.indexrelid::regclass::text AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid WHERE c.relname IN ('skills', 'skill_store_schema')",
    );
    for (const { name } of indexes)
      await query(`SELECT bt_index_check('${String(name)}'::regclass, true)`).catch((e: Error) =>
        out.push(`bt_index_check ${String(name)}: ${e.message}`),
      );
    const hasSchema = (await query("SELECT to_regclass('skill_store_schema')::text AS t"))[0]!.t !== null;
    if (hasSchema) {
      const versions = (await query('SELECT version FROM skill_store_schema ORDER BY version')).map((r) => Number(r.version));
      if (versions.some((v, i) => v !== i + 1)) out.push(`skill_store_schema lists versions ${versions.join(', ')}`);
      const bad = Number((await query('SELECT count(*) AS n FROM skills WHERE enabled NOT IN (0, 1)'))[0]!.n);
      if (bad > 0) out.push(`${bad} row(s) with enabled not 0 or 1`);
    }
    return out;
  };
  return {
    name: 'PostgreSQL',
    location: `${base}?application_name=${WRITER_APP}`,
    integrityCheck: 'sessions ended, no advisory lock, amcheck bt_index_check, schema versions, enabled in (0, 1)',
    async inspect() {
      const found = await problems();
      const model = await readModel(base);
      return { ...model, integrity: found.length === 0 ? 'ok' : found.join('; ') };
    },
    async close() {
      server.close();
    },
  };
}
