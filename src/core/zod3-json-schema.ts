/** The JSON Schema of a zod 3 schema, read from its definitions as zod 4's `z.toJSONSchema` would write it. */

import { isPlainObject } from '../util/is-plain-object.js';
type Json = Record<string, unknown>;
type Def = Json & { typeName: string; description?: string };

/** zod 3 string checks that are a JSON Schema `format` (the names zod 4 writes). */
const FORMATS: Record<string, string> = {
  email: 'email',
  url: 'uri',
  uuid: 'uuid',
  datetime: 'date-time',
  date: 'date',
  time: 'time',
  ip: 'ip',
};

function defOf(schema: unknown): Def {
  const def = isPlainObject(schema) ? schema._def : undefined;
  if (!isPlainObject(def) || typeof def.typeName !== 'string') throw new TypeError('not a zod 3 schema');
  return def as Def;
}

/** Whether a zod 3 schema accepts a missing value in input: optional, or with a default. */
function optionalInInput(def: Def): boolean {
  if (def.typeName === 'ZodOptional' || def.typeName === 'ZodDefault') return true;
  if (def.typeName === 'ZodNullable' || def.typeName === 'ZodReadonly' || def.typeName === 'ZodBranded')
    return optionalInInput(defOf(def.innerType ?? def.type));
  return false;
}

function convert(schema: unknown): Json {
  const def = defOf(schema);
  const out = body(def);
  return def.description !== undefined ? { ...out, description: def.description } : out;
}

function body(def: Def): Json {
  const checks = (Array.isArray(def.checks) ? def.checks : []) as { kind: string; value?: unknown; inclusive?: boolean; regex?: RegExp }[];
  switch (def.typeName) {
    case 'ZodString': {
      const s: Json = { type: 'string' };
      const patterns: string[] = [];
      for (const c of checks) {
        if (c.kind === 'min') s.minLength = c.value;
        else if (c.kind === 'max') s.maxLength = c.value;
        else if (c.kind === 'length') [s.minLength, s.maxLength] = [c.value, c.value];
        else if (c.kind === 'regex' && c.regex) patterns.push(c.regex.source);
        else if (FORMATS[c.kind]) s.format = FORMATS[c.kind];
      }
      // as zod 4 writes them: one pattern as `pattern`, several (every one must match) as `allOf`
      if (patterns.length === 1) s.pattern = patterns[0];
      else if (patterns.length > 1) s.allOf = patterns.map((pattern) => ({ type: 'string', pattern }));
      return s;
    }
    case 'ZodNumber': {
      const s: Json = { type: checks.some((c) => c.kind === 'int') ? 'integer' : 'number' };
      for (const c of checks) {
        if (c.kind === 'min') s[c.inclusive === false ? 'exclusiveMinimum' : 'minimum'] = c.value;
        else if (c.kind === 'max') s[c.inclusive === false ? 'exclusiveMaximum' : 'maximum'] = c.value;
        else if (c.kind === 'multipleOf') s.multipleOf = c.value;
      }
      return s;
    }
    case 'ZodBoolean':
      return { type: 'boolean' };
    case 'ZodNull':
      return { type: 'null' };
    case 'ZodAny':
    case 'ZodUnknown':
      return {};
    case 'ZodEnum':
      return { type: 'string', enum: def.values };
    case 'ZodNativeEnum': {
      const values = Object.entries(def.values as Json)
        .filter(([k]) => !/^\d+$/.test(k))
        .map(([, v]) => v);
      return { type: values.every((v) => typeof v === 'number') ? 'number' : 'string', enum: values };
    }
    case 'ZodLiteral':
      return { type: typeof def.value === 'number' ? 'number' : typeof def.value === 'boolean' ? 'boolean' : 'string', const: def.value };
    case 'ZodArray': {
      const s: Json = { type: 'array', items: convert(def.type) };
      const bound = (k: string) => (isPlainObject(def[k]) ? (def[k] as { value: number }).value : undefined);
      if (bound('minLength') !== undefined) s.minItems = bound('minLength');
      if (bound('maxLength') !== undefined) s.maxItems = bound('maxLength');
      if (bound('exactLength') !== undefined) [s.minItems, s.maxItems] = [bound('exactLength'), bound('exactLength')];
      return s;
    }
    case 'ZodObject': {
      const shape = (typeof def.shape === 'function' ? (def.shape as () => Json)() : def.shape) as Json;
      const properties: Json = {};
      const required: string[] = [];
      for (const [k, v] of Object.entries(shape)) {
        properties[k] = convert(v);
        if (!optionalInInput(defOf(v))) required.push(k);
      }
      return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
    }
    case 'ZodOptional':
    case 'ZodReadonly':
    case 'ZodCatch':
      return convert(def.innerType);
    case 'ZodBranded':
      return convert(def.type);
    case 'ZodEffects':
      return convert(def.schema);
    case 'ZodPipeline':
      return convert(def.in);
    case 'ZodDefault':
      return { ...convert(def.innerType), default: (def.defaultValue as () => unknown)() };
    case 'ZodNullable':
      return { anyOf: [convert(def.innerType), { type: 'null' }] };
    case 'ZodUnion':
    case 'ZodDiscriminatedUnion':
      return { anyOf: (def.options as unknown[]).map(convert) };
    case 'ZodTuple':
      return { type: 'array', items: (def.items as unknown[]).map(convert) };
    case 'ZodRecord':
      return { type: 'object', propertyNames: convert(def.keyType), additionalProperties: convert(def.valueType) };
    default:
      throw new Error(`zod 3's ${def.typeName} has no JSON Schema form here`);
  }
}

/**
 * The JSON Schema (draft-07, input mode) of a schema built with zod 3, read from its
 * definitions (`_def`) as zod 4's `z.toJSONSchema` would write the same schema, for the flat
 * params a tool's input becomes: strings with lengths, patterns and formats, numbers and
 * integers with bounds, booleans, enums, literals, arrays with item counts, optional,
 * nullable and defaulted values, nested objects, unions, tuples and records, each with its
 * `.describe()` text. A required property is one neither optional nor defaulted.
 *
 * @throws an Error naming the zod 3 type with no JSON Schema form here (e.g. `ZodDate`).
 */
export function zod3JsonSchema(schema: unknown): Json {
  return { $schema: 'http://json-schema.org/draft-07/schema#', ...convert(schema) };
}
