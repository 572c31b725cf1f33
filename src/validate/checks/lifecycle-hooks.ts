import { defineCheck } from '../define-check.js';
import { missingOptionFindings } from '../adapter-options.js';

/** `onBeforeExecute` and `onAfterExecute` are passed wherever an adapter is created. */
export default defineCheck({
  id: 'lifecycle-hooks',
  title: 'Adapters wire the lifecycle hooks',
  scope: 'architecture',
  severity: 'warn',
  docs: {
    summary:
      'The lifecycle hooks are where an application takes part in every tool call: `onBeforeExecute(def, args)` runs before `execute` (permissions, undo groups), `onAfterExecute(def, args, result)` after it, even when it throws (refresh, commit). Wire both where an adapter is created.',
    failing: `// @file server.ts
import { createMcpServer } from 'agent-tools/mcp';
import { registry } from './tools/registry';
export const server = createMcpServer(registry, { name: 'canvas', version: '1.0.0', onToolLog: () => {} });`,
    passing: `// @file server.ts
import { createMcpServer } from 'agent-tools/mcp';
import { registry } from './tools/registry';
export const server = createMcpServer(registry, {
  name: 'canvas', version: '1.0.0', onToolLog: () => {},
  onBeforeExecute: () => {}, onAfterExecute: () => {},
});`,
  },
  messages: {
    missing: '{{factory}}(...) is created without {{options}}.',
  },
  hints: {
    missing: 'Pass {{options}} to {{factory}}.',
  },
  run(ctx) {
    missingOptionFindings(ctx, ['toolsToAI', 'createMcpServer', 'toolsToCommands'], ['onBeforeExecute', 'onAfterExecute']);
  },
});
