/** The `param-description` check: params have a useful description. */

import { defineCheck } from '../define-check.js';
import { paramPlace } from '../param-place.js';
import { onlyRewordsName } from '../words.js';
import { PLACEHOLDER_TEXT, restatedFact, type RestatedFact } from '../schema-text.js';

/** Where the input schema keeps what a description restates. */
const KEPT_IN: Record<RestatedFact, string> = { 'a range': 'min/max', 'a choice list': 'enum', 'true/false': 'the boolean type' };

/**
 * Every param has a non-empty description that says more than the param's name, more than a
 * range or a choice list the schema holds, and is not a TODO placeholder.
 */
export default defineCheck({
  id: 'param-description',
  title: 'Params have a useful description',
  scope: 'tool',
  severity: 'error',
  docs: {
    summary:
      "A model fills in arguments from the param descriptions. Every param needs one (a missing or empty description is an error), and it should say more than the param's name: the unit, the format, what it refers to. A description that only repeats the name, only restates a range (`100-900`, `1 to 10`), a choice list (`a|b|c`, `one of a, b, c`) or `true/false`, which the schema already holds as min/max, an enum or the type, or is a placeholder (`TODO: ...`, as scaffold writes for a short form that was only a type hint) is a warning.",
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
    restatesSchema:
      'The description of param "{{param}}" of tool "{{tool}}" ("{{description}}") only restates {{fact}}, which the schema already says ({{keptIn}}).',
    placeholder: 'The description of param "{{param}}" of tool "{{tool}}" is a placeholder ("{{description}}").',
  },
  hints: {
    missing: 'Describe the value: its unit, format or what it refers to.',
    rewordsName: 'Describe the value: its unit, format or what it refers to.',
    restatesSchema: 'Say what the value means (its unit, what it refers to); the schema keeps {{fact}}.',
    placeholder: 'Replace it with what the value means: its unit, format or what it refers to.',
  },
  warnOnly: ['rewordsName', 'restatesSchema', 'placeholder'],
  manual: {
    missing: 'no automatic fix: only a person knows what the value means',
    rewordsName: 'no automatic fix: only a person knows what the value means',
    restatesSchema: 'no automatic fix: only a person knows what the value means',
    placeholder: 'no automatic fix: only a person knows what the value means',
  },
  run({ analysis, report }) {
    for (const tool of analysis.tools) {
      for (const [param, def] of Object.entries(tool.params)) {
        const description = typeof def?.description === 'string' ? def.description.trim() : '';
        const data = { tool: tool.name, param, description };
        const at = () => paramPlace(analysis, tool, param);
        if (description === '') {
          report({ ...at(), messageId: 'missing', data: { tool: tool.name, param } });
          continue;
        }
        if (PLACEHOLDER_TEXT.test(description)) {
          report({ ...at(), messageId: 'placeholder', data });
          continue;
        }
        const fact = restatedFact(description);
        if (fact) report({ ...at(), messageId: 'restatesSchema', data: { ...data, fact, keptIn: KEPT_IN[fact] } });
        else if (onlyRewordsName(description, param)) report({ ...at(), messageId: 'rewordsName', data });
      }
    }
  },
});
