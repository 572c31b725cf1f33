/** Publishes the store's enabled prompt skills through the MCP skills extension. */

import { lstat, readdir, readFile } from 'node:fs/promises';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { SkillCatalog, SkillFileEntry, SkillFiles } from '@modelcontextprotocol/server/ext/skills';
import { parseDocument } from 'yaml';
import { quotePlainValues } from '../files/agent-skill.js';
import type { SkillRegistry } from '../model/skill-registry.js';
import type { SkillStore, StoredSkill } from '../store/store.js';

/** The Agent Skills name rule SEP-2640 applies to a skill's path: 1-64 lowercase letters, digits and single hyphens. */
const AGENT_SKILL_NAME = /^(?!.*--)[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;

/**
 * The name a stored prompt skill is published under (`skill://<name>/SKILL.md`): its own name
 * when it follows the Agent Skills rule, else lower-cased with `_` as `-` (`review_copy`
 * becomes `review-copy`); undefined when even that breaks the rule.
 */
export function publishedSkillName(name: string): string | undefined {
  const mapped = name.toLowerCase().replaceAll('_', '-');
  return AGENT_SKILL_NAME.test(mapped) ? mapped : undefined;
}

/** A YAML double-quoted scalar holding `text` exactly (JSON's escapes are YAML's too). */
const yamlString = (text: string) => JSON.stringify(text);

/** The SKILL.md of a skill that has no folder (a prompt skill file, or a folder since removed): front matter and the content. */
export function skillMarkdown(name: string, description: string, content: string): string {
  return `---\nname: ${yamlString(name)}\ndescription: ${yamlString(description)}\n---\n\n${content.trim()}\n`;
}

/**
 * Where one published skill's files come from: its installed folder (with `skillMd` instead of
 * the folder's own SKILL.md when that one had to be re-quoted), or a SKILL.md made from the
 * stored skill.
 */
type Published = { dir: string; skillMd?: string } | { text: string };

/**
 * The folder's SKILL.md as strict YAML can read it: unchanged when it already can; else with
 * each top-level `key: value` whose value holds ": " quoted as written (the form many SKILL.md
 * files use and agent-tools installs, which the SDK's strict YAML refuses); undefined when
 * even that cannot be read.
 */
function strictSkillMd(text: string): string | undefined {
  const m = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!m) return undefined;
  if (parseDocument(m[1]!).errors.length === 0) return text;
  const quoted = quotePlainValues(m[1]!);
  if (quoted === undefined || parseDocument(quoted).errors.length > 0) return undefined;
  return `---\n${quoted}\n---\n${text.slice(m[0].length)}`;
}

/**
 * The published skills of `rows`: every enabled prompt skill (prompt skill files and SKILL.md
 * skills). A skill installed from a folder that still holds its SKILL.md, under the published
 * name, is served from that folder (all its files: the SDK reads them, checks sizes and
 * digests, and skips a skill holding a symlink; a SKILL.md whose front matter strict YAML
 * refuses is served re-quoted, see `strictSkillMd`); any other is one SKILL.md made from the
 * stored name, description and content. Names that cannot be published are reported.
 */
function publish(rows: readonly StoredSkill[], warn: (path: string, message: string) => void): Map<string, Published> {
  const out = new Map<string, Published>();
  for (const row of rows) {
    if (!row.enabled || row.skill.kind !== 'prompt') continue;
    const name = publishedSkillName(row.name);
    if (!name) {
      warn(row.name, 'the name breaks the Agent Skills naming rule (lowercase letters, digits, hyphens; 1-64); not served over MCP');
      continue;
    }
    if (out.has(name)) {
      warn(row.name, `published as "${name}", a name another skill already has; not served over MCP`);
      continue;
    }
    const folder = row.source && statSync(row.source, { throwIfNoEntry: false })?.isDirectory() ? row.source : undefined;
    const own =
      folder && name === row.name && existsSync(join(folder, 'SKILL.md')) ? readFileSync(join(folder, 'SKILL.md'), 'utf8') : undefined;
    const strict = own === undefined ? undefined : strictSkillMd(own);
    if (folder && own !== undefined && strict !== undefined)
      out.set(name, strict === own ? { dir: folder } : { dir: folder, skillMd: strict });
    else {
      const skill = row.skill as { description?: string; content?: string };
      out.set(name, { text: skillMarkdown(name, skill.description ?? '', skill.content ?? '') });
    }
  }
  return out;
}

