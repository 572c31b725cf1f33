/** The `mutates-declared` check: tools declare whether they mutate. */

import { defineCheck } from '../define-check.js';
import { declareReadOnlyFix } from '../fix/read-only.js';

const MUTATING_PREFIXES = ['set_', 'create_', 'update_', 'delete_', 'remove_', 'add_', 'move_', 'rename_'] as const;

/**
 * `mutates` is set explicitly on every tool (it drives snapshots and the MCP
 * `readOnlyHint`); a name with a mutating prefix that says `mutates: false` is a warning.
 */
export default defineCheck({
  id: 'mutates-declared',
  title: 'Tools declare whether they mutate',
  scope: 'tool',
  severity: 'warn',
  docs: {
    summary:
      'Set `mutates` on every tool: it becomes the MCP `readOnlyHint`, and clients use it to decide whether to ask before a call; it also turns on snapshots. A tool that leaves it out counts as read-only (`mutates: false`), so clients will treat it as read-only and may call it without asking; that is right for a tool that only reads, so both findings are warnings. A tool whose name starts with `set_`, `create_`, `update_`, `delete_`, `remove_`, `add_`, `move_` or `rename_` but says `mutates: false` is suspect too.',
    failing: `import { defineTool } from 'agent-tools';
export const setFont = defineTool({ name: 'set_font', description: 'Sets the font family of a text node.', params: {}, execute: () => ({}) });`,
    passing: `import { defineTool } from 'agent-tools';
export const setFont = defineTool({ name: 'set_font', description: 'Sets the font family of a text node.', mutates: true, params: {}, execute: () => ({}) });`,
  },
  messages: {
    notDeclared: 'Tool "{{name}}" does not say whether it mutates; clients will treat it as read-only.',
    noReadOnlyHint: 'Tool "{{name}}" does not say whether it mutates (no annotations.readOnlyHint).',
    looksMutating: 'Tool "{{name}}" starts with "{{prefix}}" but says mutates: false.',
  },
  hints: {
    notDeclared:
      'Without `mutates` the tool counts as read-only (MCP readOnlyHint: true), so clients may call it without asking. Add `mutates: true` if it changes state, `mutates: false` to say it only reads.',
    noReadOnlyHint:
      'Add `annotations: { readOnlyHint: true }` if it only reads, `readOnlyHint: false` (and `destructiveHint`) if it changes state.',
    looksMutating: 'Set `mutates: true`, or rename the tool if it only reads.',
  },
  run({ analysis, fixes, report }) {
    for (const tool of analysis.tools) {
      const at = { file: tool.file, line: tool.line, column: tool.column };
      // the AI SDK and Mastra have no way to say it; the MCP SDK says it with annotations.readOnlyHint
      if (tool.form === 'ai-tool' || tool.form === 'mastra-createTool') continue;
      const prefix = MUTATING_PREFIXES.find((p) => tool.name.startsWith(p));
      if (tool.mutates === undefined) {
        // `mutates: false` only for a tool whose name and execute both say it reads (see executeOnlyReads)
        const fix = fixes && !tool.form && !prefix ? declareReadOnlyFix(analysis, tool) : undefined;
        report({ ...at, messageId: tool.form ? 'noReadOnlyHint' : 'notDeclared', data: { name: tool.name }, ...(fix ? { fix } : {}) });
        continue;
      }
      if (prefix && tool.mutates === false) report({ ...at, messageId: 'looksMutating', data: { name: tool.name, prefix } });
    }
  },
});
