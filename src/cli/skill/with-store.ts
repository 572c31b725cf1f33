/** Opens the skill store for one `skill` subcommand; only `install` creates a missing SQLite file. */

import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  DEFAULT_STORE_PATH,
  isPostgresLocation,
  maskStoreLocation,
  openSkillStore,
  SkillStoreError,
  STORE_ENV,
  type SkillStore,
} from '../../skills/store/store.js';
import { cliCommand } from '../../shared/cli-command.js';
import { shellWord } from '../../util/shell-word.js';

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
 * Opens the store for one command that reads or changes what is installed, and closes it after
 * `fn`. A missing SQLite file is refused before anything is opened (see {@link requireStoreExists}),
 * so a mistyped `--store` says so instead of showing an empty store, and no file is left behind;
 * only `install` creates one ({@link withStoreCreated}). A PostgreSQL store is always there (its
 * tables are created at open).
 * @throws {SkillStoreError} when the SQLite file or its folder is not there, or the store cannot be opened.
 */
export async function withStore<T>(opts: SkillCommandOptions, fn: (store: SkillStore) => Promise<T>): Promise<T> {
  requireStoreExists(opts.store ?? DEFAULT_STORE_PATH);
  return withStoreCreated(opts, fn);
}

/**
 * Opens the store for `install`, creating a missing SQLite file and its folder, and closes it after `fn`.
 * @throws {SkillStoreError} when the store cannot be opened or created.
 */
export async function withStoreCreated<T>(opts: SkillCommandOptions, fn: (store: SkillStore) => Promise<T>): Promise<T> {
  const store = await openSkillStore(opts.store ?? DEFAULT_STORE_PATH, { allowForeignTables: opts.allowForeignTables === true });
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

/**
 * Checks that the SQLite store at `location` exists (a PostgreSQL URL always passes).
 * @throws {SkillStoreError} (exit 2) when the file, or its folder, is not there, naming the store
 *   as given, what is missing (the file, or its folder) and the command that creates it: `no skill
 *   store at x.db (no such file); install a skill to create it: npx agent-tools skill install <file> --store x.db`.
 */
export function requireStoreExists(location: string): void {
  if (isPostgresLocation(location) || existsSync(location)) return;
  const flag = storeFlag(location);
  const folder = dirname(location);
  const missing = existsSync(folder) ? 'no such file' : `no such folder ${folder}`;
  throw new SkillStoreError(
    `no skill store at ${maskStoreLocation(location)} (${missing}); install a skill to create it: ${cliCommand(`skill install <file>${flag}`)}`,
  );
}

/**
 * The ` --store <location>` a suggested `skill` command needs to reach the store at `location`
 * (a password masked), or `''` for the default store or the one `AGENT_TOOLS_STORE` names: the
 * store of the flag, not of the default or the variable, is named again in the command to run.
 */
export function storeFlag(location: string): string {
  return location === DEFAULT_STORE_PATH || process.env[STORE_ENV] === location ? '' : ` --store ${shellWord(maskStoreLocation(location))}`;
}
