/** The `unique-names` check: tool names are unique. */

import { kebabName } from '../../core/tool-name.js';
import type { ExtractedTool } from '../../analysis/types.js';
import { defineCheck } from '../define-check.js';

/** Where a tool's name is written, as `file:line:col`: each finding points at a name, and names the other. */
const where = (t: ExtractedTool) => `${t.nameAt.file}:${t.nameAt.line}:${t.nameAt.column}`;

/**
 * No two tools share a name, also after mapping to a command name with the CLI adapter's
 * own `kebabName` (so `set_font`, `set-font` and `setFont` all collide as `set-font`). Each location is
 * reported, naming the other. A barrel re-export is the same declaration, not a duplicate.
 */
export default defineCheck({
  id: 'unique-names',
  title: 'Tool names are unique',
  scope: 'toolbox',
  severity: 'error',
  docs: {
    summary:
      'Two tools with one name break every consumer: a registry or MCP server refuses to build (never last-one-wins), and a model cannot tell them apart. Names must also differ as command-line names (kebab-case: `set_font`, `set-font` and `setFont` are all the command `set-font`). Both locations are reported. Re-exporting a tool from a barrel `index.ts` is the same declaration and is not a duplicate.',
    failing: `// @file tools/a.ts
import { defineTool } from 'agent-tools';
export const setFont = defineTool({ name: 'set_font', description: 'Sets the font family of a text node.', mutates: true, params: {}, execute: () => ({}) });
// @file tools/b.ts
import { defineTool } from 'agent-tools';
export const setFont2 = defineTool({ name: 'set-font', description: 'Sets the font family of a text layer.', mutates: true, params: {}, execute: () => ({}) });`,
    passing: `// @file tools/a.ts
import { defineTool } from 'agent-tools';
export const setFont = defineTool({ name: 'set_font', description: 'Sets the font family of a text node.', mutates: true, params: {}, execute: () => ({}) });
// @file tools/index.ts
export { setFont } from './a';`,
  },
  messages: {
    duplicate: 'Tool name "{{name}}" is also defined at {{other}}.',
    cliCollision: 'Tool name "{{name}}" collides with "{{otherName}}" at {{other}} as a command-line name ("{{cliName}}").',
  },
  hints: {
    duplicate: 'Rename one of the tools; registries and MCP servers refuse duplicate names.',
    cliCollision: 'Rename one of the tools so their command-line (kebab-case) names differ.',
  },
  run({ analysis, report }) {
    const byKey = new Map<string, ExtractedTool[]>();
    for (const tool of analysis.tools) {
      const key = kebabName(tool.name);
      byKey.set(key, [...(byKey.get(key) ?? []), tool]);
    }
    for (const [cliName, group] of byKey) {
      if (group.length < 2) continue;
      for (const tool of group) {
        for (const other of group) {
          if (other === tool) continue;
          const at = tool.nameAt;
          if (other.name === tool.name) report({ ...at, messageId: 'duplicate', data: { name: tool.name, other: where(other) } });
          else report({ ...at, messageId: 'cliCollision', data: { name: tool.name, otherName: other.name, other: where(other), cliName } });
        }
      }
    }
  },
});
