/** Adds the store's enabled skills to what `serve` serves, after the module's own tools. */

import type { TierChoice } from '../core/tier.js';
import { existsSync } from 'node:fs';
import { currentTools, isToolSource } from '../runtime/tool-source.js';
import { combinePrompts } from '../core/prompt.js';
import { moduleThenSkills } from '../skills/model/module-then-skills.js';
import { skillPrompts } from '../skills/model/skill-prompts.js';
import { skillsOverMcp } from '../skills/mcp/skills-over-mcp.js';
import { followStore } from '../skills/store/store-skills.js';
import { DEFAULT_STORE_PATH, isPostgresLocation, openSkillStore, type OpenStoreOptions, type StoreStatus } from '../skills/store/store.js';
import type { LoadedTools } from './load-tools-module.js';
import { storeFlag } from './skill/with-store.js';
import { cliCommand } from '../shared/cli-command.js';
import { toolLocation } from '../core/tool.js';
import type { ExternalToolOptions } from '../skills/files/external-tool.js';

/**
 * The `serve` hook of the skills layer: adds the enabled skills of the store at `storePath`
 * (default `.agent-tools/skills.db`) after the module's tools, as one live ToolSource. The
 * store is followed while the server runs, so `agent-tools skill enable|disable|install|remove`
 * in another process shows up as `tools/list_changed`. Without a store file the module's
 * tools are served unchanged (serve never creates a store). The enabled prompt skills (prompt
 * skill files and SKILL.md) are served as MCP prompts after the module's `prompts`, followed
 * live too (`notifications/prompts/list_changed`), and through the MCP skills extension
 * (SEP-2640: `skills/list`, `skills/get`, `skill://` resources; see `skillsOverMcp`).
 * Problems (a corrupt row, an MCP skill whose server cannot start, a skill that cannot be
 * published, a skill tool named like a module tool, which is left out: see `moduleThenSkills`)
 * go to stderr; the rest is served. Having no skills is no problem: it is said (once)
 * only when `asked` (`serve --skills`). `stop` ends the following and closes the skills (an MCP
 * skill's server process and its pipes, which would keep the process alive): serve calls it when it
 * fails to start and when stdin ends.
 */
export async function withStoreSkills(
  loaded: LoadedTools,
  tier: TierChoice,
  storePath = DEFAULT_STORE_PATH,
  toolOptions: ExternalToolOptions = {},
  asked = false,
  storeOptions: OpenStoreOptions = {},
): Promise<LoadedTools & { skillCount: number; stop?: () => Promise<void> }> {
  if (!isPostgresLocation(storePath) && !existsSync(storePath)) {
    if (asked) process.stderr.write(`agent-tools: serve --skills: no skills found: there is no skill store at ${storePath}\n`);
    return { ...loaded, skillCount: 0 };
  }
  const store = await openSkillStore(storePath, storeOptions);
  const follower = await followStore(store, undefined, {
    ...toolOptions,
    onProblem: (p) => process.stderr.write(`agent-tools: skill "${p.name}": ${p.message}\n`),
    onStatus: (s) => process.stderr.write(`agent-tools: skill store ${store.location}: ${statusLine(s)}\n`),
  });
  // The tier applies to the module's tools; a ToolSource has no tiers.
  const base = isToolSource(loaded.tools) ? loaded.tools : [...currentTools(loaded.tools, tier)];
  const prompts = combinePrompts(...(loaded.prompts ? [loaded.prompts] : []), skillPrompts(follower.registry));
  const skills = await skillsOverMcp(store, follower.registry, (path, message) => {
    // the SDK's catalog says so whenever it holds no skill (at start and each reload): no skills is not a problem
    if (path === '.' && message.startsWith('no skills found')) return;
    process.stderr.write(`agent-tools: skills over MCP: ${path}: ${message}\n`);
  });
  const skillCount = follower.registry.list().filter((s) => s.enabled).length;
  if (asked && skillCount === 0) {
    // the store's rows, not the registry: an enabled skill that could not start (said above) is in the store only
    const rows = (await store.list()).skills;
    const failed = rows.filter((r) => r.enabled).length;
    const why =
      rows.length === 0
        ? 'none installed'
        : failed > 0
          ? `${failed === 1 ? 'its one enabled skill' : `its ${failed} enabled skills`} could not start (see above)`
          : `${rows.length === 1 ? 'its one skill is' : `all ${rows.length} of its skills are`} disabled (npx agent-tools skill enable <name>)`;
    process.stderr.write(`agent-tools: serve --skills: no skills found in ${store.location}: ${why}\n`);
  }
  return {
    ...loaded,
    tools: moduleThenSkills(base, follower.registry, (c) => {
      const at = toolLocation(c.kept);
      process.stderr.write(
        `agent-tools: skill "${c.skill}": its tool "${c.tool}" is not served: the module has a tool of that name` +
          `${at ? ` (${at})` : ''}, and the module's tools come first; rename the skill (the "name" of its file) and install it again, ` +
          `or disable it: ${cliCommand(`skill disable ${c.skill}${storeFlag(store.location)}`)}\n`,
      );
    }),
    prompts,
    skills,
    from: `${loaded.from} + skills of ${store.location}`,
    skillCount,
    stop: async () => {
      await follower.stop();
      await store.close();
    },
  };
}

function statusLine(s: StoreStatus): string {
  if (s.state === 'lost') return `connection lost (${s.message}); serving the last known skills, retrying in ${s.retryInMs} ms`;
  if (s.state === 'restored') return 'reconnected; syncing the skills';
  return `could not read the skills (${s.message}); serving the last known ones`;
}
