/** OpenAI strict mode: the one strict form of an input schema, sent by the AI adapter and written by `export --format openai --strict`. */
import type { InputSchema, PropertySchema } from './input-schema.js';

/** A property in strict mode: no `default`; an optional one nullable (`type: [t, 'null']`, `null` in its `enum`). */
export type StrictPropertySchema = Omit<PropertySchema, 'type' | 'enum' | 'default'> & {
  type: PropertySchema['type'] | [PropertySchema['type'], 'null'];
  enum?: (string | number | null)[];
};

/** An input schema in strict mode (see {@link toStrictInputSchema}). */
export type StrictInputSchema = {
  type: 'object';
  properties: Record<string, StrictPropertySchema>;
  required?: string[];
  additionalProperties: false;
};

/**
 * `description` with the default value appended ("Font size in px. Default: 12."), for targets
 * that do not accept `default` (OpenAI strict mode, Gemini's Schema); just "Default: 12." when
 * there is no description. The value is written as JSON.
 */
export function withDefault(description: string | undefined, value: unknown): string {
  if (description === undefined || description.trim() === '') return `Default: ${JSON.stringify(value)}.`;
  const sep = /[.!?。！？]$/.test(description.trimEnd()) ? ' ' : '. ';
  return `${description.trimEnd()}${sep}Default: ${JSON.stringify(value)}.`;
}

function strictProperty(p: PropertySchema, optional: boolean): StrictPropertySchema {
  const { default: dflt, ...rest } = p;
  const out: StrictPropertySchema = { ...rest, ...(dflt !== undefined ? { description: withDefault(p.description, dflt) } : {}) };
  if (optional) {
    out.type = [p.type, 'null'];
    if (p.enum) out.enum = [...p.enum, null];
  }
  return out;
}

/**
 * The strict-mode form of an input schema, by OpenAI's Structured Outputs rules for function
 * calling (platform.openai.com/docs/guides/function-calling, "strict mode"): every property listed
 * in `required` (left out when there is none), `additionalProperties: false`, each optional
 * property made nullable (`type: [t, 'null']`, and `null` added to its `enum`) so the model sends
 * `null` for "omitted", and any `default` moved into the description ({@link withDefault}),
 * since strict mode does not accept `default`. The adapters treat `null` as omitted, so the
 * default still applies at run time.
 *
 * Derived from the `toInputSchema` output (or a tool's own portable `inputSchema`), never built
 * apart from it; property order is kept, so the same input gives the same bytes. The AI adapter
 * (`toolsToAI(..., { strict: true })`) and `export --format openai --strict` both call this, and a
 * test holds that the two are equal.
 */
export function toStrictInputSchema(schema: InputSchema): StrictInputSchema {
  const required = new Set(schema.required ?? []);
  const names = Object.keys(schema.properties);
  const properties = Object.fromEntries(names.map((n) => [n, strictProperty(schema.properties[n]!, !required.has(n))]));
  return { type: 'object', properties, ...(names.length > 0 ? { required: names } : {}), additionalProperties: false };
}
