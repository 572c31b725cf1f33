/** Source texts shared by the zod-params check tests (each check's cases are in test/validate/checks/<check-id>.test.ts). */

// New-user trial: a finding about a param of a zod-based tool pointed at the tool call
// (`tool(` / `server.registerTool(`), not at the param's own line, as it does for defineTool.

export const aiTools = `import { tool } from 'ai';
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
export const mcpServer = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
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
export const schemas = `import { z } from 'zod';
export const PathArg = z.object({
  path: z.string(),
});
`;
export const extended = `import { tool } from 'ai';
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
export const zodInput = `import { defineTool } from 'agent-tools';
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
