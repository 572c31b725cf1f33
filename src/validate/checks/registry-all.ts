/** The `registry-all` check: the full list is core plus extended. */

import { defineCheck } from '../define-check.js';

/**
 * The full list is core plus extended and nothing else: `ALL_TOOLS = [...CORE_TOOLS,
 * ...EXTENDED_TOOLS]`, or `createRegistry` (whose `all` is derived).
 */
export default defineCheck({
  id: 'registry-all',
  title: 'The full list is core plus extended',
  scope: 'architecture',
  severity: 'error',
  docs: {
    summary:
      'The full tool list must be derived from the two tiers, `ALL_TOOLS = [...CORE_TOOLS, ...EXTENDED_TOOLS]`, or come from `createRegistry` (whose `all` is core then extended). A hand-kept third list drifts: a tool added to a tier is missing from it, or it serves a tool no tier has.',
    failing: `// @file tools/tools.ts
import { defineTool } from 'agent-tools';
export const getFont = defineTool({ name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}, execute: () => ({}) });
export const setFont = defineTool({ name: 'set_font', description: 'Sets the font family of a text node.', mutates: true, params: {}, execute: () => ({}) });
export const CORE_TOOLS = [getFont];
export const EXTENDED_TOOLS = [];
export const ALL_TOOLS = [...CORE_TOOLS, setFont];`,
    passing: `// @file tools/tools.ts
import { defineTool } from 'agent-tools';
export const getFont = defineTool({ name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}, execute: () => ({}) });
export const setFont = defineTool({ name: 'set_font', description: 'Sets the font family of a text node.', mutates: true, params: {}, execute: () => ({}) });
export const CORE_TOOLS = [getFont];
export const EXTENDED_TOOLS = [setFont];
export const ALL_TOOLS = [...CORE_TOOLS, ...EXTENDED_TOOLS];`,
  },
  messages: {
    missing: 'No full tool list: neither ALL_TOOLS nor createRegistry was found.',
    extraEntry: '{{list}} has `{{text}}`, which is not a spread of the core or extended list.',
    missingTier: '{{list}} does not include the {{tier}} tier.',
  },
  hints: {
    missing: 'Add `export const ALL_TOOLS = [...CORE_TOOLS, ...EXTENDED_TOOLS]`, or use createRegistry.',
    extraEntry: 'Move `{{text}}` into a tier; ALL_TOOLS is `[...CORE_TOOLS, ...EXTENDED_TOOLS]` and nothing else.',
    missingTier: 'Write `[...CORE_TOOLS, ...EXTENDED_TOOLS]`.',
  },
  run({ analysis, folder, report }) {
    const { all, createRegistry } = analysis.registries;
    if (!all) {
      if (!createRegistry) report({ ...folder, messageId: 'missing' });
      return;
    }
    if (all.source === 'createRegistry') return;
    const spread = new Set<string>();
    for (const entry of all.entries) {
      if (entry.kind === 'spread' && (entry.spreadOf === 'core' || entry.spreadOf === 'extended') && !spread.has(entry.spreadOf))
        spread.add(entry.spreadOf);
      else
        report({
          file: all.file,
          line: entry.line,
          column: entry.column,
          messageId: 'extraEntry',
          data: { list: all.declaredAs, text: entry.text },
        });
    }
    for (const tier of ['core', 'extended'] as const) {
      if (!spread.has(tier))
        report({ file: all.file, line: all.line, column: all.column, messageId: 'missingTier', data: { list: all.declaredAs, tier } });
    }
  },
});
