// A tiny tools module served over MCP by `agent-tools serve` in the skills demo.
import { defineTool } from 'agent-tools';

export default [
  defineTool({
    name: 'shout',
    mutates: false,
    description: 'Returns the text in upper case.',
    params: { text: { type: 'string', description: 'Text to shout', required: true } },
    execute: (_api, args) => ({ shouted: args.text.toUpperCase() }),
  }),
];
