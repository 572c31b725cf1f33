/** What `skill install` reads from each path or dropped file, and the check of sources installed together. */

import { parseSkillFile, problemLine } from './external-skill.js';
import { expandSkillPath, readSkillSource, skillSourceFromText, type SkillSource } from './read-skill-source.js';
import { catalogEntries, isCatalog, readCatalogFile } from '../store/store-catalog.js';
import type { SkillToInstall } from '../store/store.js';

/** What one source given to install holds: skills (each with `at`, where it is named in messages), or its problems, one line each. */
export interface InstallRead {
  entries: (SkillToInstall & { at: string })[];
  problems: string[];
}

/**
 * The verdict on sources to be installed together: the skills, or every problem as one line
 * `<where>: <JSON path>: <message>` and `message`, the sentence both front ends (the CLI and
 * the skill console) show: `nothing installed; N problems:` and the lines.
 */
export type InstallCheck = { ok: true; entries: SkillToInstall[] } | { ok: false; problems: string[]; message: string };

function fromSource(s: SkillSource, where: string): InstallRead {
  if (!s.ok) return { entries: [], problems: s.problems.map((p) => problemLine(p, where)) };
  return { entries: [{ raw: s.raw, source: s.source, at: where }], problems: [] };
}

/**
 * One path as `skill install` reads it: a catalog (a whole store from `skill export`), else a skill file or Agent Skills folder; named as
 * the user wrote it.
 */
export function readInstallPath(path: string): InstallRead {
  const catalog = readCatalogFile(path);
  if (catalog?.ok) return { entries: catalog.entries.map((e, i) => ({ ...e, at: `${path} $.skills[${i}]` })), problems: [] };
  if (catalog) return { entries: [], problems: catalog.problems.map((p) => `${path}: ${p.path}: ${p.message}`) };
  return fromSource(readSkillSource(path), path);
}

/** A file given as text (dropped on the skill console): a catalog, a JSON skill file, or a `SKILL.md` (a name ending in `.md`). */
export function readInstallText(fileName: string, text: string): InstallRead {
  if (!/\.md$/i.test(fileName)) {
    let raw: unknown;
    try {
      raw = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch {
      raw = undefined; // skillSourceFromText reports the syntax error
    }
    if (isCatalog(raw)) {
      const c = catalogEntries(raw);
      return c.ok
        ? { entries: c.entries.map((e, i) => ({ ...e, at: `${fileName} $.skills[${i}]` })), problems: [] }
        : { entries: [], problems: c.problems.map((p) => `${fileName}: ${p.path}: ${p.message}`) };
    }
  }
  return fromSource(skillSourceFromText(fileName, text), fileName);
}

/**
 * Checks sources that are to be installed at once: every problem of each, and a skill name
 * defined twice among them. Nothing is written; names already installed are the store's check.
 */
export function checkInstall(read: readonly InstallRead[]): InstallCheck {
  const bad = read.flatMap((r) => r.problems);
  const entries = read.flatMap((r) => r.entries);
  const names = new Map<string, string>();
  for (const e of entries) {
    const parsed = parseSkillFile(e.raw);
    if (!parsed.ok) continue;
    const first = names.get(parsed.skill.name);
    if (first) bad.push(`${e.at}: $.name: skill "${parsed.skill.name}" is also defined by ${first}`);
    names.set(parsed.skill.name, e.at);
  }
  if (bad.length > 0)
    return {
      ok: false,
      problems: bad,
      message: `nothing installed; ${bad.length} problem${bad.length === 1 ? '' : 's'}:\n${bad.join('\n')}`,
    };
  return { ok: true, entries: entries.map(({ at: _, ...e }) => e) };
}

/** The reading of `skill install <paths...>`: each path expanded (a folder of skills stands for the skills in it). */
export function readInstallPaths(paths: readonly string[]): InstallRead[] {
  return paths.flatMap(expandSkillPath).map(readInstallPath);
}
