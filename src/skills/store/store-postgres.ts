/** The skill store on PostgreSQL: connect, migrate, and every store operation in transactions. */

import pg from 'pg';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  maskStoreLocation,
  SkillExistsError,
  SkillStoreError,
  type OpenStoreOptions,
  type SkillStore,
  type SkillToInstall,
  type StoredSkill,
  type StoreProblem,
  type WatchOptions,
} from './store.js';
import type { ToolPins } from '../mcp/mcp-tool-pins.js';
import {
  acceptToolsStatement,
  checkEntries,
  fromRow,
  INSERT_SQL,
  numberPlaceholders,
  pendingMigrations,
  splitRows,
  UPSERT_SQL,
  upsertParams,
  VERSION_TABLE_SQL,
  type SkillRow,
} from './store-schema.js';
import { listenForChanges, CHANNEL } from './store-postgres-listen.js';

const INSERT = numberPlaceholders(INSERT_SQL);
const UPSERT = numberPlaceholders(UPSERT_SQL);
/** Serializes schema migrations of concurrent first opens (a constant advisory lock key). */
const MIGRATION_LOCK = 0x61676e74;

/** The connect timeout in ms: the option, else the URL's libpq `connect_timeout` (seconds), else 5 000. */
function connectTimeout(location: string, options: OpenStoreOptions): number {
  if (options.connectTimeoutMs !== undefined) return options.connectTimeoutMs;
  const s = /[?&]connect_timeout=(\d+)/.exec(location)?.[1];
  return s !== undefined && Number(s) > 0 ? Number(s) * 1000 : DEFAULT_CONNECT_TIMEOUT_MS;
}

/** One line saying why PostgreSQL could not be used, from pg's error. */
export function pgReason(err: unknown, timeoutMs: number): string {
  const e = err as Error & { code?: string; address?: string; port?: number };
  if (/timeout/i.test(e.message) && !e.code) return `no answer from the server within ${timeoutMs} ms (connect timeout)`;
  if (e.code === 'ECONNREFUSED') return `connection refused at ${e.address ?? '?'}:${e.port ?? '?'} (is PostgreSQL running there?)`;
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return `host not found (${e.message})`;
  return `${e.message.replace(/\s*\n\s*/g, ' ')}${e.code && !e.message.includes(e.code) ? ` (${e.code})` : ''}`;
}

/**
 * Opens the PostgreSQL store at `location` (a `postgres://` URL): connects within the connect
 * timeout, then applies pending migrations in one transaction under an advisory lock.
 * @throws {SkillStoreError} naming the store (password masked) for a bad URL, a refused login, a missing database, an unreachable host or a
 * newer schema.
 */
export async function openPostgresStore(location: string, options: OpenStoreOptions = {}): Promise<SkillStore> {
  const shown = maskStoreLocation(location);
  const timeoutMs = connectTimeout(location, options);
  const fail = (err: unknown): never => {
    if (err instanceof SkillStoreError) throw err;
    throw new SkillStoreError(`cannot open the skill store ${shown}: ${pgReason(err, timeoutMs)}`, (err as { code?: string }).code);
  };
  let config: pg.ClientConfig;
  try {
    new URL(location);
    config = { connectionString: location, connectionTimeoutMillis: timeoutMs, keepAlive: true };
  } catch (err) {
    return fail(new Error(`not a valid URL (${(err as Error).message}); expected postgres://user:password@host:port/database`));
  }
  const pool = new pg.Pool({ ...config, max: 4, idleTimeoutMillis: 10_000, allowExitOnIdle: true });
  // An idle connection the server drops is evicted by the pool; the next query reconnects.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    try {
      await migrate(client, shown);
    } finally {
      client.release();
    }
  } catch (err) {
    await pool.end().catch(() => undefined);
    return fail(err);
  }
  return new PostgresSkillStore(shown, pool, config, timeoutMs);
}

async function schemaVersion(client: pg.PoolClient): Promise<number> {
  const t = await client.query<{ t: string | null }>("SELECT to_regclass('skill_store_schema')::text AS t");
  if (!t.rows[0]?.t) return 0;
  return (await client.query<{ v: number | null }>('SELECT MAX(version) AS v FROM skill_store_schema')).rows[0]?.v ?? 0;
}

