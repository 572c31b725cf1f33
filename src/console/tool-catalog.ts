import { COLOR_PATTERN } from '../core/param.js';
import { toInputSchema } from '../core/input-schema.js';
import type { AnyToolDef } from '../core/tool.js';
import { isRegistry } from '../runtime/tool-source.js';
import { currentTools } from '../runtime/tool-source.js';
import { toolFromSkillFile } from '../skills/external-tool.js';
import { sandboxRules } from '../skills/sandbox-rules.js';
import type { ToolsResponse, ToolView } from './page/api-types.js';
import type { ConsoleToolbox } from './server.js';
import type { ConsoleStore } from './store-access.js';

/** A tool Try it can run: what the page sees, and the definition the pipeline runs. */
export interface RunnableTool {
  view: ToolView;
  def: AnyToolDef;
  getApi?: () => unknown;
}

/** The toolbox's tools, each marked with its tier when the module exports a registry. */
function toolboxTools(toolbox: ConsoleToolbox): RunnableTool[] {
  const core = isRegistry(toolbox.tools) ? new Set(toolbox.tools.core.map((t) => t.name)) : undefined;
  return currentTools(toolbox.tools, 'all').map((def) => ({
    def,
    ...(toolbox.getApi ? { getApi: toolbox.getApi } : {}),
    view: {
      id: `toolbox:${def.name}`,
      name: def.name,
      description: def.description,
      from: core ? `toolbox (${core.has(def.name) ? 'core' : 'extended'})` : 'toolbox',
      inputSchema: toInputSchema(def.params) as ToolView['inputSchema'],
      sandbox: [],
      enabled: true,
    },
  }));
}

/**
 * Every tool the console can try: the toolbox's (when one was given) and the tool skills'
 * of the store, switched off ones included (running those is refused, as `skill run` does).
 * Schemas come from `toInputSchema`, as tools/list sends them.
 */
export async function runnableTools(store: ConsoleStore, toolbox: ConsoleToolbox | undefined): Promise<RunnableTool[]> {
  const tools = toolbox ? toolboxTools(toolbox) : [];
  const s = await store.forReading();
  for (const stored of s ? (await s.list()).skills : []) {
    const k = stored.skill;
    if (k.kind !== 'tool') continue;
    const def = toolFromSkillFile(k);
    tools.push({
      def,
      view: { id: `skill:${k.name}:${def.name}`, name: def.name, description: def.description, from: `skill ${k.name}`, inputSchema: toInputSchema(def.params) as ToolView['inputSchema'], sandbox: sandboxRules(k.executor), enabled: stored.enabled },
    });
  }
  return tools;
}

/** GET /api/tools's answer. */
export function toolsResponse(tools: RunnableTool[]): ToolsResponse {
  return { tools: tools.map((t) => t.view), colorPattern: COLOR_PATTERN, problems: [] };
}
