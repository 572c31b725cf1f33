/** The `jsdoc` check: exported tools have a JSDoc comment. */

import { defineCheck } from '../define-check.js';
import { addJsDocFix } from '../fix/add-jsdoc.js';
import { codePoints } from '../../core/string-checks.js';
import { onlyRewordsName } from '../words.js';

/**
 * Every exported tool has a JSDoc comment, so editors show it where the tool is used. The fix writes the tool's
 * description as the comment, unless that description is itself too short or only rewords the name.
 */
export default defineCheck({
  id: 'jsdoc',
  title: 'Exported tools have a JSDoc comment',
  scope: 'tool',
  severity: 'warn',
  docs: {
    summary:
      'An exported tool is used by people as well as models: a JSDoc comment on its declaration shows in their editor where the tool is registered or called.',
    failing: `import { defineTool } from 'agent-tools';
export const setFont = defineTool({ name: 'set_font', description: 'Sets the font family of a text node.', mutates: true, params: {}, execute: () => ({}) });`,
    passing: `import { defineTool } from 'agent-tools';
/** Sets the font family of a text node. */
export const setFont = defineTool({ name: 'set_font', description: 'Sets the font family of a text node.', mutates: true, params: {}, execute: () => ({}) });`,
  },
  messages: {
    missing: 'Exported tool "{{name}}" ({{exports}}) has no JSDoc comment.',
  },
  hints: {
    missing: 'Add a /** ... */ comment above the declaration.',
  },
  run({ analysis, fixes, limits, report }) {
    for (const tool of analysis.tools) {
      if (tool.exportNames.length === 0 || (tool.jsDoc ?? '').trim() !== '') continue;
      // a description tool-description finds too short, or only rewording the name, would make a comment as poor: fixed by a person
      const poor = codePoints(tool.description.trim()) < limits.descriptionMin || onlyRewordsName(tool.description.trim(), tool.name);
      const fix = fixes && !poor ? addJsDocFix(analysis, tool) : undefined;
      report({
        file: tool.file,
        line: tool.line,
        column: tool.column,
        messageId: 'missing',
        data: { name: tool.name, exports: tool.exportNames.join(', ') },
        ...(fix ? { fix } : {}),
      });
    }
  },
});
