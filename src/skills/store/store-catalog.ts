/** A whole skill store as one JSON catalog, exported and restored on any engine. */

import { readFileSync, statSync } from 'node:fs';
import { jsonPath } from '../../core/json-path.js';
import { parseSkillFile, type SkillProblem } from '../files/external-skill.js';
import type { SkillStore, SkillToInstall, StoreProblem } from './store.js';

/** The key and version that mark a JSON document as a whole-store export. */
export const CATALOG_FORMAT = 'agent-tools-skill-catalog';
export const CATALOG_VERSION = 1;

/** One skill in a catalog: everything the store keeps of it. */
export interface CatalogEntry {
  name: string;
  enabled: boolean;
  source: string | null;
  /** ISO 8601 times, as stored. */
  installedAt: string;
  updatedAt: string;
  /** The skill JSON as installed. */
  skill: Record<string, unknown>;
}

/**
 * A whole store as one JSON document (`skill export` without a name), engine-neutral:
 * installing it into any store (`skill install catalog.json`) restores every skill with its
 * switch, source and times, so an export of the target equals the source's byte for byte.
 */
export interface Catalog {
  format: typeof CATALOG_FORMAT;
  version: typeof CATALOG_VERSION;
  skills: CatalogEntry[];
}

/** The catalog of `store` (the skills that load, by name) and the problems of the rows that do not. */
export async function exportCatalog(store: SkillStore): Promise<{ catalog: Catalog; problems: StoreProblem[] }> {
  const { skills, problems } = await store.list();
  const entries = skills.map((s) => ({
    name: s.name,
    enabled: s.enabled,
    source: s.source,
    installedAt: s.installedAt,
    updatedAt: s.updatedAt,
    skill: s.raw,
  }));
  return { catalog: { format: CATALOG_FORMAT, version: CATALOG_VERSION, skills: entries }, problems };
}

/** True when `raw` claims to be a catalog (then {@link catalogEntries} says whether it is a good one). */
export function isCatalog(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && (raw as { format?: unknown }).format === CATALOG_FORMAT;
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

/**
 * The skills to install from a catalog, or every problem found (JSON paths from `$`).
 * Each skill is validated as `skill install` validates a file.
 */
export function catalogEntries(raw: unknown): { ok: true; entries: SkillToInstall[] } | { ok: false; problems: SkillProblem[] } {
  const problems: SkillProblem[] = [];
  const doc = raw as { version?: unknown; skills?: unknown };
  if (doc.version !== CATALOG_VERSION)
    problems.push({
      path: '$.version',
      message: `expected ${CATALOG_VERSION}, got ${JSON.stringify(doc.version)}; this agent-tools reads catalog version ${CATALOG_VERSION}`,
    });
  if (!Array.isArray(doc.skills))
    return { ok: false, problems: [...problems, { path: '$.skills', message: 'must be an array of skills' }] };
  const entries: SkillToInstall[] = [];
  doc.skills.forEach((item: unknown, i) => {
    const at = (...p: PropertyKey[]) => jsonPath(['skills', i, ...p]);
    const e = (item ?? {}) as Partial<Record<keyof CatalogEntry, unknown>>;
    if (typeof e.enabled !== 'boolean') problems.push({ path: at('enabled'), message: 'must be true or false' });
    if (e.source !== null && typeof e.source !== 'string') problems.push({ path: at('source'), message: 'must be a string or null' });
    for (const k of ['installedAt', 'updatedAt'] as const)
      if (typeof e[k] !== 'string' || !ISO_TIME.test(e[k])) problems.push({ path: at(k), message: 'must be an ISO 8601 time' });
    const parsed = parseSkillFile(e.skill);
    if (!parsed.ok) problems.push(...parsed.problems.map((p) => ({ path: at('skill') + p.path.slice(1), message: p.message })));
    else if (e.name !== parsed.skill.name)
      problems.push({ path: at('name'), message: `must equal the skill's name "${parsed.skill.name}"` });
    entries.push({
      raw: e.skill,
      source: e.source as string | null,
      enabled: e.enabled as boolean,
      installedAt: e.installedAt as string,
      updatedAt: e.updatedAt as string,
    });
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, entries };
}

/**
 * The skills of a catalog file at `path`, its problems, or undefined when the file is not a
 * catalog (a folder, a skill file, unreadable JSON: {@link readSkillSource} says why).
 */
export function readCatalogFile(path: string): ReturnType<typeof catalogEntries> | undefined {
  let raw: unknown;
  try {
    if (!statSync(path).isFile()) return undefined;
    raw = JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
  return isCatalog(raw) ? catalogEntries(raw) : undefined;
}
