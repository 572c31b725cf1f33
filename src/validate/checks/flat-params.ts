/** The `flat-params` check: params are flat and well-formed. */

import { definitionProblems, paramProblems } from '../../core/definition-problems.js';
import { defineCheck } from '../define-check.js';
import { paramPlace } from '../param-place.js';

/**
 * Params follow the schema layer's rules, the very ones `defineTool` enforces at runtime
 * (`definitionProblems` from `src/core/definition-problems.ts`): the five types only, no
 * nested schema, valid names, enums and defaults that fit, `min <= max`, a string's `pattern`
 * that compiles, no `required`
 * with `default`. Numeric enums get a portability warning: Gemini's function declarations
 * accept only string enums. A zod input or another library's tool that is not flat gets a warning
 * (`notFlat`): it runs, and its schema is sent as it is.
 */
export default defineCheck({
  id: 'flat-params',
  title: 'Params are flat and well-formed',
  scope: 'tool',
  severity: 'error',
  docs: {
    summary:
      "Params are flat so that every provider and every command line can express them: types are only `string`, `number`, `boolean`, `color` and `string[]` (no `object`, `any` or nested schema); names match `^[A-Za-z_][A-Za-z0-9_]{0,63}$` and are not `__proto__` (JavaScript takes it for the prototype; `constructor`, `toString` and the like work); enums are non-empty and match the type; a `default` lies inside the enum, range, length and pattern; `min <= max` (a string's are lengths in code points, whole numbers >= 0); a string's `pattern` compiles as a regular expression with the `u` flag; `required: true` together with a `default` is a contradiction; a param has no keys but `type`, `description`, `required`, `default`, `enum`, `min`, `max`, `pattern` and `integer` (a misspelt `requird` would otherwise leave the param optional without a word). These are the rules `defineTool` enforces when the module loads; validate finds them all without running it. A numeric enum gets a warning: Gemini accepts only string enums. A zod input or another library's tool that is not flat (a nested object, a nullable) gets a warning: it runs, and MCP clients, OpenAI strict and Gemini take its schema, but some clients misread it.",
    failing: `import { defineTool } from 'agent-tools';
export const setWeight = defineTool({
  name: 'set_weight', description: 'Sets the font weight of a text node.', mutates: true,
  params: { weight: { type: 'number', description: 'CSS font weight', required: true, default: 400 } },
  execute: () => ({}),
});`,
    passing: `import { defineTool } from 'agent-tools';
export const setWeight = defineTool({
  name: 'set_weight', description: 'Sets the font weight of a text node.', mutates: true,
  params: { weight: { type: 'number', description: 'CSS font weight', min: 100, max: 900, default: 400 } },
  execute: () => ({}),
});`,
  },
  messages: {
    problem: 'Tool "{{tool}}": {{field}}: {{problem}}.',
    numericEnum: 'Tool "{{tool}}": param "{{param}}" has a numeric enum ({{values}}); Gemini accepts only string enums.',
    notFlat: 'Tool "{{tool}}": param "{{param}}" is {{type}}, not a flat param ({{problem}}).',
  },
  hints: {
    problem: 'defineTool throws on this when the module loads; fix the param definition.',
    numericEnum: 'Consider min/max instead, or a string enum; `export --format gemini` converts it to strings.',
    notFlat:
      'Some MCP clients and providers reject or misread nested objects and anyOf; consider flat params (z.enum instead of a union of literals, .optional() instead of .nullable()).',
  },
  // a nested object or a nullable in a zod input or another library's tool runs, and MCP clients, OpenAI strict and Gemini
  // take it: flat params are a portability advice there, not a fault
  warnOnly: ['numericEnum', 'notFlat'],
  run({ analysis, report }) {
    for (const tool of analysis.tools) {
      const at = { file: tool.file, line: tool.line, column: tool.column };
      if (tool.form || tool.inputSchema) {
        // a tool of another library, or a zod input that is not flat: its params are a view of its schema
        for (const [param, def] of Object.entries(tool.params)) {
          const first = paramProblems(`params.${param}`, { ...def, description: def.description || '-' })[0];
          const problem = first?.field.endsWith('.type')
            ? 'flat params are strings, numbers, booleans and arrays of strings'
            : first?.problem.replace(/;.*$/, '');
          if (first)
            report({
              ...paramPlace(analysis, tool, param),
              messageId: 'notFlat',
              data: { tool: tool.name, param, type: String(def.type), problem: problem! },
            });
        }
        continue;
      }
      // a missing or empty description is param-description's finding, not a second one here
      const described = Object.fromEntries(
        Object.entries(tool.params).map(([n, d]) => [
          n,
          d && typeof d === 'object' && (d.description === undefined || d.description === '') ? { ...d, description: '-' } : d,
        ]),
      );
      for (const p of definitionProblems({ name: 'x', description: 'x', params: described })) {
        const param = /^params\.([^.]+)/.exec(p.field)?.[1];
        report({
          ...(param !== undefined && param in tool.params ? paramPlace(analysis, tool, param) : at),
          messageId: 'problem',
          data: { tool: tool.name, field: p.field, problem: p.problem.replace(/\.$/, '') },
        });
      }
      for (const [param, def] of Object.entries(tool.params)) {
        if (def?.type === 'number' && Array.isArray(def.enum) && def.enum.length > 0 && def.enum.every((v) => typeof v === 'number')) {
          report({
            ...paramPlace(analysis, tool, param),
            messageId: 'numericEnum',
            data: { tool: tool.name, param, values: def.enum.join(', ') },
          });
        }
      }
    }
  },
});
