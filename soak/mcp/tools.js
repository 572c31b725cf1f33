// The tools the soak's MCP rows serve: `echo` (returns its text) and `wait` (sleeps, for a
// client that disconnects in the middle of a call).
import { createRegistry, defineTool } from 'agent-tools';

export const echo = defineTool({
  name: 'echo',
  description: 'Return the text it is given, unchanged (a trivial tool for the soak).',
  mutates: false,
  params: { text: { type: 'string', required: true, description: 'Text to return' } },
  execute: (_api, { text }) => ({ text }),
});

export const wait = defineTool({
  name: 'wait',
  description: 'Wait the given number of milliseconds, then answer (a slow tool for the soak).',
  mutates: false,
  params: { ms: { type: 'number', required: true, min: 0, max: 60000, description: 'How long to wait, in milliseconds' } },
  execute: async (_api, { ms }) => {
    await new Promise((r) => setTimeout(r, ms));
    return { waited: ms };
  },
});

export const registry = createRegistry({ core: [echo, wait] });
