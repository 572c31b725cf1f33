/** The adapter-layer check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester } from '../helpers.js';
import { getFont, tools, agent } from './sources/architecture.js';
import { aiAdapter, full, withAdapter, mcpAdapter } from './sources/own-adapter.js';

/** A project whose agent module (agent.ts) is outside the analyzed folder (tools/), as `validate tools` reads it. */
const outside = (agentTs: string, extra: Record<string, string> = { 'package.json': '{ "type": "module" }' }) => ({
  ...agent('{}'),
  'agent.ts': agentTs,
  'agent-tools.config.json': '{ "paths": ["tools"] }',
  ...extra,
});
const agentTs = `import { toolsToAI } from 'agent-tools/ai';\nimport { CORE_TOOLS } from './tools/tools.js';\nexport const x = toolsToAI(CORE_TOOLS, {});\n`;

ruleTester('adapter-layer', {
  valid: [
    { name: 'toolsToAI in an agent file', files: agent('{}') },
    { name: 'createMcpServer', files: agent('{}', 'createMcpServer', 'agent-tools/mcp') },
    // the approval rules' scope: a project file that imports an analyzed file, directly or through others
    { name: 'toolsToAI in agent.ts outside the analyzed folder, which imports it', files: outside(agentTs) },
    {
      name: 'createMcpServer in a dot folder file that imports a re-export of the tools',
      files: outside('export const unrelated = 1;\n', {
        'package.json': '{ "type": "module" }',
        '.agent/reg.ts': "export { CORE_TOOLS as core } from '../tools/tools.js';\n",
        '.agent/mcp.ts':
          "import { createMcpServer } from 'agent-tools/mcp';\nimport { core } from './reg.js';\nexport const server = createMcpServer(core, { name: 'x', version: '1.0.0' });\n",
      }),
    },
    {
      name: "the toolbox's own adapter function in a project file outside the analyzed folder",
      files: outside(
        `import { tool } from 'ai';\nimport { CORE_TOOLS } from './tools/tools.js';\nexport function toAi() {\n  return Object.fromEntries(CORE_TOOLS.map((def) => [def.name, tool({ description: def.description })]));\n}\n`,
      ),
    },
    {
      name: "an agent file beside the toolbox's adapter that writes one more tool with the AI SDK's tool(): it imports ai to do so",
      files: {
        ...agent('{}'),
        'agent.ts':
          "import { tool } from 'ai';\nimport { z } from 'zod';\nimport { toolsToAI } from 'agent-tools/ai';\nimport { CORE_TOOLS } from './tools/tools';\n" +
          "export const tools = {\n  ...toolsToAI(CORE_TOOLS, {}),\n  get_weather: tool({ description: 'Returns the weather of one city.', inputSchema: z.object({ city: z.string().describe('City') }), needsApproval: true, execute: async () => ({}) }),\n};\n",
      },
    },
  ],
  invalid: [
    {
      name: 'no adapter',
      files: tools,
      errors: [
        {
          messageId: 'noAdapter',
          message:
            'No adapter is created from the tools (toolsToAI, createMcpServer, toolsToCommands is never called in the analyzed files; with no package.json above them, no other file of the project was searched).',
          file: 'tools/tool.ts',
          line: 1,
          column: 1,
        },
      ],
    },
    {
      name: 'an agent.ts outside the analyzed folder, in a folder with no package.json: not searched, and the message says so',
      files: outside(agentTs, {}),
      errors: [{ messageId: 'noAdapter', message: /never called in the analyzed files; with no package.json above them/ }],
    },
    {
      name: 'a project file that creates an adapter but imports none of the analyzed files',
      files: outside(`import { toolsToAI } from 'agent-tools/ai';\nexport const x = toolsToAI([], {});\n`),
      errors: [{ messageId: 'noAdapter', message: /never called in the analyzed files or in the project's files that import them\)\.$/ }],
    },
    {
      name: 'a project file importing the tools whose toolsToAI is a function of its own, not ours',
      files: outside(
        `import { CORE_TOOLS } from './tools/tools.js';\nfunction toolsToAI(t: unknown, o: unknown) { return [t, o]; }\nexport const x = toolsToAI(CORE_TOOLS, {});\n`,
      ),
      errors: [{ messageId: 'noAdapter' }],
    },
    // A folder-level finding points at the registry module, not an arbitrary tool file
    {
      name: 'no adapter in a toolbox with a registry module',
      files: {
        'tools/a/get-font.ts': tools,
        'tools/registry.ts': `import { createRegistry } from 'agent-tools';\nimport { getFont } from './a/get-font.js';\nexport const registry = createRegistry({ core: [getFont], extended: [] });\n`,
      },
      errors: [{ messageId: 'noAdapter', file: 'tools/registry.ts', line: 1, column: 1 }],
    },
    {
      name: 'a tool file imports the MCP SDK',
      files: { ...agent('{}'), 'tools/tools.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n` + tools },
      errors: [
        {
          messageId: 'adapterImport',
          message: 'Tool file imports "@modelcontextprotocol/sdk/server/mcp.js", an adapter or SDK module.',
          file: 'tools/tools.ts',
          line: 1,
          column: 1,
        },
      ],
    },
    {
      name: 'an inline list of tools instead of the registry',
      files: {
        'tools/tools.ts': tools,
        'server.ts': `import { createMcpServer } from 'agent-tools/mcp';\nimport { getFont } from './tools/tools';\nexport const s = createMcpServer([getFont] as const, {});\n`,
      },
      errors: [
        {
          messageId: 'inlineTools',
          message: 'createMcpServer(...) is given an inline list of tools instead of the registry.',
          file: 'server.ts',
          line: 3,
          column: 34,
        },
      ],
    },
    {
      name: 'a tool file imports commander',
      files: {
        ...agent('{}'),
        'tools/tools.ts': `import { defineTool } from 'agent-tools';\nimport { Command } from 'commander';\n` + getFont,
      },
      errors: [{ messageId: 'adapterImport', message: /"commander"/, line: 2 }],
    },
  ],
});

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
