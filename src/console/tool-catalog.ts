/** Every tool the console can try: the toolbox's and the tool skills' of the store. */

import { COLOR_PATTERN } from '../core/param.js';
import { inputSchemaOfTool, toInputSchema } from '../core/input-schema.js';
import type { AnyToolDef } from '../core/tool.js';
import { isRegistry } from '../runtime/tool-source.js';
import { currentTools } from '../runtime/tool-source.js';
import type { ExternalToolOptions } from '../skills/files/external-tool.js';
import { skillFromFile } from '../skills/files/skill-from-file.js';
import { skillKindOf } from '../skills/kinds/index.js';
import type { ToolsResponse, ToolView } from './page/api-types.js';
import type { McpConnections } from './mcp-connections.js';
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
      inputSchema: inputSchemaOfTool(def) as ToolView['inputSchema'],
      sandbox: [],
      enabled: true,
    },
  }));
}

/** The tools Try it offers, and the skills whose tools could not be listed (with why). */
export interface RunnableTools {
  tools: RunnableTool[];
  problems: { name: string; message: string }[];
}

/**
 * Every tool the console can try: the toolbox's (when one was given), the tool skills' of
 * the store, switched off ones included (running those is refused, as `skill run` does), and
 * the tools of enabled MCP skills (their servers started through `connections`; one that
 * cannot start is a problem, not an error). Schemas come from `toInputSchema`, as tools/list
 * sends them.
 */
export async function runnableTools(
  store: ConsoleStore,
  toolbox: ConsoleToolbox | undefined,
  connections: McpConnections,
  toolOptions: ExternalToolOptions = {},
): Promise<RunnableTools> {
  const tools = toolbox ? toolboxTools(toolbox) : [];
  const problems: RunnableTools['problems'] = [];
  const s = await store.forReading();
  const stored = s ? (await s.list()).skills : [];
  await connections.keepOnly(new Set(stored.filter((x) => skillKindOf(x.skill).try.tools === 'server' && x.enabled).map((x) => x.name)));
  const view = (def: AnyToolDef, skill: string, from: string, sandbox: string[], enabled: boolean): ToolView => ({
    id: `skill:${skill}:${def.name}`,
    name: def.name,
    description: def.description,
    from,
    inputSchema: toInputSchema(def.params) as ToolView['inputSchema'],
    sandbox,
    enabled,
  });
  for (const x of stored) {
    const k = x.skill;
    const tries = skillKindOf(k).try;
    if (tries.tools === 'file') {
      for (const def of skillFromFile(k, x.enabled, toolOptions).tools)
        tools.push({ def, view: view(def, k.name, tries.from(k), tries.rules(k), x.enabled) });
    } else if (tries.tools === 'server') {
      if (!x.enabled) {
        problems.push({ name: k.name, message: tries.off });
        continue;
      }
      try {
        const skill = await connections.get(x, s);
        for (const def of skill.tools) tools.push({ def, view: view(def, k.name, tries.from(k), tries.rules(k), true) });
        for (const t of skill.skipped) problems.push({ name: k.name, message: `tool ${t.tool} not offered: ${t.reason}` });
        for (const t of skill.drift?.removed ?? [])
          problems.push({ name: k.name, message: `tool ${t} was accepted but its server no longer offers it` });
      } catch (err) {
        problems.push({ name: k.name, message: `its MCP server could not be started: ${(err as Error).message}` });
      }
    }
  }
  return { tools, problems };
}

/** GET /api/tools's answer. */
export function toolsResponse({ tools, problems }: RunnableTools): ToolsResponse {
  return { tools: tools.map((t) => t.view), colorPattern: COLOR_PATTERN, problems };
}
