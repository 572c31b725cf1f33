/** The `openai` export format: Chat Completions function tools, optionally in strict mode. */
import { toInputSchema, type PropertySchema } from '../../core/input-schema.js';
import { defineFormat } from './define-format.js';
import { inputSchemaOf, jsonText, withDefault } from './types.js';

type StrictProperty = Omit<PropertySchema, 'type' | 'enum' | 'default'> & {
  type: string | [string, 'null'];
  enum?: (string | number | null)[];
};

function strictProperty(p: PropertySchema, optional: boolean): StrictProperty {
  const { default: dflt, ...rest } = p;
  const out: StrictProperty = { ...rest, ...(dflt !== undefined ? { description: withDefault(p.description, dflt) } : {}) };
  if (optional) {
    out.type = [p.type, 'null'];
    if (p.enum) out.enum = [...p.enum, null];
  }
  return out;
}

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
 * `default`). The adapters treat `null` as omitted, so defaults still apply.
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
        const schema = toInputSchema(t.params);
        const required = new Set(schema.required ?? []);
        const names = Object.keys(schema.properties);
        const properties = Object.fromEntries(names.map((n) => [n, strictProperty(schema.properties[n]!, !required.has(n))]));
        const parameters = { type: 'object', properties, ...(names.length > 0 ? { required: names } : {}), additionalProperties: false };
        return { type: 'function', function: { name: t.name, description: t.description, parameters, strict: true } };
      }),
    ),
    warnings: [],
  }),
});
