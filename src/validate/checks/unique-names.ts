import type { ExtractedTool } from '../../analysis/types.js';
import { defineCheck } from '../define-check.js';

const where = (t: ExtractedTool) => `${t.file}:${t.line}:${t.column}`;

/**
 * No two tools share a name, also after mapping `-` to `_` (the CLI adapter derives
 * command names that way, so `set_font` and `set-font` collide). Each location is
 * reported, naming the other. A barrel re-export is the same declaration, not a duplicate.
 */
export default defineCheck({
  id: 'unique-names',
  title: 'Tool names are unique',
  scope: 'toolbox',
  severity: 'error',
  docs: {
    summary:
      'Two tools with one name break every consumer: a registry or MCP server refuses to build (never last-one-wins), and a model cannot tell them apart. Names must also differ after mapping `-` to `_`, because command-line names are derived that way. Both locations are reported. Re-exporting a tool from a barrel `index.ts` is the same declaration and is not a duplicate.',
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
    cliCollision: 'Rename one of the tools so the names differ after mapping "-" to "_".',
  },
  run({ analysis, report }) {
    const byKey = new Map<string, ExtractedTool[]>();
    for (const tool of analysis.tools) {
      const key = tool.name.replace(/-/g, '_');
      byKey.set(key, [...(byKey.get(key) ?? []), tool]);
    }
    for (const [cliName, group] of byKey) {
      if (group.length < 2) continue;
      for (const tool of group) {
        for (const other of group) {
          if (other === tool) continue;
          const at = { file: tool.file, line: tool.line, column: tool.column };
          if (other.name === tool.name) report({ ...at, messageId: 'duplicate', data: { name: tool.name, other: where(other) } });
          else report({ ...at, messageId: 'cliCollision', data: { name: tool.name, otherName: other.name, other: where(other), cliName } });
        }
      }
    }
  },
});
