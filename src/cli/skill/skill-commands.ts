/** The `skill` subcommands list, show, enable, disable, remove, export and route. */

import { resolve } from 'node:path';
import { SkillRouter } from '../../skills/model/router.js';
import { skillAccess } from '../../skills/files/skill-access.js';
import { promptSkillsOf } from '../../skills/store/store-skills.js';
import { skillKindOf } from '../../skills/kinds/index.js';
import { DEFAULT_STORE_PATH, isPostgresLocation, STORE_ENV, type StoredSkill } from '../../skills/store/store.js';
import { existsSync } from 'node:fs';
import { cliCommand } from '../../shared/cli-command.js';
import { exportCatalog, isCatalog } from '../../skills/store/store-catalog.js';
import { withStore, type SkillCommandOptions } from './with-store.js';
import { checkOwnOutput, writeOwnOutput, type OwnOutput } from '../write-output.js';
import { requireStored } from './require-stored.js';

const out = (s: string) => process.stdout.write(s.endsWith('\n') ? s : `${s}\n`);

const summary = (s: StoredSkill) => ({
  name: s.name,
  kind: s.kind,
  enabled: s.enabled,
  description: s.skill.description,
  source: s.source,
  installedAt: s.installedAt,
  updatedAt: s.updatedAt,
});

/** `skill list`: a table (or `--json`); corrupt rows are reported on stderr and make the exit code 1. */
export async function skillList(opts: SkillCommandOptions): Promise<number> {
  // the default store of a project that never installed a skill: nothing is installed, which is no error;
  // a store given by --store or AGENT_TOOLS_STORE that is not there is (see requireStoreExists)
  const location = opts.store ?? DEFAULT_STORE_PATH;
  if (location === DEFAULT_STORE_PATH && process.env[STORE_ENV] !== location && !existsSync(location)) {
    if (opts.json) out(JSON.stringify({ skills: [], problems: [] }, null, 2));
    else
      process.stderr.write(
        `no skills installed (no store yet at ${DEFAULT_STORE_PATH}; ${cliCommand('skill install <file>')} creates it)\n`,
      );
    return 0;
  }
  return withStore(opts, async (store) => {
    const { skills, problems } = await store.list();
    if (opts.json) out(JSON.stringify({ skills: skills.map(summary), problems }, null, 2));
    else if (skills.length === 0 && problems.length === 0) process.stderr.write(`no skills installed in ${store.location}\n`);
    else {
      const w = Math.max(4, ...skills.map((s) => s.name.length));
      for (const s of skills)
        out(`${s.name.padEnd(w)}  ${s.kind.padEnd(6)}  ${s.enabled ? 'enabled ' : 'disabled'}  ${s.skill.description}`);
    }
    for (const p of problems) process.stderr.write(`agent-tools: skill "${p.name}": ${p.message}\n`);
    return problems.length > 0 ? 1 : 0;
  });
}

/** `skill show <name>`: what it is, what it contributes, where it came from. */
export async function skillShow(name: string, opts: SkillCommandOptions): Promise<number> {
  return withStore(opts, async (store) => {
    const s = await requireStored(store, name);
    const view = skillKindOf(s.skill).view(s.skill, s);
    if (opts.json) {
      out(JSON.stringify({ ...summary(s), ...view.json, skill: s.raw }, null, 2));
      return 0;
    }
    const lines = [
      `${s.name} (${s.kind}, ${s.enabled ? 'enabled' : 'disabled'})`,
      s.skill.description,
      `source: ${s.source ?? '-'}`,
      `installed: ${s.installedAt}  updated: ${s.updatedAt}`,
      ...skillAccess(s.skill),
      ...view.details,
    ];
    out(lines.join('\n'));
    return 0;
  });
}

/**
 * `skill enable|disable <name>`: prints `enabled <name>` or `disabled <name>`; a skill already so is left unwritten (a running
 * server has nothing to follow) and the line says `<name> is already enabled`. Exits 0 either way.
 */
