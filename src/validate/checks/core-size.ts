/** The `core-size` check: the core tier is small. */

import { defineCheck } from '../define-check.js';
import { tierCost, toolsOfTier } from '../tier-cost.js';

/**
 * The core tier stays small: at most `limits.coreMaxTools` tools (30) and at most
 * `limits.coreMaxTokens` tokens (3 000) of tool definitions, counted in the o200k_base encoding
 * over the `toInputSchema` schemas. Both limits are configurable.
 */
export default defineCheck({
  id: 'core-size',
  title: 'The core tier is small',
  scope: 'toolbox',
  severity: 'warn',
  docs: {
    summary:
      'Every tool in the core tier is sent to the model on every step. Models choose worse among many tools, and definitions cost context: keep the core tier to at most 30 tools and about 3 000 tokens of definitions (counted in the o200k_base encoding (GPT-4o) over the exact schemas `tools/list` sends), and move the rest to the extended tier. Both limits are set in the configuration (`limits.coreMaxTools`, `limits.coreMaxTokens`).',
    failing: `// @file agent-tools.config.json
{ "limits": { "coreMaxTools": 1 } }
// @file tools/tools.ts
import { defineTool } from 'agent-tools';
export const getFont = defineTool({ name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}, execute: () => ({}) });
export const setFont = defineTool({ name: 'set_font', description: 'Sets the font family of a text node.', mutates: true, params: {}, execute: () => ({}) });
export const CORE_TOOLS = [getFont, setFont];`,
    passing: `// @file agent-tools.config.json
{ "limits": { "coreMaxTools": 1 } }
// @file tools/tools.ts
import { defineTool } from 'agent-tools';
export const getFont = defineTool({ name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}, execute: () => ({}) });
export const setFont = defineTool({ name: 'set_font', description: 'Sets the font family of a text node.', mutates: true, params: {}, execute: () => ({}) });
export const CORE_TOOLS = [getFont];
export const EXTENDED_TOOLS = [setFont];`,
  },
  messages: {
    tooManyTools: 'The core tier ({{list}}) has {{count}} tools; the limit is {{max}}.',
    tooManyTokens: 'The core tier ({{list}}) costs {{tokens}} tokens of tool definitions; the budget is {{max}}.',
  },
  hints: {
    tooManyTools: 'Move the least used tools to the extended tier.',
    tooManyTokens: 'Move tools to the extended tier or shorten descriptions.',
  },
  run({ analysis, limits, report }) {
    const list = analysis.registries.core;
    const tools = toolsOfTier(analysis, 'core');
    if (tools.length === 0) return;
    const at = list
      ? { file: list.file, line: list.line, column: list.column }
      : { file: tools[0]!.file, line: tools[0]!.line, column: tools[0]!.column };
    const name = list?.declaredAs ?? 'core';
    const cost = tierCost(tools);
    if (cost.tools > limits.coreMaxTools)
      report({ ...at, messageId: 'tooManyTools', data: { list: name, count: cost.tools, max: limits.coreMaxTools } });
    if (cost.tokens > limits.coreMaxTokens)
      report({ ...at, messageId: 'tooManyTokens', data: { list: name, tokens: cost.tokens, max: limits.coreMaxTokens } });
  },
});
