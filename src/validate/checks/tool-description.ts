/** The `tool-description` check: tools have a useful description. */

import { defineCheck } from '../define-check.js';
import { codePoints } from '../../core/string-checks.js';
import { onlyRewordsName } from '../words.js';
import { MAX_DESCRIPTION_BYTES, utf8Length } from '../../core/size-limits.js';

/**
 * Every tool has a description the model can choose by: present, between
 * `limits.descriptionMin` (20) and `limits.descriptionMax` (1 024) characters, counted in
 * code points (600 Chinese characters are 600, not 1 800 bytes), and more than the name reworded.
 * Over 64 KiB of UTF-8 (`MAX_DESCRIPTION_BYTES`) is an error: `defineTool` and skill install refuse it.
 */
export default defineCheck({
  id: 'tool-description',
  title: 'Tools have a useful description',
  scope: 'tool',
  severity: 'error',
  docs: {
    summary:
      'The description is what a model reads to decide whether to call a tool. A missing or empty one is an error: the model has nothing to choose by. The rest are warnings, quality heuristics: at least 20 and at most 1 024 characters (counted in code points, not bytes, so Chinese text is measured fairly; some clients cut long descriptions), and more than the name reworded. Over 64 KiB (65 536 bytes of UTF-8) is an error: defineTool throws and clients drop a tools/list answer that large.',
    failing: `import { defineTool } from 'agent-tools';
export const setFont = defineTool({ name: 'set_font', description: 'Sets the font.', mutates: true, params: {}, execute: () => ({}) });`,
    passing: `import { defineTool } from 'agent-tools';
export const setFont = defineTool({ name: 'set_font', description: 'Sets the font family of a text node; other text styles are kept.', mutates: true, params: {}, execute: () => ({}) });`,
  },
  messages: {
    missing: 'Tool "{{name}}" has no description.',
    tooShort: 'Tool "{{name}}" has a description of {{length}} characters; at least {{min}} are needed for a model to choose it well.',
    tooLong: 'Tool "{{name}}" has a description of {{length}} characters, over {{max}}; some clients cut it.',
    overCeiling: 'Tool "{{name}}" has a description of {{bytes}} bytes, over the {{ceiling}}-byte (64 KiB) ceiling; defineTool refuses it.',
    rewordsName: 'The description of tool "{{name}}" ("{{description}}") only rewords its name.',
  },
  hints: {
    missing: 'Add a description saying what the tool does, what it returns and when to use it.',
    tooShort: 'Say what the tool does, what it returns and when to use it.',
    tooLong: 'Move detail into param descriptions or docs and keep the description under {{max}} characters.',
    overCeiling: 'Move the text into docs; a description is read by the model on every tools/list.',
    rewordsName: 'Say what the tool does beyond its name: its effect, its result, when to use it.',
  },
  warnOnly: ['tooShort', 'tooLong', 'rewordsName'],
  run({ analysis, limits, report }) {
    for (const tool of analysis.tools) {
      const at = { file: tool.file, line: tool.line, column: tool.column };
      const description = tool.description.trim();
      const name = tool.name;
      if (description === '') {
        report({ ...at, messageId: 'missing', data: { name } });
        continue;
      }
      const length = codePoints(description);
      if (length < limits.descriptionMin) report({ ...at, messageId: 'tooShort', data: { name, length, min: limits.descriptionMin } });
      else if (onlyRewordsName(description, name)) report({ ...at, messageId: 'rewordsName', data: { name, description } });
      const bytes = utf8Length(description);
      if (bytes > MAX_DESCRIPTION_BYTES) report({ ...at, messageId: 'overCeiling', data: { name, bytes, ceiling: MAX_DESCRIPTION_BYTES } });
      else if (length > limits.descriptionMax) report({ ...at, messageId: 'tooLong', data: { name, length, max: limits.descriptionMax } });
    }
  },
});
