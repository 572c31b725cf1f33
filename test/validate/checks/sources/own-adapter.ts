/** Source texts shared by the own-adapter check tests (each check's cases are in test/validate/checks/<check-id>.test.ts). */
import { tools } from './architecture.js';

// A toolbox that defines its own adapter layer (a function mapping its ToolDefs to an
// SDK's tools), called by an app outside the analyzed folder, as the reference layout does.
export const registry = `import { getFont } from './tool.js';\nexport const CORE_TOOLS = [getFont];\n`;
/** An AI SDK adapter of the toolbox's own; `body` is what runs per tool call. */
export const aiAdapter = (body: string, head = '') => `import { jsonSchema, tool, type ToolSet } from 'ai';
import type { AnyToolDef } from 'agent-tools';
export function toolsToAI(defs: readonly AnyToolDef[], options: any): ToolSet {
  ${head}
  const set: ToolSet = {};
  for (const def of defs) {
    set[def.name] = tool({
      description: def.description,
      inputSchema: jsonSchema({ type: 'object' }),
      execute: async (args) => {
        ${body}
      },
    });
  }
  return set;
}
`;
export const full =
  'if (steps-- <= 0) return { error: "spent" };\n await options.onBeforeExecute?.(def, args);\n const result = await def.execute(options.getApi(), args);\n options.onAfterExecute?.(def, args, result);\n options.log.add({ tool: def.name, result });\n return result;';
export const withAdapter = (adapter: string) => ({
  'tools/tool.ts': tools,
  'tools/registry-core.ts': registry,
  'tools/ai-adapter.ts': adapter,
});
export const mcpAdapter = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CORE_TOOLS } from './registry-core.js';
/** Registers every tool on the server. */
export const registerAll = (server: McpServer, hooks: { before(n: string): void; after(n: string): void }, logger: { info(m: string): void }) =>
  CORE_TOOLS.forEach((def) =>
    server.registerTool(def.name, { description: def.description }, async (args: object) => {
      hooks.before(def.name);
      const result = await def.execute(undefined as never, args as never);
      hooks.after(def.name);
      logger.info(def.name);
      return { content: [{ type: 'text' as const, text: JSON.stringify(result) }] };
    }),
  );
`;