export async function skillSetEnabled(name: string, enabled: boolean, opts: SkillCommandOptions): Promise<number> {
  return withStore(opts, async (store) => {
    const s = await requireStored(store, name);
    if (s.enabled === enabled) {
      out(`${name} is already ${enabled ? 'enabled' : 'disabled'}`);
      return 0;
    }
    await store.setEnabled(name, enabled);
    out(`${enabled ? 'enabled' : 'disabled'} ${name}`);
    return 0;
  });
}

/** `skill remove <name>`. */
export async function skillRemove(name: string, opts: SkillCommandOptions): Promise<number> {
  return withStore(opts, async (store) => {
    if (!(await store.names()).includes(name)) await requireStored(store, name);
    await store.remove(name);
    out(`removed ${name}`);
    return 0;
  });
}

/**
 * `skill export [name] [--out file] [--force]`: one skill's JSON as installed, or without a
 * name the whole store as a catalog (`skill install` restores it into any store). Rows
 * that do not load are left out of a catalog and reported on stderr (exit 1).
 */
export async function skillExport(name: string | undefined, opts: SkillCommandOptions): Promise<number> {
  // a bad --out is named before the store is looked at: the flag is what the user typed wrong
  if (opts.out) checkOwnOutput(resolve(opts.out), opts.out, opts.force === true, SKILL_EXPORT, storeInputs(opts));
  return withStore(opts, async (store) => {
    if (name !== undefined) return write(`${JSON.stringify((await requireStored(store, name)).raw, null, 2)}\n`, opts);
    const { catalog, problems } = await exportCatalog(store);
    write(`${JSON.stringify(catalog, null, 2)}\n`, opts);
    for (const p of problems) process.stderr.write(`agent-tools: skill "${p.name}": ${p.message}; left out of the export\n`);
    return problems.length > 0 ? 1 : 0;
  });
}

/**
 * `skill export --out`: a catalog it wrote before is replaced; a single skill's JSON has the shape
 * of the skill files users write, so it is never recognised as ours and needs `--force`.
 */
const SKILL_EXPORT: OwnOutput = {
  flag: '--out',
  command: 'skill export',
  what: 'a skill catalog written by skill export',
  isOurs: (text) => {
    try {
      return isCatalog(JSON.parse(text));
    } catch {
      return false;
    }
  },
};

/** The SQLite store file the command reads, which an output never replaces (none for PostgreSQL). */
function storeInputs(opts: SkillCommandOptions): string[] {
  const store = opts.store ?? DEFAULT_STORE_PATH;
  return isPostgresLocation(store) ? [] : [resolve(store)];
}

/**
 * Prints `text`, or writes it to `--out` atomically by the rule every `--out` follows (see
 * `writeOwnOutput`); the SQLite store it read is never replaced.
 */
function write(text: string, opts: SkillCommandOptions): number {
  if (!opts.out) {
    process.stdout.write(text);
    return 0;
  }
  writeOwnOutput(resolve(opts.out), opts.out, text, opts.force === true, SKILL_EXPORT, storeInputs(opts));
  process.stderr.write(`wrote ${opts.out}\n`);
  return 0;
}

/** `skill route "<message>"`: the enabled prompt skills the message activates, by name. */
export async function skillRoute(message: string, opts: SkillCommandOptions): Promise<number> {
  return withStore(opts, async (store) => {
    const routed = new SkillRouter(promptSkillsOf((await store.list()).skills)).route(message);
    if (opts.json)
      out(
        JSON.stringify(
          routed.map((s) => ({ name: s.name, triggers: s.prompt!.triggers })),
          null,
          2,
        ),
      );
    else if (routed.length === 0) process.stderr.write('no prompt skill matches\n');
    else for (const s of routed) out(s.name);
    return 0;
  });
}

export { skillRun } from './skill-run.js';
export { skillRefresh } from './skill-refresh.js';
export { skillInstall } from './skill-install.js';
export type { SkillCommandOptions } from './with-store.js';
