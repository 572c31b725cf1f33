/** The `tool-log` check: tool executions are logged. */

import { defineCheck } from '../define-check.js';
import { missingOptionFindings, ownAdapterFindings } from '../adapter-options.js';

/** Tool executions are logged: `onToolLog` is passed wherever an adapter is created, and a toolbox's own adapter function keeps a log. */
export default defineCheck({
  id: 'tool-log',
  title: 'Tool executions are logged',
  scope: 'architecture',
  severity: 'warn',
  docs: {
    summary:
      'When a model misuses a tool, the tool log is how you find out: every adapter created with `toolsToAI`, `createMcpServer` or `toolsToCommands` is given `onToolLog`, which receives one entry per tool call (arguments, result, error, duration). A toolbox that maps its tools to an SDK with its own adapter function (one that iterates the tools and builds `tool(...)`/`registerTool` from each) logs there: a call on a log (`log.add(entry)`, `onToolLog(entry)`, `logger.info(...)`) in that function or in the functions of its module that call it.',
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
    ownMissing: '{{adapter}}() maps the tools to {{sdk}} tools without {{what}}; tool calls are not logged.',
  },
  hints: {
    missing: 'Pass `onToolLog: (entry) => ...` to {{factory}}.',
    ownMissing: 'Record one entry per tool call in {{adapter}}(), e.g. call an `onToolLog(entry)` option or `log.add(entry)`.',
  },
  run(ctx) {
    missingOptionFindings(ctx, (adapter) => (adapter.options.log ? [adapter.options.log] : []));
    ownAdapterFindings(
      ctx,
      (sdk) => sdk.options.log !== undefined,
      (a) => (a.log ? undefined : 'a tool log'),
    );
  },
});
