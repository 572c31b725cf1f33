/** The store's schema migrations, shared by SQLite and PostgreSQL, and how a row becomes a stored skill. */

import { parseSkillFile } from '../files/external-skill.js';
import { skillKindOf } from '../kinds/index.js';
import { isToolPins, type ToolPins } from '../mcp/mcp-tool-pins.js';
import { InvalidSkillError, SkillStoreError, type SkillToInstall, type StoredSkill, type StoreProblem } from './store.js';
import { cliCommand } from '../../shared/cli-command.js';

/** One step of the store's schema; its SQL runs unchanged on SQLite and PostgreSQL. */
export interface Migration {
  version: number;
  /** Why the step exists, recorded with it. */
  why: string;
  sql: string;
}

/**
 * The store's schema, in order, for both engines. Append only: a released step is never
 * edited. Times and the skill JSON are TEXT on both engines, so an export from one is
 * byte for byte an export from the other.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    why: 'the skills table',
    sql: `CREATE TABLE IF NOT EXISTS skills (
  name TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  json TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1,
  source TEXT,
  installed_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
)`,
  },
  {
    version: 2,
    why: 'the tools of an MCP skill as accepted (fingerprints and definitions), compared on every connection to catch a server that changes them',
    sql: 'ALTER TABLE skills ADD COLUMN tool_pins TEXT',
  },
];

/** The table recording which migrations a store has (one row per applied version). */
export const VERSION_TABLE_SQL =
  'CREATE TABLE IF NOT EXISTS skill_store_schema (version INTEGER PRIMARY KEY, why TEXT NOT NULL, applied_at TEXT NOT NULL)';

/**
 * The migrations a store at schema `current` still needs.
 * @throws {SkillStoreError} when the store is newer than this code (it must not be altered).
 */
export function pendingMigrations(current: number, location: string): readonly Migration[] {
  const latest = MIGRATIONS[MIGRATIONS.length - 1]!.version;
  if (current > latest) {
    throw new SkillStoreError(
      `the skill store ${location} has schema version ${current}, newer than this agent-tools knows (${latest}); upgrade agent-tools to use it (the store was left unchanged)`,
      'STORE_TOO_NEW',
    );
  }
  return MIGRATIONS.filter((m) => m.version > current);
}

/** A `skills` row as both engines return it. */
export interface SkillRow {
  name: string;
  kind: string;
  json: string;
  enabled: number;
  source: string | null;
  installed_at: string;
  updated_at: string;
  /** The accepted tools of an MCP skill as JSON ({@link ToolPins}); null until its first connection. */
  tool_pins: string | null;
}

/**
 * A row's accepted tools: null when none were recorded. Unreadable ones accept no tool (every
 * tool then counts as new, refused until `skill refresh`), never all of them, and say why.
 */
function pinsOf(row: SkillRow): { toolPins: ToolPins | null; toolPinsProblem?: string } {
  if (row.tool_pins === null || row.tool_pins === undefined) return { toolPins: null };
  let pins: unknown;
  try {
    pins = JSON.parse(row.tool_pins);
  } catch {
    pins = undefined;
  }
  if (isToolPins(pins)) return { toolPins: pins };
  return {
    toolPins: { version: 1, acceptedAt: '', tools: {} },
    toolPinsProblem: `its accepted tools are unreadable in the store, so none is offered; run '${cliCommand(`skill refresh ${row.name}`)}' to accept them again`,
  };
}

/** The stored skill of a row, or the problem that makes it unusable. */
export function fromRow(row: SkillRow): StoredSkill | StoreProblem {
  let raw: unknown;
  try {
    raw = JSON.parse(row.json);
  } catch (err) {
    return { name: row.name, message: `stored JSON is unreadable: ${(err as Error).message}; reinstall it with --force or remove it` };
  }
  const r = parseSkillFile(raw);
  if (!r.ok)
    return {
      name: row.name,
      message: `stored skill is invalid: ${r.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}; reinstall it with --force or remove it`,
    };
  if (r.skill.name !== row.name)
    return { name: row.name, message: `stored skill is named "${r.skill.name}", not "${row.name}"; remove it and reinstall` };
  return {
    name: row.name,
    kind: r.skill.kind,
    enabled: Number(row.enabled) === 1,
    source: row.source,
    installedAt: row.installed_at,
    updatedAt: row.updated_at,
    raw: raw as Record<string, unknown>,
    skill: r.skill,
    // the tools accepted for a skill whose tools come from a server
    ...(skillKindOf(r.skill).try.tools === 'server' ? pinsOf(row) : { toolPins: null }),
  };
}

