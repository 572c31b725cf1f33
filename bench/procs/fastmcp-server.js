// A peer of benchmark 4: the same `echo` tool (same schema, same result shape) served over
// stdio with FastMCP, a framework built on @modelcontextprotocol/sdk.
import { FastMCP } from 'fastmcp';
import { z } from 'zod';

const server = new FastMCP({ name: 'bench-fastmcp', version: '1.0.0' });
server.addTool({
  name: 'echo',
  description: 'Return the text it is given, unchanged (a trivial tool for benchmarks).',
  parameters: z.object({ text: z.string().describe('Text to return') }).strict(),
  execute: async ({ text }) => {
    const value = { text };
    return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
  },
});
await server.start({ transportType: 'stdio' });
