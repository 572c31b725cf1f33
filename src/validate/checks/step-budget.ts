import { defineCheck } from '../define-check.js';
import { missingOptionFindings } from '../adapter-options.js';

/** The AI SDK adapter is given `getStepBudget`, so a looping model runs out of tool calls. */
export default defineCheck({
  id: 'step-budget',
  title: 'The AI adapter has a step budget',
  scope: 'architecture',
  severity: 'warn',
  docs: {
    summary:
      'A model can call the same tool again and again. `toolsToAI` takes `getStepBudget`: each tool call consumes one step, the model is warned when few remain, and no tool runs once the budget is spent.',
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
  },
  hints: {
    missing: 'Pass `getStepBudget: () => budget` with `createStepBudget(n)`.',
  },
  run(ctx) {
    missingOptionFindings(ctx, ['toolsToAI'], ['getStepBudget']);
  },
});