/** Splits rows into the skills that load and the problems of those that do not. */
export function splitRows(rows: readonly SkillRow[]): { skills: StoredSkill[]; problems: StoreProblem[] } {
  const skills: StoredSkill[] = [];
  const problems: StoreProblem[] = [];
  for (const row of rows) {
    const r = fromRow(row);
    if ('message' in r) problems.push(r);
    else skills.push(r);
  }
  return { skills, problems };
}

/** A skill to install after validation, with the values of its row. */
export interface CheckedEntry {
  name: string;
  kind: string;
  json: string;
  source: string | null;
  /** 1 or 0; null keeps a replaced skill's switch (a new one is enabled). */
  enabled: number | null;
  /** null: now for a new skill, kept for a replaced one. */
  installedAt: string | null;
  updatedAt: string;
}

/**
 * Validates every entry before anything is written.
 * @throws {InvalidSkillError} for the first invalid one.
 */
export function checkEntries(entries: readonly SkillToInstall[], now: string): CheckedEntry[] {
  return entries.map((e) => {
    const r = parseSkillFile(e.raw);
    if (!r.ok) throw new InvalidSkillError(r.problems);
    const enabled = e.enabled === undefined ? null : e.enabled ? 1 : 0;
    return {
      name: r.skill.name,
      kind: r.skill.kind,
      json: JSON.stringify(e.raw),
      source: e.source ?? null,
      enabled,
      installedAt: e.installedAt ?? null,
      updatedAt: e.updatedAt ?? now,
    };
  });
}

/** The upsert both engines run, with `?` placeholders (PostgreSQL numbers them). */
export const UPSERT_SQL = `INSERT INTO skills (name, kind, json, enabled, source, installed_at, updated_at) VALUES (?, ?, ?, COALESCE(?, 1), ?, COALESCE(?, ?), ?)
ON CONFLICT (name) DO UPDATE SET kind = excluded.kind, json = excluded.json, source = excluded.source, updated_at = excluded.updated_at,
  enabled = CASE WHEN CAST(? AS INTEGER) IS NULL THEN skills.enabled ELSE excluded.enabled END,
  installed_at = CASE WHEN CAST(? AS TEXT) IS NULL THEN skills.installed_at ELSE excluded.installed_at END`;

/** The plain insert of a new skill (no `--force`): a taken name fails on the primary key. */
export const INSERT_SQL =
  'INSERT INTO skills (name, kind, json, enabled, source, installed_at, updated_at) VALUES (?, ?, ?, COALESCE(?, 1), ?, COALESCE(?, ?), ?)';

/** The parameters of {@link UPSERT_SQL} (and, the first eight, of {@link INSERT_SQL}) for one entry. */
export function upsertParams(c: CheckedEntry, now: string, force: boolean): unknown[] {
  const base = [c.name, c.kind, c.json, c.enabled, c.source, c.installedAt, now, c.updatedAt];
  return force ? [...base, c.enabled, c.installedAt] : base;
}

/** Numbers `?` placeholders as PostgreSQL's `$1, $2, …` (our SQL holds no `?` in literals). */
export function numberPlaceholders(sql: string): string {
  let i = 0;
  return sql.replace(/\?/g, () => `$${++i}`);
}

/** {@link SkillStore.acceptTools} as `skill refresh` uses it: the new pins, and a new `updated_at` so running servers rebuild the skill. */
export const ACCEPT_TOOLS_SQL = "UPDATE skills SET tool_pins = ?, updated_at = ? WHERE name = ? AND kind = 'mcp'";

/**
 * {@link SkillStore.acceptTools} on a first connection: written only while the skill has no pins
 * and is still the row that was read (its `updated_at`), so of two processes connecting first,
 * one records and the other reads what it recorded. `updated_at` is kept: nothing was changed
 * by a person, and a server following the store need not rebuild.
 */
export const FIRST_PINS_SQL = "UPDATE skills SET tool_pins = ? WHERE name = ? AND kind = 'mcp' AND tool_pins IS NULL AND updated_at = ?";

/** The statement and parameters of {@link SkillStore.acceptTools}. */
export function acceptToolsStatement(
  name: string,
  pins: ToolPins,
  first: { updatedAt: string } | undefined,
  now: string,
): [string, unknown[]] {
  const json = JSON.stringify(pins);
  return first ? [FIRST_PINS_SQL, [json, name, first.updatedAt]] : [ACCEPT_TOOLS_SQL, [json, now, name]];
}
