// Benchmark 4's floor: a minimal MCP server written directly with the official SDK v2
// (@modelcontextprotocol/server, the SDK agent-tools serve is built on), exposing the same
// `echo` tool (same schema, same result shape) over stdio with the SDK's own serveStdio.
import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

function build() {
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
  server.setRequestHandler('tools/list', async () => ({ tools: [tool] }));
  server.setRequestHandler('tools/call', async (req) => {
    const text = req.params.arguments?.text;
    if (typeof text !== 'string') return { content: [{ type: 'text', text: 'text: expected a string' }], isError: true };
    const value = { text };
    return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
  });
  return server;
}
serveStdio(build);
