import { ruleTester } from '../helpers.js';

const getFont = `/** Reads. */\nexport const getFont = defineTool({ name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}, execute: () => ({}) });\n`;
const tools = `import { defineTool } from 'agent-tools';\n` + getFont;

ruleTester('schema-layer', {
  valid: [
    { name: 'defineTool from agent-tools', files: tools },
    {
      name: 'a local schema module with ParamDef, ToolDef, defineTool',
      files: {
        'tools/schema.ts': `export interface ParamDef { type: string }\nexport interface ToolDef { name: string }\nexport function defineTool<T>(d: T): T { return d; }\n`,
        'tools/tools.ts': `import { defineTool } from './schema.js';\n` + getFont,
      },
    },
    {
      name: 'a namespace import of agent-tools',
      files: `import * as at from 'agent-tools';\n` + getFont.replace('= defineTool(', '= at.defineTool('),
    },
    {
      name: 'a schema module that re-exports agent-tools',
      files: {
        'tools/schema.ts': `export * from 'agent-tools';\n`,
        'tools/tools.ts': `import { defineTool } from './schema';\n` + getFont,
      },
    },
  ],
  invalid: [
    {
      name: 'a helper that is not a schema layer',
      files: {
        'tools/helpers.ts': `export function defineTool<T>(d: T): T { return d; }\n`,
        'tools/tools.ts': `import { defineTool } from './helpers';\n` + getFont,
      },
      errors: [
        {
          messageId: 'notSchemaLayer',
          message: 'defineTool comes from "./helpers", which does not export ParamDef, ToolDef.',
          file: 'tools/tools.ts',
          line: 1,
          column: 1,
        },
      ],
    },
    {
      name: 'a namespace import of a helper',
      files: {
        'tools/helpers.ts': `export function defineTool<T>(d: T): T { return d; }\n`,
        'tools/tools.ts': `import * as h from './helpers';\n` + getFont.replace('= defineTool(', '= h.defineTool('),
      },
      errors: [
        {
          messageId: 'notSchemaLayer',
          message: 'defineTool comes from "./helpers", which does not export ParamDef, ToolDef.',
          line: 1,
          column: 1,
        },
      ],
    },
    {
      name: 'defineTool not imported',
      files: getFont.replace('/** Reads. */\n', ''),
      errors: [{ messageId: 'noImport', file: 'tools/tool.ts', line: 1, column: 1 }],
    },
  ],
});

const withLists = (lists: string) => tools + lists;
ruleTester('registry-core', {
  valid: [{ name: 'CORE_TOOLS', files: withLists('export const CORE_TOOLS = [getFont];\n') }],
  invalid: [
    {
      name: 'only EXTENDED_TOOLS',
      files: withLists('export const EXTENDED_TOOLS = [getFont];\n'),
      errors: [{ messageId: 'missing', file: 'tools/tool.ts', line: 1, column: 1 }],
    },
  ],
});

ruleTester('registry-extended', {
  valid: [
    { name: 'EXTENDED_TOOLS, empty', files: withLists('export const CORE_TOOLS = [getFont];\nexport const EXTENDED_TOOLS = [];\n') },
    {
      name: 'createRegistry',
      files: withLists(
        `import { createRegistry } from 'agent-tools';\nexport const r = createRegistry({ core: [getFont], extended: [] });\n`,
      ),
    },
  ],
  invalid: [
    {
      name: 'only CORE_TOOLS',
      files: withLists('export const CORE_TOOLS = [getFont];\n'),
      errors: [{ messageId: 'missing', message: /^No extended registry/ }],
    },
  ],
});

