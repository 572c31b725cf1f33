/** The `param-description` check: params have a useful description. */

import { defineCheck } from '../define-check.js';
import { paramPlace } from '../param-place.js';
import { onlyRewordsName } from '../words.js';

/** Every param has a non-empty description that says more than the param's name. */
export default defineCheck({
  id: 'param-description',
  title: 'Params have a useful description',
  scope: 'tool',
  severity: 'error',
  docs: {
    summary:
      "A model fills in arguments from the param descriptions. Every param needs one (a missing or empty description is an error), and it should say more than the param's name: the unit, the format, what it refers to (a description that only repeats the name is a warning).",
    failing: `import { defineTool } from 'agent-tools';
export const setFont = defineTool({
  name: 'set_font', description: 'Sets the font family of a text node.', mutates: true,
  params: { family: { type: 'string', description: 'Family' } },
  execute: () => ({}),
});`,
    passing: `import { defineTool } from 'agent-tools';
export const setFont = defineTool({
  name: 'set_font', description: 'Sets the font family of a text node.', mutates: true,
  params: { family: { type: 'string', description: 'CSS font family, e.g. "Inter"' } },
  execute: () => ({}),
});`,
  },
  messages: {
    missing: 'Param "{{param}}" of tool "{{tool}}" has no description.',
    rewordsName: 'The description of param "{{param}}" of tool "{{tool}}" ("{{description}}") only repeats its name.',
  },
  hints: {
    missing: 'Describe the value: its unit, format or what it refers to.',
    rewordsName: 'Describe the value: its unit, format or what it refers to.',
  },
  warnOnly: ['rewordsName'],
  manual: {
    missing: 'no automatic fix: only a person knows what the value means',
    rewordsName: 'no automatic fix: only a person knows what the value means',
  },
  run({ analysis, report }) {
    for (const tool of analysis.tools) {
      for (const [param, def] of Object.entries(tool.params)) {
        const description = typeof def?.description === 'string' ? def.description.trim() : '';
        const at = description === '' || onlyRewordsName(description, param) ? paramPlace(analysis, tool, param) : undefined;
        if (description === '') report({ ...at!, messageId: 'missing', data: { tool: tool.name, param } });
        else if (at) report({ ...at, messageId: 'rewordsName', data: { tool: tool.name, param, description } });
      }
    }
  },
});
