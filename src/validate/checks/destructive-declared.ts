/** The `destructive-declared` check: mutating tools declare whether they are destructive. */

import { defineCheck } from '../define-check.js';
import { docsPage } from '../../shared/docs-page.js';

/** Name prefixes of tools that remove or overwrite what no other call brings back. */
const DESTROYING_PREFIXES = [
  'delete_',
  'remove_',
  'drop_',
  'purge_',
  'destroy_',
  'erase_',
  'wipe_',
  'clear_',
  'truncate_',
  'reset_',
] as const;

/**
 * A mutating tool says whether its change can be undone: `destructive` becomes the MCP
 * `destructiveHint` (`toolsListEntry`). A tool that leaves it out is destructive, as the MCP spec's
 * default says (ToolAnnotations: `destructiveHint` defaults to true for a tool that is not
 * read-only): it is listed with `destructiveHint: true` and asks for approval before every call.
 * Directories that review MCP servers want every hint said. A tool whose name says it removes
 * something (`delete_`, `drop_`, `purge_`...) but says `destructive: false` runs unasked, so it
 * is a warning too: only a person knows whether another call brings back what it removed.
 */
export default defineCheck({
  id: 'destructive-declared',
  title: 'Mutating tools declare whether they are destructive',
  scope: 'tool',
  severity: 'warn',
  docs: {
    summary: `Set \`destructive\` on every tool that says \`mutates: true\`: it becomes the MCP \`destructiveHint\`, and clients use it to decide how firmly to ask before a call. A mutating tool that leaves it out is treated as destructive, as the MCP spec's default says (\`destructiveHint: true\`): clients ask before each call, and every agent-tools adapter asks for approval before it runs (${docsPage('approval.md')}), even when the change could be undone. Write \`destructive: true\` when the change cannot be undone (it deletes or overwrites what no other call can bring back), \`destructive: false\` when it only adds or changes what another call can put back. Read-only tools need neither. Tools written with the MCP SDK are checked the same way on \`annotations.destructiveHint\` once \`readOnlyHint\` is false (there the spec's default is true). A tool whose name starts with \`delete_\`, \`remove_\`, \`drop_\`, \`purge_\`, \`destroy_\`, \`erase_\`, \`wipe_\`, \`clear_\`, \`truncate_\` or \`reset_\` but says \`destructive: false\` (or \`destructiveHint: false\`) is suspect too: it runs without approval. There is no automatic fix: only a person knows whether the change can be undone.`,
    failing: `import { defineTool } from 'agent-tools';
export const deleteNode = defineTool({ name: 'delete_node', description: 'Deletes a node and its children.', mutates: true, params: {}, execute: () => ({}) });`,
    passing: `import { defineTool } from 'agent-tools';
export const deleteNode = defineTool({ name: 'delete_node', description: 'Deletes a node and its children.', mutates: true, destructive: true, params: {}, execute: () => ({}) });`,
  },
  messages: {
    notDeclared:
      'Tool "{{name}}" mutates but does not say whether it is destructive; it is treated as destructive (destructiveHint: true) and asks for approval before every call.',
    noDestructiveHint:
      'Tool "{{name}}" is not read-only but does not say whether it is destructive (no annotations.destructiveHint); clients will treat it as destructive, the spec default.',
    looksDestructive: 'Tool "{{name}}" starts with "{{prefix}}" but says destructive: false, so it runs without approval.',
  },
  hints: {
    notDeclared:
      'Add `destructive: true` if the change cannot be undone, `destructive: false` if another call can put back what it changed.',
    noDestructiveHint:
      'Add `destructiveHint: true` to `annotations` if the change cannot be undone, `destructiveHint: false` if it only adds or changes what can be put back.',
    looksDestructive:
      'Set `destructive: true` (it then asks first), or rename the tool if another call really brings back what it removes.',
  },
  manual: {
    notDeclared: 'no automatic fix: only a person knows whether the change can be undone',
    noDestructiveHint: 'no automatic fix: only a person knows whether the change can be undone',
    looksDestructive: 'no automatic fix: only a person knows whether the change can be undone',
  },
  run({ analysis, report }) {
    for (const tool of analysis.tools) {
      // the AI SDK and Mastra have no way to say it; the MCP SDK says it with annotations.destructiveHint
      if (tool.form === 'ai-tool' || tool.form === 'mastra-createTool') continue;
      const prefix = DESTROYING_PREFIXES.find((p) => tool.name.startsWith(p));
      if (prefix && tool.destructive === false) {
        report({ file: tool.file, line: tool.line, column: tool.column, messageId: 'looksDestructive', data: { name: tool.name, prefix } });
        continue;
      }
      if (tool.mutates !== true || tool.destructive !== undefined) continue;
      report({
        file: tool.file,
        line: tool.line,
        column: tool.column,
        messageId: tool.form ? 'noDestructiveHint' : 'notDeclared',
        data: { name: tool.name },
      });
    }
  },
});