/**
 * The SDK's `SkillFiles` storage (two operations over `/`-separated paths, `''` the root) over
 * published skills: the root lists one folder per skill; a skill's folder is its installed
 * folder (dotfiles left out, symlinks and special files reported as `unsupported`) or a lone
 * SKILL.md. A path never leaves the skill's folder.
 */
function storeSkillFiles(current: () => Map<string, Published>): SkillFiles {
  const locate = (path: string) => {
    const [name, ...rest] = path.split('/').filter((s) => s !== '');
    const skill = name === undefined ? undefined : current().get(name);
    if (!skill) throw new Error(`no such skill: ${path}`);
    return { skill, rest: rest.join('/') };
  };
  const inside = (dir: string, rest: string) => {
    const full = resolve(dir, rest);
    if (full !== resolve(dir) && !full.startsWith(resolve(dir) + sep)) throw new Error(`outside the skill folder: ${rest}`);
    return full;
  };
  return {
    async list(dir) {
      if (dir === '') return [...current().keys()].map((name) => ({ name, kind: 'directory' as const }));
      const { skill, rest } = locate(dir);
      if ('text' in skill) {
        if (rest !== '') throw new Error(`no such directory: ${dir}`);
        return [{ name: 'SKILL.md', kind: 'file' }];
      }
      const full = inside(skill.dir, rest);
      const entries: SkillFileEntry[] = [];
      for (const e of await readdir(full, { withFileTypes: true })) {
        if (e.name.startsWith('.')) continue;
        entries.push({ name: e.name, kind: e.isFile() ? 'file' : e.isDirectory() ? 'directory' : 'unsupported' });
      }
      return entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    },
    async read(path) {
      const { skill, rest } = locate(path);
      if ('text' in skill) {
        if (rest !== 'SKILL.md') throw new Error(`no such file: ${path}`);
        return new TextEncoder().encode(skill.text);
      }
      if (rest === 'SKILL.md' && skill.skillMd !== undefined) return new TextEncoder().encode(skill.skillMd);
      const full = inside(skill.dir, rest);
      if ((await lstat(full)).isSymbolicLink()) throw new Error(`a symlink is not served: ${relative(skill.dir, full)}`);
      return new Uint8Array(await readFile(full));
    },
  };
}

/** What `createMcpServer({ skills })` takes: the SDK's skills extension and when its listing changed. */
export interface SkillsOverMcp {
  extension: SkillCatalog;
  onChange(listener: () => void): () => void;
}

/**
 * Publishes the enabled prompt skills of `store` (prompt skill files and Agent Skills
 * folders) through the MCP skills extension (SEP-2640, `io.modelcontextprotocol/skills`,
 * served by the official SDK's `SkillCatalog`): `skills/list`, `skills/get`,
 * `resources/directory/read` and each file as a `skill://<name>/...` resource, so any MCP
 * client can enumerate and fetch them. The catalog is rebuilt when `registry` (the store's
 * follower) changes; `onChange` listeners hear when the listing changed. Problems (a name that
 * cannot be published, a file over the SDK's limits) go to `onWarning`.
 *
 * @throws when the store cannot be read (its own error).
 */
export async function skillsOverMcp(
  store: SkillStore,
  registry: SkillRegistry,
  onWarning: (path: string, message: string) => void,
): Promise<SkillsOverMcp> {
  const { SkillCatalog } = await import('@modelcontextprotocol/server/ext/skills');
  let published = publish((await store.list()).skills, onWarning);
  const extension = await SkillCatalog.load(
    storeSkillFiles(() => published),
    { onWarning: (w) => onWarning(w.path, w.message) },
  );
  const listeners = new Set<() => void>();
  let queue = Promise.resolve();
  registry.onSkillsChange(() => {
    queue = queue
      .then(async () => {
        published = publish((await store.list()).skills, onWarning);
        const changes = await extension.reload();
        if (changes.listChanged) for (const l of [...listeners]) l();
      })
      .catch((err: unknown) =>
        onWarning(store.location, `could not refresh the skills served over MCP: ${err instanceof Error ? err.message : String(err)}`),
      );
  });
  return {
    extension,
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
