/** A zod input's JSON Schema in Gemini's OpenAPI-subset Schema: what the gemini format writes for it, and what it cannot take. */
import { withDefault } from '../core/strict-schema.js';
import { isRecordSchema } from '../core/zod-input.js';
import { isPlainObject } from '../util/is-plain-object.js';
import type { FormatWarning } from './formats/types.js';

type Json = Record<string, unknown>;

/**
 * The keywords of Gemini's `Schema` ("a select subset of an OpenAPI 3.0 schema object"; the
 * Google Gen AI SDK's `Schema` interface, googleapis.github.io/js-genai, types.Schema, lists
 * `anyOf`, `default`, `example`, `propertyOrdering` and `title` besides these) that the gemini
 * format writes: `type`, `format`, `description`,
 * `nullable`, `enum` (strings only), `items`, `properties`, `required`, `minItems`, `maxItems`,
 * `minProperties`, `maxProperties`, `minLength`, `maxLength`, `pattern`, `minimum`, `maximum`.
 * It has no `additionalProperties` (an object lists its properties), no exclusive bounds and
 * no `const`; `default` is moved into the description, as for flat params.
 */
export const GEMINI_KEYWORDS: ReadonlySet<string> = new Set(
  'type format description nullable enum items properties required minItems maxItems minProperties maxProperties minLength maxLength pattern minimum maximum'.split(
    ' ',
  ),
);

const RECORD_PROBLEM =
  "is a record (z.record: any key, each value checked), but Gemini's Schema has no additionalProperties, so it cannot say what the keys hold; " +
  'use an array of { key, value } objects';

/**
 * `schema` (a zod input's portable JSON Schema) in Gemini's Schema: each object keeps its
 * `properties` and `required` and loses `additionalProperties: false` (Gemini has no such
 * keyword; an object lists what it takes), `default` moves into the description, a numeric enum
 * becomes a string enum, a `const` a one-member enum, and any other keyword outside
 * {@link GEMINI_KEYWORDS} is left out; each change is a warning at its path (`input.size.h.default`).
 * `problems` names what Gemini cannot take at all: a record (`z.record`).
 */
export function geminiSchemaOf(
  schema: Json,
  tool: string,
): { schema: Json; warnings: FormatWarning[]; problems: { path: string; problem: string }[] } {
  const warnings: FormatWarning[] = [];
  const problems: { path: string; problem: string }[] = [];
  const warn = (field: string, message: string) => warnings.push({ tool, field, message });
  const node = (s: Json, path: string): Json => {
    if (isRecordSchema(s)) problems.push({ path, problem: RECORD_PROBLEM });
    const out: Json = {};
    for (const [k, v] of Object.entries(s)) {
      if (k === 'properties' && isPlainObject(v))
        out[k] = Object.fromEntries(Object.entries(v).map(([n, p]) => [n, isPlainObject(p) ? node(p, `${path}.${n}`) : p]));
      else if (k === 'items' && isPlainObject(v)) out[k] = node(v, `${path}[]`);
      else if (k === 'const') {
        out.enum = [String(v)];
        if (typeof v !== 'string') warn(`${path}.const`, `const ${JSON.stringify(v)} turned into a string enum (Gemini has no const)`);
      } else if (k === 'default') {
        out.description = withDefault(typeof s.description === 'string' ? s.description : undefined, v);
        warn(`${path}.default`, `default ${JSON.stringify(v)} moved into the description (Gemini's Schema has no default)`);
      } else if (k === 'additionalProperties' || (k === 'propertyNames' && isRecordSchema(s))) continue;
      else if (GEMINI_KEYWORDS.has(k)) out[k] = out[k] ?? v;
      else warn(`${path}.${k}`, `${k} ${JSON.stringify(v)} dropped (Gemini's Schema has no ${k}; the tool still checks it)`);
    }
    if (Array.isArray(out.enum) && out.enum.some((m) => typeof m !== 'string')) {
      const members = out.enum as unknown[];
      warn(
        `${path}.enum`,
        `enum [${members.join(', ')}] turned into a string enum (Gemini accepts enums of strings only); the model will send strings such as "${String(members[0])}"`,
      );
      out.enum = members.map(String);
      out.type = 'string';
      delete out.minimum;
      delete out.maximum;
    }
    return out;
  };
  return { schema: node(schema, 'input'), warnings, problems };
}
