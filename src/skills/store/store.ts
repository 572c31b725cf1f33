/** The skill store's contract: stored skills, problems, the default path and the store opened from a path or URL. */

import { closeMatches } from '../../core/suggest.js';
import { EnvironmentError, UsageError } from '../../shared/errors.js';
import { importPeer } from '../../shared/optional-peer.js';
import type { ExternalSkillFile, SkillProblem } from '../files/external-skill.js';
import type { ToolPins } from '../mcp/mcp-tool-pins.js';

/** The default store, relative to the project (the working directory). */
export const DEFAULT_STORE_PATH = '.agent-tools/skills.db';

/** The environment variable the CLI reads the store from when `--store` is not given. */
export const STORE_ENV = 'AGENT_TOOLS_STORE';

/** How long opening a PostgreSQL store waits for the server, in ms, unless told otherwise. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

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
  /**
   * An MCP skill's tools as accepted (recorded on its first connection, replaced by `skill
   * refresh`); null until then, and for other kinds. A server tool that differs from these is
   * not offered.
   */
  toolPins: ToolPins | null;
  /** Why the recorded pins could not be read (they then accept no tool). */
  toolPinsProblem?: string;
}

/** A stored row that cannot be used (bad JSON or no longer valid); the other rows still load. */
export interface StoreProblem {
  name: string;
  message: string;
}

/**
 * One skill to install. `raw` is validated again by the store. `enabled`, `installedAt` and
 * `updatedAt` are for restoring an exported catalog exactly; left out, a new skill is enabled
 * and stamped now, and a replaced one keeps its switch and install time.
 */
export interface SkillToInstall {
  raw: unknown;
  source?: string | null;
  enabled?: boolean;
  installedAt?: string;
  updatedAt?: string;
}

/** What {@link SkillStore.watch} reports about its link to the store, for a log line. */
export type StoreStatus =
  { state: 'lost'; message: string; retryInMs: number } | { state: 'restored' } | { state: 'sync-failed'; message: string };

/** Options of {@link SkillStore.watch}. */
export interface WatchOptions {
  /** SQLite only: how often the file is checked for commits by other processes, in ms (default 250). */
  intervalMs?: number;
  /** Told when the link to the store is lost (and retried) or restored. */
  onStatus?: (status: StoreStatus) => void;
}

/**
 * The skill store: installed external skills, one interface for two engines (SQLite, the
 * embedded default; PostgreSQL, shared by a team). Open one with {@link openSkillStore}.
 *
 * - Every change (an install of one or more skills, enable, disable, remove, the accepted tools
 *   of an MCP skill) is one transaction: all written or none. A name is unique, enforced by the
 *   database. Replacing a skill (`install` with `force`) keeps its accepted tools: a new skill
 *   file does not make a server's changed tools trusted.
 * - A row that no longer parses or validates is reported by `list` as a problem; the other
 *   rows still load.
 * - Stores of both engines hold the same data and give the same results.
 */
export interface SkillStore {
  /** Where the store is, for messages: the SQLite file (absolute) or the PostgreSQL URL, password masked. */
  readonly location: string;
  /**
   * Installs skills in one transaction.
   * @throws {InvalidSkillError} when one is invalid (nothing written).
   * @throws {SkillExistsError} naming every taken name when `force` is not set (nothing written).
   */
  install(entries: readonly SkillToInstall[], options?: { force?: boolean }): Promise<StoredSkill[]>;
  /** Every stored skill that loads, by name, and a problem for each row that does not. */
  list(): Promise<{ skills: StoredSkill[]; problems: StoreProblem[] }>;
  /** One stored skill, a problem when its row is unusable, or undefined when not installed. */
  get(name: string): Promise<StoredSkill | StoreProblem | undefined>;
  /** The installed names, including unusable rows, by name. */
  names(): Promise<string[]>;
  /** Switches a skill on or off; false when it is not installed. */
  setEnabled(name: string, enabled: boolean): Promise<boolean>;
  /** Removes a skill; false when it is not installed. */
  remove(name: string): Promise<boolean>;
  /**
   * Records the accepted tools of an installed MCP skill, in one transaction. Without `first`
   * (what `skill refresh` does) they replace the ones recorded and `updatedAt` is set to now, so
   * a running server rebuilds the skill. With `first` (a first connection) they are written only
   * when none are recorded and the skill is unchanged since it was read at `first.updatedAt`.
   * @returns false when nothing was written: no such MCP skill, or (with `first`) pins already
   *   recorded by someone else or the skill replaced meanwhile.
   */
  acceptTools(name: string, pins: ToolPins, options?: { first?: { updatedAt: string } }): Promise<boolean>;
  /**
   * Calls `listener` after the store changed, in this or any other process (SQLite: checks
   * the file every `intervalMs`; PostgreSQL: `LISTEN`/`NOTIFY` on a connection of its own,
   * reconnecting with backoff; `listener` is also called once each time listening starts, so a
   * change made before that is not missed). Keeps no process alive. Returns an unsubscribe
   * function.
   */
  watch(listener: () => void, options?: WatchOptions): () => void;
  /** Ends watching and closes the connections. */
  close(): Promise<void>;
}

/** Options of {@link openSkillStore}. */
export interface OpenStoreOptions {
  /** PostgreSQL: how long to wait for the server, in ms (default 5 000, or the URL's `connect_timeout` in seconds). */
  connectTimeoutMs?: number;
  /**
   * SQLite: open a file that holds tables other than the store's (another application's database)
   * and add the store's tables to it. Without it such a file is refused (`--allow-foreign-tables`).
   */
  allowForeignTables?: boolean;
}

