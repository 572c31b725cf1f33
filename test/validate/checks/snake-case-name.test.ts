/** The snake-case-name check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester } from '../helpers.js';
import { ok, atName, desc } from './sources/tool.js';

ruleTester('snake-case-name', {
  valid: [
    { name: 'snake_case', files: ok('set_font') },
    { name: '40 characters exactly', files: ok('a'.repeat(40)) },
  ],
  invalid: [
    // Space and slash are errors that name the characters; dot is an error too.
    {
      name: 'space',
      files: ok('Set Font'),
      errors: [
        {
          messageId: 'invalidChars',
          message: 'Tool name "Set Font" contains " ", which MCP clients and model providers reject.',
          severity: 'error',
          // at the name's value, column 37, not at defineTool( (column 18)
          ...atName(`name: 'Set Font', ${desc}, mutates: true, params: {}`),
        },
      ],
    },
    {
      name: 'slash',
      files: ok('fonts/set'),
      errors: [
        {
          messageId: 'invalidChars',
          message: 'Tool name "fonts/set" contains "/", which MCP clients and model providers reject.',
          severity: 'error',
        },
      ],
    },
    { name: 'dot', files: ok('font.set'), errors: [{ messageId: 'invalidChars', severity: 'error' }] },
    {
      name: 'camelCase',
      files: ok('setFont'),
      errors: [{ messageId: 'notSnakeCase', message: 'Tool name "setFont" is not snake_case.', severity: 'warn' }],
    },
    { name: 'kebab-case', files: ok('set-font'), errors: [{ messageId: 'notSnakeCase', severity: 'warn' }] },
    // Over 64 is an error; 58 is a warning (over 40: clients prefix the server name).
    {
      name: '65 characters',
      files: ok('a'.repeat(65)),
      errors: [{ messageId: 'tooLong', message: `Tool name "${'a'.repeat(65)}" has 65 characters; the limit is 64.`, severity: 'error' }],
    },
    {
      name: '58 characters',
      files: ok('a'.repeat(58)),
      errors: [{ messageId: 'long', message: /has 58 characters, over 40/, severity: 'warn' }],
    },
    {
      name: 'warning length from the config',
      files: { 'tools/tool.ts': ok('set_font_family'), 'agent-tools.config.json': '{ "limits": { "nameWarnLength": 10 } }' },
      errors: [{ messageId: 'long', message: /has 15 characters, over 10/, severity: 'warn' }],
    },
  ],
});

// Each tool form's name finding points where that form writes the name: the AI SDK's key in the object of tools, the MCP SDK's first
// argument, a defineTool name that comes through a constant at the `name` property's value
ruleTester('snake-case-name', {
  valid: [],
  invalid: [
    {
      name: 'AI SDK tool: at its key',
      files: {
        'src/ai-tools.ts': `import { tool } from 'ai';\nimport { z } from 'zod';\nexport const tools = {\n  convertCurrency: tool({\n    description: 'Converts an amount of money into another currency.',\n    inputSchema: z.object({}),\n    execute: async () => 1,\n  }),\n};\n`,
      },
      errors: [{ messageId: 'notSnakeCase', file: 'src/ai-tools.ts', line: 4, column: 3 }],
    },
    {
      name: 'MCP SDK registerTool and server.tool: at the name argument',
      files: {
        'src/mcp-server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport function createServer() {\n  const server = new McpServer({ name: 'n', version: '1' });\n  server.registerTool(\n    'addNote',\n    { description: 'Adds a note to the notebook of the user.' },\n    async () => ({ content: [] }),\n  );\n  server.tool('remove note', 'Removes a note from the notebook of the user.', async () => ({ content: [] }));\n  return server;\n}\n`,
      },
      errors: [
        { messageId: 'notSnakeCase', file: 'src/mcp-server.ts', line: 5, column: 5 },
        { messageId: 'invalidChars', file: 'src/mcp-server.ts', line: 9, column: 15 },
      ],
    },
    {
      name: 'defineTool with its name in a constant: at the name property value',
      files: {
        'tools/tool.ts': `import { defineTool } from 'agent-tools';\nconst NAME = 'setFont';\n/** Doc. */\nexport const t = defineTool({\n  name: NAME,\n  description: 'Sets the font family of a text node.',\n  params: {},\n  execute: () => ({}),\n});\n`,
      },
      errors: [{ messageId: 'notSnakeCase', file: 'tools/tool.ts', line: 5, column: 9 }],
    },
  ],
});
