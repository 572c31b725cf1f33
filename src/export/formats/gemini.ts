/** The `gemini` export format: a Gemini API Tool, its schemas cut to Gemini's OpenAPI subset. */
import { toInputSchema, type PropertySchema } from '../../core/input-schema.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { defineFormat } from './define-format.js';
import { withDefault } from '../../core/strict-schema.js';
import { type FormatWarning, isNamed, jsonOf, jsonText } from './types.js';
import { geminiSchemaOf } from '../gemini-schema.js';

type GeminiProperty = Omit<PropertySchema, 'default' | 'enum' | 'type'> & { type: PropertySchema['type']; enum?: string[] };

function geminiProperty(tool: string, name: string, p: PropertySchema, warnings: FormatWarning[]): GeminiProperty {
  const { default: dflt, enum: members, ...rest } = p;
  const out: GeminiProperty = { ...rest };
  const field = `params.${name}`;
  if (dflt !== undefined) {
    out.description = withDefault(p.description, dflt);
    warnings.push({
      tool,
      field: `${field}.default`,
      message: `default ${JSON.stringify(dflt)} moved into the description (Gemini's Schema has no default)`,
    });
  }
  // a number param's enum, whole numbers (type integer) or not: every member must become a string, and so the type
  if (members && members.some((m) => typeof m !== 'string')) {
    out.type = 'string';
    out.enum = members.map(String);
    delete out.minimum;
    delete out.maximum;
    warnings.push({
      tool,
      field: `${field}.enum`,
      message: `numeric enum [${members.join(', ')}] turned into a string enum (Gemini accepts enums of strings only); the model will send strings such as "${String(members[0])}"`,
    });
  } else if (members) out.enum = members.map(String);
  return out;
}

/**
 * `gemini`: a Gemini API `Tool`, `{ functionDeclarations: [{ name, description, parameters }] }`,
 * whose `parameters` use only keywords of Gemini's OpenAPI-subset Schema: never
 * `additionalProperties` or `$schema`; `default` moved into the description; a numeric enum (also of
 * an `integer` param) turned into a string enum with `type: 'string'` (and its bounds dropped); a tool without
 * params gets no `parameters` (Gemini rejects an object schema with no properties). Each
 * change is a warning. A `defineTool` with a nested zod input is written from its JSON Schema by
 * `geminiSchemaOf` (nested objects kept; a `z.record` left out with a diagnostic, as Gemini's
 * Schema has no `additionalProperties`).
 */
export default defineFormat({
  name: 'gemini',
  summary: "a Gemini API Tool in Gemini's Schema subset (string enums, defaults in descriptions)",
  extension: 'json',
  recognise: (text) => {
    const v = jsonOf(text);
    return isPlainObject(v) && Object.keys(v).join() === 'functionDeclarations' && Array.isArray(v.functionDeclarations);
  },
  toolNames: (text) =>
    ((jsonOf(text) as { functionDeclarations: unknown[] }).functionDeclarations ?? []).flatMap((t) => (isNamed(t) ? [t.name] : [])),
  schemaAsIs: false,
  schemaProblems: (schema) => geminiSchemaOf(schema, '').problems,
  render: (tools) => {
    const warnings: FormatWarning[] = [];
    const functionDeclarations = tools.map((t) => {
      if (t.inputSchema && !t.form) {
        // a defineTool's nested zod input: its own JSON Schema in Gemini's subset, nested objects and all
        const g = geminiSchemaOf(t.inputSchema, t.name);
        warnings.push(...g.warnings);
        return { name: t.name, description: t.description, parameters: g.schema };
      }
      const schema = toInputSchema(t.params);
      const names = Object.keys(schema.properties);
      if (names.length === 0) {
        warnings.push({
          tool: t.name,
          field: 'params',
          message: 'has no params, so `parameters` is left out (Gemini rejects an object schema without properties)',
        });
        return { name: t.name, description: t.description };
      }
      const properties = Object.fromEntries(names.map((n) => [n, geminiProperty(t.name, n, schema.properties[n]!, warnings)]));
      return {
        name: t.name,
        description: t.description,
        parameters: { type: 'object', properties, ...(schema.required ? { required: schema.required } : {}) },
      };
    });
    return { text: jsonText({ functionDeclarations }), warnings };
  },
});
