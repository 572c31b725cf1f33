/** The `step-budget` check: the AI adapter has a step budget. */

import { defineCheck } from '../define-check.js';
import { missingOptionFindings, ownAdapterFindings } from '../adapter-options.js';

/**
 * The AI SDK adapter is given `getStepBudget` (or a toolbox's own AI SDK adapter counts steps), so a looping model runs out of tool calls.
 */
export default defineCheck({
  id: 'step-budget',
  title: 'The AI adapter has a step budget',
  scope: 'architecture',
  severity: 'warn',
  docs: {
    summary:
      'A model can call the same tool again and again. `toolsToAI` takes `getStepBudget`: each tool call consumes one step, the model is warned when few remain, and no tool runs once the budget is spent. A toolbox that maps its tools to AI SDK tools with its own adapter function keeps the budget there: a name with the word budget or step(s) (`maxSteps`, `stepsLeft`, `getStepBudget`) in that function or in the functions of its module that call it.',
    failing: `// @file agent.ts
import { toolsToAI } from 'agent-tools/ai';
import { registry } from './tools/registry';
export const tools = toolsToAI(registry.core, { getApi: () => ({}) });`,
    passing: `// @file agent.ts
import { createStepBudget } from 'agent-tools';
import { toolsToAI } from 'agent-tools/ai';
import { registry } from './tools/registry';
const budget = createStepBudget(20);
export const tools = toolsToAI(registry.core, { getApi: () => ({}), getStepBudget: () => budget });`,
  },
  messages: {
    missing: '{{factory}}(...) is created without {{options}}; a looping model is not stopped.',
    ownMissing: '{{adapter}}() maps the tools to {{sdk}} tools without {{what}}; a looping model is not stopped.',
  },
  hints: {
    missing: 'Pass `getStepBudget: () => budget` with `createStepBudget(n)`.',
    ownMissing: 'Count tool calls in {{adapter}}() against a budget (e.g. a `maxSteps` option) and answer with an error once it is spent.',
  },
  run(ctx) {
    missingOptionFindings(ctx, (adapter) => (adapter.options.budget ? [adapter.options.budget] : []));
    ownAdapterFindings(
      ctx,
      (sdk) => sdk.options.budget !== undefined,
      (a) => (a.budget ? undefined : 'a step budget'),
    );
  },
});
