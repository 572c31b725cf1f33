import { defineCheck } from '../define-check.js';
import { missingOptionFindings } from '../adapter-options.js';

/** Tool executions are logged: `onToolLog` is passed wherever an adapter is created. */
export default defineCheck({
  id: 'tool-log',
  title: 'Tool executions are logged',
  scope: 'architecture',
  severity: 'warn',
  docs: {
    summary:
      'When a model misuses a tool, the tool log is how you find out: every adapter created with `toolsToAI`, `createMcpServer` or `toolsToCommands` is given `onToolLog`, which receives one entry per tool call (arguments, result, error, duration).',
    failing: `// @file agent.ts
import { toolsToAI } from 'agent-tools/ai';
import { registry } from './tools/registry';
export const tools = toolsToAI(registry.core, { getApi: () => ({}) });`,
    passing: `// @file agent.ts
import { toolsToAI } from 'agent-tools/ai';
import { registry } from './tools/registry';
export const tools = toolsToAI(registry.core, { getApi: () => ({}), onToolLog: (entry) => console.error(entry) });`,
  },
  messages: {
    missing: '{{factory}}(...) is created without {{options}}; tool calls are not logged.',
  },
  hints: {
    missing: 'Pass `onToolLog: (entry) => ...` to {{factory}}.',
  },
  run(ctx) {
    missingOptionFindings(ctx, ['toolsToAI', 'createMcpServer', 'toolsToCommands'], ['onToolLog']);
  },
});