ruleTester('registry-all', {
  valid: [
    {
      name: 'ALL_TOOLS from the two tiers',
      files: withLists(
        'export const CORE_TOOLS = [getFont];\nexport const EXTENDED_TOOLS = [];\nexport const ALL_TOOLS = [...CORE_TOOLS, ...EXTENDED_TOOLS];\n',
      ),
    },
    {
      name: 'createRegistry',
      files: withLists(
        `import { createRegistry } from 'agent-tools';\nexport const r = createRegistry({ core: [getFont], extended: [] });\n`,
      ),
    },
  ],
  invalid: [
    {
      name: 'no full list',
      files: withLists('export const CORE_TOOLS = [getFont];\nexport const EXTENDED_TOOLS = [];\n'),
      errors: [{ messageId: 'missing' }],
    },
    {
      name: 'a hand-kept full list',
      files: withLists(
        'export const CORE_TOOLS = [];\nexport const EXTENDED_TOOLS = [];\nexport const ALL_TOOLS = [...CORE_TOOLS, getFont];\n',
      ),
      errors: [
        { messageId: 'missingTier', message: 'ALL_TOOLS does not include the extended tier.', line: 6, column: 14 },
        {
          messageId: 'extraEntry',
          message: 'ALL_TOOLS has `getFont`, which is not a spread of the core or extended list.',
          line: 6,
          column: 42,
        },
      ],
    },
  ],
});

const agent = (options: string, factory = 'toolsToAI', from = 'agent-tools/ai') => ({
  'tools/tools.ts': tools + 'export const CORE_TOOLS = [getFont];\n',
  'agent.ts': `import { ${factory} } from '${from}';\nimport { CORE_TOOLS } from './tools/tools';\nexport const x = ${factory}(CORE_TOOLS, ${options});\n`,
});
const allOptions = '{ onToolLog: () => {}, getStepBudget: () => b, onBeforeExecute: () => {}, onAfterExecute() {} }';

ruleTester('adapter-layer', {
  valid: [
    { name: 'toolsToAI in an agent file', files: agent('{}') },
    { name: 'createMcpServer', files: agent('{}', 'createMcpServer', 'agent-tools/mcp') },
  ],
  invalid: [
    { name: 'no adapter', files: tools, errors: [{ messageId: 'noAdapter', file: 'tools/tool.ts', line: 1, column: 1 }] },
    // issue 11: a folder-level finding points at the registry module, not an arbitrary tool file
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

ruleTester('tool-log', {
  valid: [
    { name: 'onToolLog given', files: agent(allOptions) },
    {
      name: 'options from a const with a spread',
      files: {
        ...agent('opts'),
        'agent.ts': `import { toolsToAI } from 'agent-tools/ai';\nconst base = { onToolLog: () => {} };\nconst opts = { ...base, getApi: () => ({}) };\nexport const x = toolsToAI([], opts);\n`,
      },
    },
    { name: 'options not known statically are not guessed', files: agent('makeOptions()') },
  ],
  invalid: [
    {
      name: 'toolsToAI without onToolLog',
      files: agent('{ getStepBudget: () => b }'),
      errors: [
        {
          messageId: 'missing',
          message: 'toolsToAI(...) is created without `onToolLog`; tool calls are not logged.',
          file: 'agent.ts',
          line: 3,
          column: 18,
        },
      ],
    },
    {
      name: 'createMcpServer without options',
      files: {
        'tools/tools.ts': tools,
        'server.ts': `import { createMcpServer } from 'agent-tools/mcp';\nexport const s = createMcpServer([]);\n`,
      },
      errors: [{ messageId: 'missing', file: 'server.ts', line: 2, column: 18 }],
    },
  ],
});

ruleTester('step-budget', {
  valid: [
    { name: 'getStepBudget given', files: agent(allOptions) },
    { name: 'not asked of the MCP server', files: agent('{ onToolLog: () => {} }', 'createMcpServer', 'agent-tools/mcp') },
  ],
  invalid: [
    {
      name: 'toolsToAI without a budget',
      files: agent('{ onToolLog: () => {} }'),
      errors: [
        {
          messageId: 'missing',
          message: 'toolsToAI(...) is created without `getStepBudget`; a looping model is not stopped.',
          file: 'agent.ts',
          line: 3,
          column: 18,
        },
      ],
    },
  ],
});

ruleTester('lifecycle-hooks', {
  valid: [{ name: 'both hooks (one as a method)', files: agent(allOptions) }],
  invalid: [
    {
      name: 'neither hook',
      files: agent('{}', 'toolsToCommands', 'agent-tools/cli'),
      errors: [{ messageId: 'missing', message: 'toolsToCommands(...) is created without `onBeforeExecute` and `onAfterExecute`.' }],
    },
    {
      name: 'only before',
      files: agent('{ onBeforeExecute: () => {} }'),
      errors: [{ messageId: 'missing', message: 'toolsToAI(...) is created without `onAfterExecute`.' }],
    },
  ],
});
