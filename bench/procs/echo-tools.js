// The one-tool module that `agent-tools serve` loads in benchmark 4.
import { createRegistry, defineTool } from 'agent-tools';

export const echo = defineTool({
  name: 'echo',
  description: 'Return the text it is given, unchanged (a trivial tool for benchmarks).',
  mutates: false,
  params: { text: { type: 'string', required: true, description: 'Text to return' } },
  execute: (_api, { text }) => ({ text }),
});

export const registry = createRegistry({ core: [echo] });
