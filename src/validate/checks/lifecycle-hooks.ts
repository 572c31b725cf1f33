/** The `lifecycle-hooks` check: adapters wire the lifecycle hooks. */

import { defineCheck } from '../define-check.js';
import { missingOptionFindings, ownAdapterFindings } from '../adapter-options.js';

/** `onBeforeExecute` and `onAfterExecute` are passed wherever an adapter is created, or called by a toolbox's own adapter function. */
export default defineCheck({
  id: 'lifecycle-hooks',
  title: 'Adapters wire the lifecycle hooks',
  scope: 'architecture',
  severity: 'warn',
  docs: {
    summary:
      "The lifecycle hooks are where an application takes part in every tool call: `onBeforeExecute(def, args)` runs before `execute` (permissions, undo groups), `onAfterExecute(def, args, result)` after it, even when it throws (refresh, commit). Wire both where an adapter is created. A toolbox with its own adapter function (one that iterates the tools and builds an SDK's tools from each) calls them there: a call of a name with the word before and one with the word after (`onBeforeExecute?.(def, args)`, `hooks.after(...)`).",
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
    ownMissing: '{{adapter}}() maps the tools to {{sdk}} tools without {{what}}.',
  },
  hints: {
    missing: 'Pass {{options}} to {{factory}}.',
    ownMissing:
      'Call a before hook and an after hook around each execute in {{adapter}}(), e.g. `onBeforeExecute`/`onAfterExecute` options.',
  },
  run(ctx) {
    missingOptionFindings(ctx, (adapter) => adapter.options.hooks ?? []);
    ownAdapterFindings(
      ctx,
      (sdk) => sdk.options.hooks !== undefined,
      (a) =>
        a.before && a.after
          ? undefined
          : !a.before && !a.after
            ? 'a before and an after hook'
            : a.before
              ? 'an after hook'
              : 'a before hook',
    );
  },
});
