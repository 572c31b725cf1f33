// Benchmark 4's floor: a minimal MCP server written directly with @modelcontextprotocol/sdk,
// exposing the same `echo` tool (same schema, same result shape) over stdio.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'bench-sdk', version: '1.0.0' }, { capabilities: { tools: {} } });
const tool = {
  name: 'echo',
  description: 'Return the text it is given, unchanged (a trivial tool for benchmarks).',
  inputSchema: {
    type: 'object',
    properties: { text: { type: 'string', description: 'Text to return' } },
    required: ['text'],
    additionalProperties: false,
  },
};
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [tool] }));
server.setRequestHandler(CallToolRequestSchema, async (req) => {
  const text = req.params.arguments?.text;
  if (typeof text !== 'string') return { content: [{ type: 'text', text: 'text: expected a string' }], isError: true };
  const value = { text };
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
});
await server.connect(new StdioServerTransport());
