/** The `registry-core` check: a core registry exists. */

import { defineCheck } from '../define-check.js';

/** A core registry exists: a `CORE_TOOLS` array, or the `core` tier of `createRegistry`. */
export default defineCheck({
  id: 'registry-core',
  title: 'A core registry exists',
  scope: 'architecture',
  severity: 'error',
  docs: {
    summary:
      'The core tier is what a model sees by default: the tools it needs on most steps. Declare it as a `CORE_TOOLS` array, or as the `core` tier of `createRegistry({ core, extended })`.',
    failing: `// @file tools/tools.ts
import { defineTool } from 'agent-tools';
export const getFont = defineTool({ name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}, execute: () => ({}) });
export const EXTENDED_TOOLS = [getFont];`,
    passing: `// @file tools/tools.ts
import { defineTool, createRegistry } from 'agent-tools';
export const getFont = defineTool({ name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}, execute: () => ({}) });
export const registry = createRegistry({ core: [getFont], extended: [] });`,
  },
  messages: {
    missing: 'No core registry: neither a CORE_TOOLS array nor the core tier of createRegistry was found.',
  },
  hints: {
    missing: 'Add `export const CORE_TOOLS = [...]` or `createRegistry({ core: [...], extended: [...] })`.',
  },
  run({ analysis, folder, report }) {
    if (!analysis.registries.core) report({ ...folder, messageId: 'missing' });
  },
});
