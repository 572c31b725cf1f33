import { parseSkillFile } from '../../skills/external-skill.js';
import { expandSkillPath, readSkillSource } from '../../skills/read-skill-source.js';
import { readCatalogFile } from '../../skills/store-catalog.js';
import { SkillExistsError, type SkillToInstall } from '../../skills/store.js';
import { ConfigError } from '../errors.js';
import { withStore, type SkillCommandOptions } from './with-store.js';

/** What one path given to `skill install` holds: skills to install (with where each is named), or its problems. */
function readPath(path: string): { entries: (SkillToInstall & { at: string })[]; problems: string[] } {
  const catalog = readCatalogFile(path);
  if (catalog?.ok) return { entries: catalog.entries.map((e, i) => ({ ...e, at: `${path} $.skills[${i}]` })), problems: [] };
  if (catalog) return { entries: [], problems: catalog.problems.map((p) => `${path}: ${p.path}: ${p.message}`) };
  const s = readSkillSource(path);
  // Problems name each source as the user wrote it.
  if (!s.ok) return { entries: [], problems: s.problems.map((p) => `${path}: ${p.path}: ${p.message}`) };
  return { entries: [{ raw: s.raw, source: s.source, at: path }], problems: [] };
}

/**
 * `skill install`: skill files, Agent Skills folders, folders of skills, and catalogs (a
 * whole store from `skill export`, restored with switches and times). Every source is
 * validated first; any problem refuses all of them (exit 2), the store unchanged.
 */
export async function skillInstall(given: string[], opts: SkillCommandOptions): Promise<number> {
  const read = given.flatMap(expandSkillPath).map(readPath);
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
  if (bad.length > 0) throw new ConfigError(`nothing installed; ${bad.length} problem${bad.length === 1 ? '' : 's'}:\n${bad.join('\n')}`);
  return withStore(opts, async (store) => {
    try {
      const installed = await store.install(entries.map(({ at: _, ...e }) => e), { force: opts.force === true });
      for (const s of installed) process.stdout.write(`installed ${s.name} (${s.kind}${s.enabled ? '' : ', disabled'}) from ${s.source ?? '-'}\n`);
      return 0;
    } catch (err) {
      if (err instanceof SkillExistsError) throw new ConfigError(`nothing installed: ${err.message}`);
      throw err;
    }
  });
}
