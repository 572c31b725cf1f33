/** The `openai` export format: Chat Completions function tools, optionally in strict mode. */
import { toInputSchema } from '../../core/input-schema.js';
import { toStrictInputSchema } from '../../core/strict-schema.js';
import { defineFormat } from './define-format.js';
import { inputSchemaOf, jsonText } from './types.js';

/**
 * `openai`: Chat Completions function tools, `[{ type: 'function', function: { name,
 * description, parameters } }]` (for the Responses API, lift the `function` fields one level
 * up). `parameters` is the `toInputSchema` output, with `strict: false` said explicitly (the
 * Responses API would otherwise assume strict mode).
 *
 * With `strict: true`, OpenAI's strict mode (Structured Outputs rules): `strict: true`,
 * `additionalProperties: false`, every property listed in `required`, each optional one made
 * nullable (`type: [t, 'null']`, and `null` added to its `enum`) so the model sends `null`
 * for "omitted", and any `default` moved into the description (strict mode does not accept
 * `default`). The adapters treat `null` as omitted, so defaults still apply. The strict form is
 * `toStrictInputSchema`, the same function the AI adapter sends with `strict: true`.
 */
export default defineFormat({
  name: 'openai',
  summary: 'OpenAI function tools (Chat Completions); --strict for strict mode',
  extension: 'json',
  options: { strict: { description: 'strict mode (every property required, optional ones nullable)' } },
  schemaAsIs: (options) => options.strict !== true,
  render: (tools, options) => ({
    text: jsonText(
      tools.map((t) => {
        if (!options.strict)
          return { type: 'function', function: { name: t.name, description: t.description, parameters: inputSchemaOf(t), strict: false } };
        const parameters = toStrictInputSchema(toInputSchema(t.params));
        return { type: 'function', function: { name: t.name, description: t.description, parameters, strict: true } };
      }),
    ),
    warnings: [],
  }),
});
