import { ruleTester } from '../helpers.js';

// issue 11: a toolbox that defines its own adapter layer (a function mapping its ToolDefs to an
// SDK's tools), called by an app outside the analyzed folder, as the reference layout does.
const getFont = `/** Reads. */\nexport const getFont = defineTool({ name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}, execute: () => ({}) });\n`;
const tools = `import { defineTool } from 'agent-tools';\n` + getFont;
const registry = `import { getFont } from './tool.js';\nexport const CORE_TOOLS = [getFont];\n`;

/** An AI SDK adapter of the toolbox's own; `body` is what runs per tool call. */
const aiAdapter = (body: string, head = '') => `import { jsonSchema, tool, type ToolSet } from 'ai';
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
const full =
  'if (steps-- <= 0) return { error: "spent" };\n await options.onBeforeExecute?.(def, args);\n const result = await def.execute(options.getApi(), args);\n options.onAfterExecute?.(def, args, result);\n options.log.add({ tool: def.name, result });\n return result;';
const withAdapter = (adapter: string) => ({ 'tools/tool.ts': tools, 'tools/registry-core.ts': registry, 'tools/ai-adapter.ts': adapter });

const mcpAdapter = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
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

ruleTester('adapter-layer', {
  valid: [
    {
      name: 'an own toolsToAI in the tools folder (AI SDK tool() per ToolDef), no caller in the folder',
      files: withAdapter(aiAdapter(full, 'let steps = options.maxSteps;')),
    },
    { name: 'an own MCP adapter: registerTool per ToolDef in a .forEach', files: withAdapter(mcpAdapter) },
    {
      name: "the seed's dependency-injected adapter: toolsToAI(tools, options, deps) calling deps.tool({...}) per ToolDef",
      files: withAdapter(
        aiAdapter(full, 'let steps = options.maxSteps;')
          .replace("import { jsonSchema, tool, type ToolSet } from 'ai';", "import type { ToolSet } from './types.js';")
          .replace('options: any): ToolSet {', 'options: any, deps: { tool: Function; jsonSchema: Function }): ToolSet {')
          .replace('tool({', 'deps.tool({')
          .replace('jsonSchema({', 'deps.jsonSchema({'),
      ),
    },
    {
      name: 'an own adapter with plain-object tools (jsonSchema per ToolDef) in a .map',
      files: withAdapter(
        `import { jsonSchema } from 'ai';\nexport const toAi = (defs: any[]) => Object.fromEntries(defs.map((d) => [d.name, { description: d.description, inputSchema: jsonSchema(d.schema) }]));\n`,
      ),
    },
  ],
  invalid: [
    {
      name: 'tool() calls in a loop over literal values are not an adapter',
      files: withAdapter(
        `import { tool } from 'ai';\nexport function extra() {\n  const set: Record<string, unknown> = {};\n  for (const unit of ['cm', 'in']) set[unit] = tool({ description: unit, inputSchema: {} as never });\n  return set;\n}\n`,
      ),
      errors: [{ messageId: 'noAdapter', file: 'tools/registry-core.ts', line: 1, column: 1 }],
    },
    {
      name: 'a function that builds one fixed tool is not an adapter',
      files: withAdapter(
        `import { tool } from 'ai';\nexport function one() {\n  return { ping: tool({ description: 'Answers pong.', inputSchema: {} as never }) };\n}\n`,
      ),
      errors: [{ messageId: 'noAdapter', file: 'tools/registry-core.ts', line: 1, column: 1 }],
    },
  ],
});

ruleTester('tool-log', {
  valid: [
    { name: 'an own adapter that calls log.add', files: withAdapter(aiAdapter(full)) },
    { name: 'an own MCP adapter with a logger', files: withAdapter(mcpAdapter) },
    {
      name: 'the log is kept by the module function that calls the adapter',
      files: withAdapter(
        aiAdapter('return def.execute(undefined, args);') +
          `export function agentTools(defs: any[], onToolLog: (e: unknown) => void) {\n  onToolLog({ start: true });\n  return toolsToAI(defs, {});\n}\n`,
      ),
    },
  ],
  invalid: [
    {
      name: 'an own adapter with no log (console.log is not a tool log)',
      files: withAdapter(aiAdapter('console.log(def.name);\n return def.execute(undefined, args);')),
      errors: [
        {
          messageId: 'ownMissing',
          message: 'toolsToAI() maps the tools to AI SDK tools without a tool log; tool calls are not logged.',
          file: 'tools/ai-adapter.ts',
          line: 3,
          column: 17,
        },
      ],
    },
  ],
});

ruleTester('step-budget', {
  valid: [
    { name: 'an own adapter counting steps', files: withAdapter(aiAdapter(full, 'let steps = options.maxSteps;')) },
    { name: 'not asked of an own MCP adapter', files: withAdapter(mcpAdapter) },
  ],
  invalid: [
    {
      name: 'an own AI SDK adapter with no budget',
      files: withAdapter(aiAdapter('options.log.add(def.name);\n return def.execute(undefined, args);')),
      errors: [
        {
          messageId: 'ownMissing',
          message: 'toolsToAI() maps the tools to AI SDK tools without a step budget; a looping model is not stopped.',
          file: 'tools/ai-adapter.ts',
          line: 3,
          column: 17,
        },
      ],
    },
  ],
});

ruleTester('lifecycle-hooks', {
  valid: [
    { name: 'an own adapter calling both hooks', files: withAdapter(aiAdapter(full)) },
    { name: 'an own MCP adapter with hooks.before/after', files: withAdapter(mcpAdapter) },
  ],
  invalid: [
    {
      name: 'no hook',
      files: withAdapter(aiAdapter('return def.execute(undefined, args);')),
      errors: [{ messageId: 'ownMissing', message: 'toolsToAI() maps the tools to AI SDK tools without a before and an after hook.' }],
    },
    {
      name: 'only the before hook',
      files: withAdapter(aiAdapter('options.onBeforeExecute(def, args);\n return def.execute(undefined, args);')),
      errors: [{ messageId: 'ownMissing', message: 'toolsToAI() maps the tools to AI SDK tools without an after hook.' }],
    },
  ],
});

// The caller of an own adapter is outside the tools folder, or beside it: its options are the adapter's own, not ours.
ruleTester('tool-log', {
  valid: [
    {
      name: 'an app calling the own toolsToAI (not agent-tools/ai) is not judged by onToolLog',
      files: {
        ...withAdapter(aiAdapter(full)),
        'app/agent.ts': `import { toolsToAI } from '../tools/ai-adapter.js';\nimport { CORE_TOOLS } from '../tools/registry-core.js';\nexport const tools = toolsToAI(CORE_TOOLS, { log: { add() {} } });\n`,
      },
    },
  ],
  invalid: [],
});

ruleTester('schema-layer', {
  valid: [
    {
      name: 'a schema module that is an export * chain of local modules',
      files: {
        'tools/schema.ts': `export * from './schema/params.js';\nexport * from './schema/tool.js';\n`,
        'tools/schema/params.ts': `export interface ParamDef { type: string }\n`,
        'tools/schema/tool.ts': `export * from './define.js';\nexport interface ToolDef { name: string }\n`,
        'tools/schema/define.ts': `export function defineTool<T>(d: T): T { return d; }\n`,
        'tools/tools.ts': `import { defineTool } from './schema.js';\n` + getFont,
      },
    },
  ],
  invalid: [
    {
      name: 'an export * chain that misses ToolDef',
      files: {
        'tools/schema.ts': `export * from './schema/params.js';\nexport * as more from './schema/tool.js';\n`,
        'tools/schema/params.ts': `export interface ParamDef { type: string }\nexport function defineTool<T>(d: T): T { return d; }\n`,
        'tools/schema/tool.ts': `export interface ToolDef { name: string }\n`,
        'tools/tools.ts': `import { defineTool } from './schema.js';\n` + getFont,
      },
      errors: [
        {
          messageId: 'notSchemaLayer',
          message: 'defineTool comes from "./schema.js", which does not export ToolDef.',
          file: 'tools/tools.ts',
          line: 1,
          column: 1,
        },
      ],
    },
  ],
});
