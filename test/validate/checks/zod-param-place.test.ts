import { ruleTester } from '../helpers.js';

// New-user trial: a finding about a param of a zod-based tool pointed at the tool call
// (`tool(` / `server.registerTool(`), not at the param's own line, as it does for defineTool.

const aiTools = `import { tool } from 'ai';
import { z } from 'zod';
export const tools = {
  convert_currency: tool({
    description: 'Convert an amount between currencies',
    inputSchema: z.object({
      amount: z.number().describe('Amount of money, in the from currency'),
      from: z.string().describe('ISO 4217 code of the amount'),
      to: z.string(),
    }),
    execute: async ({ amount }) => ({ amount }),
  }),
};
`;

const mcpServer = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
export function createServer() {
  const server = new McpServer({ name: 'n', version: '1' });
  server.registerTool('add_note', {
    description: 'Adds a note to the notebook of the user.',
    inputSchema: { text: z.string().describe('Note text, Markdown'),
      tags: z.array(z.string()) },
  }, async () => ({ content: [] }));
  server.tool('remove_note', 'Removes a note from the notebook of the user.', {
    id: z.string() }, async () => ({ content: [] }));
  return server;
}
`;

// the param comes through a constant, `.extend` and `.shape` of a schema in another file
const schemas = `import { z } from 'zod';
export const PathArg = z.object({
  path: z.string(),
});
`;
const extended = `import { tool } from 'ai';
import { z } from 'zod';
import { PathArg } from './schemas.js';
const Money = z.object({
  amount: z.number(),
});
export const tools = {
  convert: tool({ description: 'Converts an amount of money into another currency.', inputSchema: Money.extend({ to: z.string().describe('ISO 4217 code to convert to') }), execute: async () => 1 }),
  read_file: tool({ description: 'Reads a whole text file from the disk.', inputSchema: z.object({ ...PathArg.shape, head: z.number().describe('Lines to read from the top') }).partial(), execute: async () => 1 }),
};
`;

const zodInput = `import { defineTool } from 'agent-tools';
import { z } from 'zod';
/** Doc. */
export const setFont = defineTool({
  name: 'set_font', description: 'Sets the font family of a text node.', mutates: true,
  input: z.object({
    family: z.string(),
  }),
  execute: () => ({}),
});
`;

ruleTester('param-description', {
  valid: [],
  invalid: [
    {
      name: "AI SDK tool: the param's own line",
      files: { 'src/ai-tools.ts': aiTools },
      errors: [
        {
          messageId: 'missing',
          message: 'Param "to" of tool "convert_currency" has no description.',
          file: 'src/ai-tools.ts',
          line: 9,
          column: 7,
        },
      ],
    },
    {
      name: 'MCP SDK registerTool raw shape and server.tool shape',
      files: { 'src/mcp-server.ts': mcpServer },
      errors: [
        {
          messageId: 'missing',
          message: 'Param "tags" of tool "add_note" has no description.',
          file: 'src/mcp-server.ts',
          line: 8,
          column: 7,
        },
        {
          messageId: 'missing',
          message: 'Param "id" of tool "remove_note" has no description.',
          file: 'src/mcp-server.ts',
          line: 11,
          column: 5,
        },
      ],
    },
    {
      name: 'through a constant, .extend, .shape of an imported schema and .partial',
      files: { 'src/schemas.ts': schemas, 'src/tools.ts': extended },
      errors: [
        {
          messageId: 'missing',
          message: 'Param "path" of tool "read_file" has no description.',
          file: 'src/schemas.ts',
          line: 3,
          column: 3,
        },
        { messageId: 'missing', message: 'Param "amount" of tool "convert" has no description.', file: 'src/tools.ts', line: 5, column: 3 },
      ],
    },
    {
      name: 'defineTool with a zod input',
      files: { 'tools/tool.ts': zodInput },
      errors: [
        {
          messageId: 'missing',
          message: 'Param "family" of tool "set_font" has no description.',
          file: 'tools/tool.ts',
          line: 7,
          column: 5,
        },
      ],
    },
    {
      name: 'a computed key is not a written property: the call',
      files: {
        'src/t.ts': `import { tool } from 'ai';\nimport { z } from 'zod';\nconst KEY = 'a';\nexport const tools = {\n  t: tool({ description: 'Converts an amount of money into another currency.', inputSchema: z.object({ [KEY]: z.string() }), execute: async () => 1 }),\n};\n`,
      },
      errors: [{ messageId: 'missing', message: 'Param "a" of tool "t" has no description.', file: 'src/t.ts', line: 5, column: 6 }],
    },
  ],
});

ruleTester('flat-params', {
  valid: [],
  invalid: [
    {
      name: "a nested object in a zod input: the param's own line",
      files: {
        'src/t.ts': `import { tool } from 'ai';\nimport { z } from 'zod';\nexport const tools = {\n  set_style: tool({ description: 'Sets the style of a text node in the document.', inputSchema: z.object({\n    id: z.string().describe('Text node id'),\n    style: z.object({ bold: z.boolean() }).describe('Style to set'),\n  }), execute: async () => 1 }),\n};\n`,
      },
      errors: [{ messageId: 'notFlat', message: /^Tool "set_style": param "style" is object/, file: 'src/t.ts', line: 6, column: 5 }],
    },
  ],
});