/**
 * Thrown when a store cannot be opened or used (an {@link EnvironmentError}, exit 2): names the store
 * (password masked) and why, in one line. `code` is `'ENVIRONMENT'`; the database's own code is `engineCode`.
 */
export class SkillStoreError extends EnvironmentError {
  constructor(
    message: string,
    /** The engine's code when it gave one (`SQLITE_NOTADB`, `ECONNREFUSED`, `28P01`, …). */
    readonly engineCode?: string,
  ) {
    super(message);
  }
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

/** The URL schemes a store location may have; a location without `<scheme>://` is a SQLite file path. */
export const STORE_URL_SCHEMES = ['postgres', 'postgresql'] as const;

/** `<scheme>://` at the start of a location (RFC 3986 scheme characters). */
const URL_SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

/** Schemes people write for a SQLite file, which the store takes as a plain path. */
const FILE_SCHEMES = new Set(['sqlite', 'sqlite3', 'file']);

/**
 * Which engine keeps the store at `location`: `'postgres'` for a `postgres://` or
 * `postgresql://` URL, `'sqlite'` for a file path (no `<scheme>://`). The one place a store
 * location is read; every command and the console go through it before opening or looking
 * for a store, so a mistyped scheme never becomes a folder named after the URL.
 * @param source what gave the location, for the message (`--store`, `AGENT_TOOLS_STORE`).
 * @throws {UsageError} for a `<scheme>://` URL of another scheme, naming the scheme, the known
 *   ones, a close one or the file path meant, and the URL with its password masked: `--store
 *   postgress://alice:***@db/skills: unknown store scheme "postgress://" (did you mean "postgres://"?); ...`.
 */
export function storeEngine(location: string, source = 'the skill store'): 'postgres' | 'sqlite' {
  const scheme = URL_SCHEME.exec(location)?.[1];
  if (scheme === undefined) return 'sqlite';
  if ((STORE_URL_SCHEMES as readonly string[]).includes(scheme.toLowerCase())) return 'postgres';
  const rest = location.slice(scheme.length + 3);
  const near = closeMatches(scheme, STORE_URL_SCHEMES, 1);
  const meant = FILE_SCHEMES.has(scheme.toLowerCase())
    ? ` (a SQLite store is a file path without a scheme: did you mean ${JSON.stringify(rest)}?)`
    : near.length > 0
      ? ` (did you mean "${near[0]}://"?)`
      : '';
  throw new UsageError(
    `${source} ${maskStoreLocation(location)}: unknown store scheme "${scheme}://"${meant}; ` +
      `a skill store is a ${STORE_URL_SCHEMES.map((s) => `${s}://`).join(' or ')} URL, or a SQLite file path (e.g. ${DEFAULT_STORE_PATH})`,
  );
}

/**
 * True for a `postgres://` or `postgresql://` URL; false for a SQLite file path.
 * @throws {UsageError} for a URL of another scheme (see {@link storeEngine}).
 */
export function isPostgresLocation(location: string): boolean {
  return storeEngine(location) === 'postgres';
}

/**
 * `location` fit for a message: a URL's password replaced by `***` (a file path unchanged).
 * The password runs from the first `:` after the user name to the last `@` of the URL, so one
 * written raw with any character (`/`, `#`, `?`, `@`, `:`, a space) is masked whole, as is
 * every `password=` and `sslpassword=` query parameter. Where the URL is ambiguous (an `@` in
 * its query) more is masked, never less. Any `<scheme>://` URL is masked so, a mistyped
 * scheme included.
 */
export function maskStoreLocation(location: string): string {
  if (!URL_SCHEME.test(location)) return location;
  const userinfo = /^([a-z][a-z0-9+.-]*:\/\/[^:@/]*:)[^]*@/i.exec(location);
  const masked = userinfo ? `${userinfo[1]}***@${location.slice(userinfo[0].length)}` : location;
  return masked.replace(/([?&](?:ssl)?password=)[^&#]*/gi, '$1***');
}

/**
 * Opens the store at `location`: a `postgres://` URL (the schema is created or brought up to
 * date), or a SQLite file (created with its folder when missing). Pending schema migrations
 * are applied in one transaction.
 * @throws {SkillStoreError} naming the store when it cannot be reached, logged in to, read,
 *   or has a schema newer than this code knows (then it is left unaltered); for a SQLite file
 *   holding tables that are not the store's, unless `allowForeignTables` (code `FOREIGN_TABLES`).
 * @throws {CannotCreateDirError} when a SQLite file's folder cannot be created.
 * @throws {UsageError} for a URL of a scheme the store does not know (see {@link storeEngine}).
 * @throws {MissingPeerError} for a `postgres://` URL when the optional peer `pg` is not installed
 *   (`a PostgreSQL skill store needs pg: npm install pg`).
 */
export async function openSkillStore(location: string = DEFAULT_STORE_PATH, options: OpenStoreOptions = {}): Promise<SkillStore> {
  // Each engine is loaded on demand, so importing agent-tools/skills loads neither driver.
  if (storeEngine(location) === 'postgres') {
    // pg is an optional peer dependency: only a PostgreSQL store needs it
    const { openPostgresStore } = await importPeer('pg', 'a PostgreSQL skill store', () => import('./store-postgres.js'), 'npm install pg');
    return openPostgresStore(location, options);
  }
  return (await import('./store-sqlite.js')).openSqliteStore(location, options);
}
