/** Opens the skill store for one `skill` subcommand; only `install` creates a missing SQLite file. */

import { existsSync } from 'node:fs';
import { DEFAULT_STORE_PATH, isPostgresLocation, openSkillStore, type SkillStore } from '../../skills/store/store.js';

/** Options every `skill` subcommand takes. */
export interface SkillCommandOptions {
  /** A SQLite file or a postgres:// URL (default .agent-tools/skills.db). */
  store?: string;
  force?: boolean;
  json?: boolean;
  out?: string;
  /** --allow-foreign-tables: a SQLite store file may hold another application's tables. */
  allowForeignTables?: boolean;
}

/**
 * Opens the store for one command. Only `install` creates a missing SQLite file; the other
 * commands see a missing one as an empty store (`empty()`), so reading never leaves a file.
 * A PostgreSQL store is always there (its tables are created at open).
 */
export async function withStore<T>(opts: SkillCommandOptions, fn: (store: SkillStore) => Promise<T>, empty?: () => T): Promise<T> {
  const path = opts.store ?? DEFAULT_STORE_PATH;
  if (empty && !isPostgresLocation(path) && !existsSync(path)) return empty();
  const store = await openSkillStore(path, { allowForeignTables: opts.allowForeignTables === true });
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}
