/** The `mutates-declared` check: tools declare whether they mutate. */

import { defineCheck } from '../define-check.js';
import { isDestructive } from '../../core/approval.js';

const MUTATING_PREFIXES = ['set_', 'create_', 'update_', 'delete_', 'remove_', 'add_', 'move_', 'rename_'] as const;

/**
 * `mutates` is set explicitly on every tool (it drives the MCP `readOnlyHint`, approval and
 * snapshots): a tool that leaves it out counts as destructive (the MCP spec's defaults,
 * `isReadOnly`), so clients ask before each call, a warning (the safe side; nothing breaks).
 * A name with a mutating prefix that says `mutates: false` is a warning too. There is no fix:
 * declaring a tool read-only turns its approval off, so only a person says `mutates: false`.
 */
export default defineCheck({
  id: 'mutates-declared',
  title: 'Tools declare whether they mutate',
  scope: 'tool',
  severity: 'warn',
  docs: {
    summary:
      "Set `mutates` on every tool: it becomes the MCP `readOnlyHint`, and clients use it to decide whether to ask before a call; `mutates: true` also turns on snapshots. A tool that leaves it out is not read-only: it counts as destructive, as the MCP spec's defaults say (`readOnlyHint: false`, `destructiveHint: true`), so clients ask before each call and every agent-tools adapter (`call`, the MCP server, the AI SDK tool set) asks for approval before it runs. That is the safe side, so both findings are warnings; write `mutates: false` on a tool that only reads, `mutates: true` on one that changes anything. `validate --fix` never writes it: declaring a tool read-only turns off the approval that protects its callers, so only a person who knows what `execute` does may say it. A tool whose name starts with `set_`, `create_`, `update_`, `delete_`, `remove_`, `add_`, `move_` or `rename_` but says `mutates: false` is suspect too.",
    failing: `import { defineTool } from 'agent-tools';
export const setFont = defineTool({ name: 'set_font', description: 'Sets the font family of a text node.', params: {}, execute: () => ({}) });`,
    passing: `import { defineTool } from 'agent-tools';
export const setFont = defineTool({ name: 'set_font', description: 'Sets the font family of a text node.', mutates: true, params: {}, execute: () => ({}) });`,
  },
  messages: {
    notDeclared: 'Tool "{{name}}" does not say whether it mutates; it counts as destructive, and clients will ask before each call.',
    noReadOnlyHint:
      'Tool "{{name}}" does not say whether it mutates (no annotations.readOnlyHint); it counts as destructive (the spec default), and clients will ask before each call.',
    notDeclaredNotDestructive:
      'Tool "{{name}}" does not say whether it mutates; it says it is not destructive, so it counts as mutating (not read-only), and clients may ask before each call.',
    noReadOnlyHintNotDestructive:
      'Tool "{{name}}" does not say whether it mutates (no annotations.readOnlyHint); with destructiveHint: false it counts as mutating but not destructive (the spec default readOnlyHint: false).',
    looksMutating: 'Tool "{{name}}" starts with "{{prefix}}" but says mutates: false.',
  },
  hints: {
    notDeclared:
      'Without `mutates` the tool is not read-only (MCP readOnlyHint: false, destructiveHint: true), so clients and agent-tools ask for approval before each call. Add `mutates: false` if it only reads, `mutates: true` (and `destructive`) if it changes state.',
    noReadOnlyHint:
      'Add `annotations: { readOnlyHint: true }` if it only reads, `readOnlyHint: false` (and `destructiveHint`) if it changes state.',
    notDeclaredNotDestructive: 'Add `mutates: false` if it only reads, `mutates: true` if it changes state.',
    noReadOnlyHintNotDestructive: 'Add `annotations: { readOnlyHint: true }` if it only reads, `readOnlyHint: false` if it changes state.',
    looksMutating: 'Set `mutates: true`, or rename the tool if it only reads.',
  },
  run({ analysis, report }) {
    for (const tool of analysis.tools) {
      const at = { file: tool.file, line: tool.line, column: tool.column };
      // the AI SDK and Mastra have no way to say it; the MCP SDK says it with annotations.readOnlyHint
      if (tool.form === 'ai-tool' || tool.form === 'mastra-createTool') continue;
      const prefix = MUTATING_PREFIXES.find((p) => tool.name.startsWith(p));
      if (tool.mutates === undefined) {
        // no fix: a guessed `mutates: false` would silence this finding and turn approval off
        // a tool that says it is not destructive is told so, not that it counts as destructive
        const id = tool.form ? 'noReadOnlyHint' : 'notDeclared';
        report({ ...at, messageId: isDestructive(tool) ? id : `${id}NotDestructive`, data: { name: tool.name } });
        continue;
      }
      if (prefix && tool.mutates === false) report({ ...at, messageId: 'looksMutating', data: { name: tool.name, prefix } });
    }
  },
});
