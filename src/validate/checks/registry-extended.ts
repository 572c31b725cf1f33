/** The `registry-extended` check: an extended registry exists. */

import { defineCheck } from '../define-check.js';

/**
 * An extended registry exists: an `EXTENDED_TOOLS` array, or the `extended` tier of `createRegistry`.
 * A warning: `createRegistry` without `extended` has an empty extended tier and serves every
 * client and provider, so leaving it out is a layout habit, not a break.
 */
export default defineCheck({
  id: 'registry-extended',
  title: 'An extended registry exists',
  scope: 'architecture',
  severity: 'warn',
  docs: {
    summary:
      'The extended tier holds the tools a model gets only when asked for (by name or with the `all` tier), so the core tier stays small. Declare it as an `EXTENDED_TOOLS` array, or as the `extended` tier of `createRegistry({ core, extended })`; it may be empty. A warning: `createRegistry({ core })` without `extended` runs and serves like `extended: []`, so no client or provider breaks; declaring it says where the next tools go.',
    failing: `// @file tools/tools.ts
import { defineTool } from 'agent-tools';
export const getFont = defineTool({ name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}, execute: () => ({}) });
export const CORE_TOOLS = [getFont];`,
    passing: `// @file tools/tools.ts
import { defineTool, createRegistry } from 'agent-tools';
export const getFont = defineTool({ name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}, execute: () => ({}) });
export const registry = createRegistry({ core: [getFont], extended: [] });`,
  },
  messages: {
    missing: 'No extended registry: neither an EXTENDED_TOOLS array nor the extended tier of createRegistry was found.',
  },
  hints: {
    missing: 'Add `export const EXTENDED_TOOLS = [...]` (it may be empty) or `createRegistry({ core: [...], extended: [...] })`.',
  },
  run({ analysis, folder, report }) {
    if (!analysis.registries.extended) report({ ...folder, messageId: 'missing' });
  },
});
