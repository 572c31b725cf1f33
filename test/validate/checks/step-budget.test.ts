/** The step-budget check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester } from '../helpers.js';
import { agent, allOptions } from './sources/architecture.js';
import { aiAdapter, full, withAdapter, mcpAdapter } from './sources/own-adapter.js';

ruleTester('step-budget', {
  valid: [
    { name: 'getStepBudget given', files: agent(allOptions) },
    { name: 'not asked of the MCP server', files: agent('{ onToolLog: () => {} }', 'createMcpServer', 'agent-tools/mcp') },
  ],
  invalid: [
    {
      name: 'toolsToAI without a budget',
      files: agent('{ onToolLog: () => {} }'),
      errors: [
        {
          messageId: 'missing',
          message: 'toolsToAI(...) is created without `getStepBudget`; a looping model is not stopped.',
          file: 'agent.ts',
          line: 3,
          column: 18,
        },
      ],
    },
  ],
});

ruleTester('step-budget', {
  valid: [
    { name: 'an own adapter counting steps', files: withAdapter(aiAdapter(full, 'let steps = options.maxSteps;')) },
    { name: 'not asked of an own MCP adapter', files: withAdapter(mcpAdapter) },
  ],
  invalid: [
    {
      name: 'an own AI SDK adapter with no budget',
      files: withAdapter(aiAdapter('options.log.add(def.name);\n return def.execute(undefined, args);')),
      errors: [
        {
          messageId: 'ownMissing',
          message: 'toolsToAI() maps the tools to AI SDK tools without a step budget; a looping model is not stopped.',
          file: 'tools/ai-adapter.ts',
          line: 3,
          column: 17,
        },
      ],
    },
  ],
});
