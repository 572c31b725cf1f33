import { defineCheck } from '../define-check.js';

/**
 * A mutating tool says whether its change can be undone: `destructive` becomes the MCP
 * `destructiveHint` (`toolsListEntry`), which a tool that leaves it out reports as false.
 * Source of the rule: issue 13 point 4 (directories that review MCP servers want every hint).
 */
export default defineCheck({
  id: 'destructive-declared',
  title: 'Mutating tools declare whether they are destructive',
  scope: 'tool',
  severity: 'warn',
  docs: {
    summary:
      "Set `destructive` on every tool that says `mutates: true`: it becomes the MCP `destructiveHint`, and clients use it to decide how firmly to ask before a call. A mutating tool that leaves it out is reported as not destructive (`destructiveHint: false`), so a client may let a model delete data without asking. Write `destructive: true` when the change cannot be undone (it deletes or overwrites what no other call can bring back), `destructive: false` when it only adds or changes what another call can put back. Read-only tools need neither. Tools written with the MCP SDK are checked the same way on `annotations.destructiveHint` once `readOnlyHint` is false (there the spec's default is true). There is no automatic fix: only a person knows whether the change can be undone.",
    failing: `import { defineTool } from 'agent-tools';
export const deleteNode = defineTool({ name: 'delete_node', description: 'Deletes a node and its children.', mutates: true, params: {}, execute: () => ({}) });`,
    passing: `import { defineTool } from 'agent-tools';
export const deleteNode = defineTool({ name: 'delete_node', description: 'Deletes a node and its children.', mutates: true, destructive: true, params: {}, execute: () => ({}) });`,
  },
  messages: {
    notDeclared: 'Tool "{{name}}" mutates but does not say whether it is destructive; clients will treat it as not destructive.',
    noDestructiveHint: 'Tool "{{name}}" is not read-only but does not say whether it is destructive (no annotations.destructiveHint).',
  },
  hints: {
    notDeclared:
      'Add `destructive: true` if the change cannot be undone, `destructive: false` if another call can put back what it changed.',
    noDestructiveHint:
      'Add `destructiveHint: true` to `annotations` if the change cannot be undone, `destructiveHint: false` if it only adds or changes what can be put back.',
  },
  manual: {
    notDeclared: 'no automatic fix: only a person knows whether the change can be undone',
    noDestructiveHint: 'no automatic fix: only a person knows whether the change can be undone',
  },
  run({ analysis, report }) {
    for (const tool of analysis.tools) {
      // the AI SDK and Mastra have no way to say it; the MCP SDK says it with annotations.destructiveHint
      if (tool.form === 'ai-tool' || tool.form === 'mastra-createTool') continue;
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
