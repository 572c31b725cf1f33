/** OpenAI strict mode: the one strict form of an input schema, sent by the AI adapter and written by `export --format openai --strict`. */
import type { InputSchema, PropertySchema } from './input-schema.js';
import { ToolDefinitionError } from './errors.js';
import { isRecordSchema } from './zod-input.js';
import { isPlainObject } from '../util/is-plain-object.js';

type Json = Record<string, unknown>;

/** A property in strict mode: no `default`; an optional one nullable (`type: [t, 'null']`, `null` in its `enum`). */
export type StrictPropertySchema = Omit<PropertySchema, 'type' | 'enum' | 'default'> & {
  type: PropertySchema['type'] | [PropertySchema['type'], 'null'] | 'object' | ['object', 'null'];
  enum?: (string | number | null)[];
  [keyword: string]: unknown;
};

/** An input schema in strict mode (see {@link toStrictInputSchema}). */
export type StrictInputSchema = {
  type: 'object';
  properties: Record<string, StrictPropertySchema>;
  required?: string[];
  additionalProperties: false;
};

/** What keeps a schema from strict mode: `path` is `input` or a path under it (`input.meta`), `problem` says why. */
export interface StrictSchemaProblem {
  path: string;
  problem: string;
}

/**
 * The keywords OpenAI strict mode takes, by its Structured Outputs "Supported schemas" list
 * (platform.openai.com/docs/guides/structured-outputs#supported-schemas): the types with
 * `properties`, `required`, `additionalProperties` (always `false`), `items`, `enum`, `const`,
 * `anyOf`, `description`; for strings `pattern` and `format`; for numbers `multipleOf`,
 * `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`; for arrays `minItems`, `maxItems`.
 * Any other keyword (`propertyNames`, `minLength`, `maxLength`, `uniqueItems`, `minProperties`,
 * ...) is left out of the strict form; the tool's own validator still applies it at run time.
 */
export const OPENAI_STRICT_KEYWORDS: ReadonlySet<string> = new Set(
  'type properties required additionalProperties items enum const anyOf description pattern format multipleOf minimum maximum exclusiveMinimum exclusiveMaximum minItems maxItems'.split(
    ' ',
  ),
);

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

const RECORD_PROBLEM =
  'is a record (z.record: any key, each value checked), but OpenAI strict mode requires additionalProperties: false on every object, ' +
  'so the model could send no key; use an array of { key, value } objects, or leave strict mode off for this tool';

function strictNode(s: Json, optional: boolean, path: string, problems: StrictSchemaProblem[], dropped: string[] = []): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === 'default') continue;
    if (!OPENAI_STRICT_KEYWORDS.has(k)) {
      // a record's propertyNames goes with the record, which is refused on its own
      if (!(k === 'propertyNames' && isRecordSchema(s))) dropped.push(`${path}.${k}`);
      continue;
    }
    if (k === 'properties' && isPlainObject(v)) {
      const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
      out[k] = Object.fromEntries(
        Object.entries(v).map(([n, p]) => [n, isPlainObject(p) ? strictNode(p, !required.has(n), `${path}.${n}`, problems, dropped) : p]),
      );
    } else if (k === 'items' && isPlainObject(v)) out[k] = strictNode(v, false, `${path}[]`, problems, dropped);
    else if (k === 'anyOf' && Array.isArray(v))
      out[k] = v.map((m, i) => (isPlainObject(m) ? strictNode(m, false, `${path}|${i}`, problems, dropped) : m));
    else if (k !== 'required' && k !== 'additionalProperties') out[k] = v;
  }
  if (s.default !== undefined) out.description = withDefault(typeof s.description === 'string' ? s.description : undefined, s.default);
  if (s.type === 'object') {
    if (isRecordSchema(s)) problems.push({ path, problem: RECORD_PROBLEM });
    const names = Object.keys(isPlainObject(out.properties) ? out.properties : {});
    if (!isPlainObject(out.properties)) out.properties = {};
    if (names.length > 0) out.required = names;
    out.additionalProperties = false;
  }
  if (optional) {
    if (typeof out.type === 'string') {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
    } else if (Array.isArray(out.anyOf)) out.anyOf = [...(out.anyOf as unknown[]), { type: 'null' }];
    else if (!(Array.isArray(out.type) && out.type.includes('null')))
      problems.push({ path, problem: 'is optional but has no single type to make nullable, which OpenAI strict mode requires' });
  }
  return out;
}

/**
 * The strict form of an input schema and what keeps it from strict mode (see
 * {@link toStrictInputSchema} for the rules). `problems` is empty when the schema fits;
 * `dropped` names each keyword left out as strict mode does not take it (`input.name.minLength`).
 */
export function strictSchemaOf(schema: InputSchema | Json): {
  schema: StrictInputSchema;
  problems: StrictSchemaProblem[];
  dropped: string[];
} {
  const problems: StrictSchemaProblem[] = [];
  const dropped: string[] = [];
  const out = strictNode(schema as Json, false, 'input', problems, dropped) as StrictInputSchema;
  return { schema: out, problems, dropped };
}

/**
 * The strict-mode form of an input schema, by OpenAI's Structured Outputs rules for function
 * calling (platform.openai.com/docs/guides/function-calling, "strict mode"), at every level of a
 * nested schema: every property of every object listed in `required` (left out when there is
 * none), `additionalProperties: false` on every object, each optional property made nullable
 * (`type: [t, 'null']`, and `null` added to its `enum`) so the model sends `null` for "omitted",
 * any `default` moved into the description ({@link withDefault}), since strict mode does not
 * accept `default`, and keywords strict mode does not take left out ({@link OPENAI_STRICT_KEYWORDS}).
 * The argument validator reads `null` as omitted (in nested objects too), so the default still
 * applies at run time.
 *
 * Derived from the `toInputSchema` output (or a tool's own portable `inputSchema`), never built
 * apart from it; property order is kept, so the same input gives the same bytes. The AI adapter
 * (`toolsToAI(..., { strict: true })`) and `export --format openai --strict` both call this, and a
 * test holds that the two are equal.
 *
 * @throws {ToolDefinitionError} (naming `tool`, default `<unnamed>`) when the schema cannot be
 *   strict: a record (`z.record`), whose free-form keys strict mode forbids, or an optional value
 *   with no single type. Never a schema that silently forbids what the tool accepts.
 */
export function toStrictInputSchema(schema: InputSchema | Json, tool = '<unnamed>'): StrictInputSchema {
  const { schema: out, problems } = strictSchemaOf(schema);
  const first = problems[0];
  if (first) throw new ToolDefinitionError(tool, first.path, first.problem);
  return out;
}
