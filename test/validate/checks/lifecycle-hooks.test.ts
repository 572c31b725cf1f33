/** The lifecycle-hooks check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester } from '../helpers.js';
import { agent, allOptions } from './sources/architecture.js';
import { aiAdapter, full, withAdapter, mcpAdapter } from './sources/own-adapter.js';

ruleTester('lifecycle-hooks', {
  valid: [{ name: 'both hooks (one as a method)', files: agent(allOptions) }],
  invalid: [
    {
      name: 'neither hook',
      files: agent('{}', 'toolsToCommands', 'agent-tools/cli'),
      errors: [{ messageId: 'missing', message: 'toolsToCommands(...) is created without `onBeforeExecute` and `onAfterExecute`.' }],
    },
    {
      name: 'only before',
      files: agent('{ onBeforeExecute: () => {} }'),
      errors: [{ messageId: 'missing', message: 'toolsToAI(...) is created without `onAfterExecute`.' }],
    },
  ],
});

ruleTester('lifecycle-hooks', {
  valid: [
    { name: 'an own adapter calling both hooks', files: withAdapter(aiAdapter(full)) },
    { name: 'an own MCP adapter with hooks.before/after', files: withAdapter(mcpAdapter) },
  ],
  invalid: [
    {
      name: 'no hook',
      files: withAdapter(aiAdapter('return def.execute(undefined, args);')),
      errors: [{ messageId: 'ownMissing', message: 'toolsToAI() maps the tools to AI SDK tools without a before and an after hook.' }],
    },
    {
      name: 'only the before hook',
      files: withAdapter(aiAdapter('options.onBeforeExecute(def, args);\n return def.execute(undefined, args);')),
      errors: [{ messageId: 'ownMissing', message: 'toolsToAI() maps the tools to AI SDK tools without an after hook.' }],
    },
  ],
});