async function migrate(client: pg.PoolClient, location: string): Promise<void> {
  if (pendingMigrations(await schemaVersion(client), location).length === 0) return;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(VERSION_TABLE_SQL);
    const now = new Date().toISOString();
    for (const m of pendingMigrations(await schemaVersion(client), location)) {
      await client.query(m.sql);
      await client.query('INSERT INTO skill_store_schema (version, why, applied_at) VALUES ($1, $2, $3)', [m.version, m.why, now]);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/** The PostgreSQL {@link SkillStore}: each change one transaction that also sends `NOTIFY`. */
class PostgresSkillStore implements SkillStore {
  readonly #stops = new Set<() => void>();

  constructor(
    readonly location: string,
    readonly pool: pg.Pool,
    readonly config: pg.ClientConfig,
    readonly timeoutMs: number,
  ) {}

  /** Runs `fn` in a transaction that notifies watchers when it commits. */
  async #change<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect().catch((err: unknown) => this.#fail(err));
    try {
      await client.query('BEGIN');
      const r = await fn(client);
      await client.query('SELECT pg_notify($1, $2)', [CHANNEL, '']);
      await client.query('COMMIT');
      return r;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      if (err instanceof SkillExistsError || (err instanceof Error && err.name === 'InvalidSkillError')) throw err;
      return this.#fail(err);
    } finally {
      client.release();
    }
  }

  async #rows(sql: string, params: unknown[] = []): Promise<SkillRow[]> {
    try {
      return (await this.pool.query<SkillRow>(sql, params)).rows;
    } catch (err) {
      return this.#fail(err);
    }
  }

  #fail(err: unknown): never {
    throw new SkillStoreError(`skill store ${this.location}: ${pgReason(err, this.timeoutMs)}`, (err as { code?: string }).code);
  }

  async install(entries: readonly SkillToInstall[], options: { force?: boolean } = {}): Promise<StoredSkill[]> {
    const now = new Date().toISOString();
    const checked = checkEntries(entries, now);
    const force = options.force === true;
    const names = checked.map((c) => c.name);
    const rows = await this.#change(async (client) => {
      const taken = (await client.query<{ name: string }>('SELECT name FROM skills WHERE name = ANY($1) ORDER BY name', [names])).rows.map(
        (r) => r.name,
      );
      if (taken.length > 0 && !force) throw new SkillExistsError(names.filter((n) => taken.includes(n)));
      for (const c of checked) {
        // A concurrent install of the same new name: the primary key refuses the second.
        await client.query(force ? UPSERT : INSERT, upsertParams(c, now, force)).catch((err: { code?: string }) => {
          throw err.code === '23505' ? new SkillExistsError([c.name]) : err;
        });
      }
      return (await client.query<SkillRow>('SELECT * FROM skills WHERE name = ANY($1)', [names])).rows;
    });
    return names.map((n) => fromRow(rows.find((r) => r.name === n)!) as StoredSkill);
  }

  async list(): Promise<{ skills: StoredSkill[]; problems: StoreProblem[] }> {
    return splitRows(await this.#rows('SELECT * FROM skills ORDER BY name COLLATE "C"'));
  }

  async get(name: string): Promise<StoredSkill | StoreProblem | undefined> {
    const [row] = await this.#rows('SELECT * FROM skills WHERE name = $1', [name]);
    return row ? fromRow(row) : undefined;
  }

  async names(): Promise<string[]> {
    return (await this.#rows('SELECT name FROM skills ORDER BY name COLLATE "C"')).map((r) => r.name);
  }

  async setEnabled(name: string, enabled: boolean): Promise<boolean> {
    return this.#change(
      async (c) =>
        ((
          await c.query('UPDATE skills SET enabled = $1, updated_at = $2 WHERE name = $3', [
            enabled ? 1 : 0,
            new Date().toISOString(),
            name,
          ])
        ).rowCount ?? 0) > 0,
    );
  }

  async remove(name: string): Promise<boolean> {
    return this.#change(async (c) => ((await c.query('DELETE FROM skills WHERE name = $1', [name])).rowCount ?? 0) > 0);
  }

  async acceptTools(name: string, pins: ToolPins, options: { first?: { updatedAt: string } } = {}): Promise<boolean> {
    const [sql, params] = acceptToolsStatement(name, pins, options.first, new Date().toISOString());
    return this.#change(async (c) => ((await c.query(numberPlaceholders(sql), params)).rowCount ?? 0) > 0);
  }

  watch(listener: () => void, options: WatchOptions = {}): () => void {
    const stop = listenForChanges(this.config, listener, options.onStatus);
    this.#stops.add(stop);
    return () => {
      this.#stops.delete(stop);
      stop();
    };
  }

  async close(): Promise<void> {
    for (const stop of this.#stops) stop();
    this.#stops.clear();
    await this.pool.end().catch(() => undefined);
  }
}
