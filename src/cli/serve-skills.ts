import { existsSync } from 'node:fs';
import { currentTools, isToolSource } from '../runtime/tool-source.js';
import { combineToolSources } from '../skills/combine-sources.js';
import { followStore } from '../skills/store-skills.js';
import { DEFAULT_STORE_PATH, SkillStore } from '../skills/store.js';
import type { LoadedTools } from './load-tools-module.js';

/**
 * The `serve` hook of the skills layer: adds the enabled skills of the store at `storePath`
 * (default `.agent-tools/skills.db`) after the module's tools, as one live ToolSource. The
 * store is followed while the server runs, so `agent-tools skill enable|disable|install|remove`
 * in another process shows up as `tools/list_changed`. Without a store file the module's
 * tools are served unchanged (serve never creates a store). Problems (a corrupt row, an MCP
 * skill whose server cannot start) go to stderr; the rest is served.
 */
export async function withStoreSkills(loaded: LoadedTools, tier: 'core' | 'extended' | 'all', storePath = DEFAULT_STORE_PATH): Promise<LoadedTools & { skillCount: number }> {
  if (!existsSync(storePath)) return { ...loaded, skillCount: 0 };
  const store = SkillStore.open(storePath);
  const follower = await followStore(store, undefined, { onProblem: (p) => process.stderr.write(`agent-tools: skill "${p.name}": ${p.message}\n`) });
  // The tier applies to the module's tools; a ToolSource has no tiers.
  const base = isToolSource(loaded.tools) ? loaded.tools : [...currentTools(loaded.tools, tier)];
  return { ...loaded, tools: combineToolSources(base, follower.registry), from: `${loaded.from} + skills of ${storePath}`, skillCount: follower.registry.list().length };
}
