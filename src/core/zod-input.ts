/** A zod `input` on a tool: what flat params it amounts to, and its portable input schema when it is not flat. */

import { z } from 'zod';
import { COLOR_PATTERN, type ParamDef, type ParamsDef } from './param.js';
import { zodJsonSchema } from './zod-json-schema.js';
import { integerBounds } from './integer-bounds.js';
import { isPlainObject } from '../util/is-plain-object.js';

type Json = Record<string, unknown>;

/**
 * Whether `v` is a zod object schema (`z.object({...})`), by its definition rather than
 * `instanceof`, so a schema built with the user's own copy of zod counts too: zod 4 (`_zod.def`
 * of type `object`) or zod 3 (`_def.typeName` `ZodObject`).
 */
export function isZodObject(v: unknown): v is z.ZodObject {
  if (!isPlainObject(v)) return false;
  if (isPlainObject(v._zod) && isPlainObject((v._zod as Json).def)) return ((v._zod as Json).def as Json).type === 'object';
  return isPlainObject(v._def) && (v._def as Json).typeName === 'ZodObject';
}

/**
 * What a zod `input` amounts to, read from zod's own JSON Schema of it (draft-07, input mode,
 * written by the zod copy that built it; see {@link zodJsonSchema}: zod 3 and every zod 4 minor):
 * - `params`: the properties our five param types express, as {@link ParamDef}s (see below);
 * - `notFlat`: the names of the others (objects, arrays of non-strings, nullable or union values);
 * - `schema`: for an input with such properties, its portable JSON Schema: zod's, without
 *   `$schema` and `format`, every object closed with `additionalProperties: false` but a record,
 *   which keeps its value schema there (see {@link portable}).
 *
 * Mapping: `z.string()` → string (`z.enum`/`z.literal` → its `enum`; a `regex` equal to the
 * color pattern → color); `z.number()` → number with `min`/`max` from inclusive bounds;
 * `.int()`/`z.int()` → number with `integer: true` (JSON Schema `integer`), its exclusive bounds
 * made inclusive and zod's implied safe-integer range left out; `z.boolean()` → boolean; `z.array(z.string())` → string[] (item enum,
 * `min`/`max`
 * item counts); `.describe(...)` → description; `.default(v)` → default; not `.optional()`
 * and no default → `required: true`. A string's `.min()`/`.max()`/`.length()` (`minLength`/`maxLength`)
 * become its `min`/`max` and one `.regex()` (`pattern`) its `pattern`, so clients see them. A pattern
 * is left out when it cannot be carried faithfully: zod writes a regex's source without its flags
 * (`/^a/i` as `^a`), so a regex with a flag other than `u` is left out, as is a pattern that does
 * not compile with the `u` flag, several patterns (zod writes `allOf`), and the pattern zod writes
 * for a format (`.email()`, `.uuid()`, `.startsWith()`: the `format` is dropped, see {@link portable}).
 * Checks the params cannot say (those patterns, formats, a non-integer's exclusive bounds) are not
 * in the schema; `parseArgs` applies every check through zod after the params' coercion, so they
 * hold all the same. zod counts a string's length in UTF-16 units and the params in code points,
 * so an argument must pass both counts.
 *
 * @throws zod's error when zod cannot write the schema as JSON Schema (e.g. `z.date()`).
 */
export function zodInputView(input: z.ZodObject): { params: ParamsDef; notFlat: string[]; schema?: Json } {
  const { $schema: _dialect, ...schema } = zodJsonSchema(input);
  const props = isPlainObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const params: Record<string, ParamDef> = {};
  const notFlat: string[] = [];
  const shape = shapeOf(input);
  for (const [name, raw] of Object.entries(props)) {
    const p = isPlainObject(raw) ? paramOf(raw, required.has(name), shape[name]) : undefined;
    if (p) params[name] = p;
    else notFlat.push(name);
  }
  return notFlat.length === 0 ? { params, notFlat } : { params, notFlat, schema: portable(schema) };
}

/** The shape of a zod 4 or zod 3 object, by its definition (any copy of zod). */
function shapeOf(o: unknown): Json {
  const def = isPlainObject(o) && isPlainObject(o._zod) ? ((o._zod as Json).def as Json) : isPlainObject(o) ? (o._def as Json) : {};
  const shape = typeof def.shape === 'function' ? (def.shape as () => unknown)() : def.shape;
  return isPlainObject(shape) ? shape : {};
}

/**
 * The regular expressions of a zod string's checks (`.regex()`, and a format's own pattern),
 * through `.optional()`, `.default()` and the like, for zod 4 (`_zod.def`) and zod 3 (`_def`):
 * zod's JSON Schema drops their flags, so the flags are read here.
 */
function regexesOf(node: unknown, depth = 0): RegExp[] {
  if (!isPlainObject(node) || depth > 8) return [];
  const def4 = isPlainObject(node._zod) ? ((node._zod as Json).def as Json | undefined) : undefined;
  if (isPlainObject(def4)) {
    const inner = def4.innerType ?? def4.in;
    if (inner) return regexesOf(inner, depth + 1);
    const checks = Array.isArray(def4.checks) ? (def4.checks as unknown[]) : [];
    const own = def4.pattern instanceof RegExp ? [def4.pattern] : [];
    const fromChecks = checks.flatMap((c) => {
      const cd = isPlainObject(c) && isPlainObject(c._zod) ? ((c._zod as Json).def as Json | undefined) : undefined;
      return cd && cd.pattern instanceof RegExp ? [cd.pattern] : [];
    });
    return [...own, ...fromChecks];
  }
  const def3 = isPlainObject(node._def) ? node._def : undefined;
  if (!def3) return [];
  const inner = def3.typeName === 'ZodBranded' ? def3.type : (def3.innerType ?? def3.schema ?? def3.in);
  if (inner) return regexesOf(inner, depth + 1);
  const checks = Array.isArray(def3.checks) ? (def3.checks as { regex?: unknown }[]) : [];
  return checks.flatMap((c) => (c.regex instanceof RegExp ? [c.regex] : []));
}

/**
 * A string's `pattern` that the params can carry as it is, or `undefined` (see {@link zodInputView}):
 * no `format` beside it, not the color pattern, compiling with the `u` flag, and no regex of the
 * field with a flag other than `u` (zod writes the source without flags).
 */
function carriedPattern(s: Json, node: unknown): string | undefined {
  if (typeof s.pattern !== 'string' || 'format' in s || s.pattern === COLOR_PATTERN) return undefined;
  if (regexesOf(node).some((re) => re.flags !== '' && re.flags !== 'u')) return undefined;
  try {
    new RegExp(s.pattern, 'u');
  } catch {
    return undefined;
  }
  return s.pattern;
}

function paramOf(s: Json, isRequired: boolean, node?: unknown): ParamDef | undefined {
  const description = typeof s.description === 'string' ? s.description : '';
  const base: { description: string; required?: boolean; default?: ParamDef['default'] } = { description };
  if (s.default !== undefined) base.default = s.default as ParamDef['default'];
  else if (isRequired) base.required = true;
  const bounds = (lo: unknown, hi: unknown) => ({
    ...(typeof lo === 'number' ? { min: lo } : {}),
    ...(typeof hi === 'number' ? { max: hi } : {}),
  });
  if (s.type === 'string') {
    if (s.pattern === COLOR_PATTERN) return { type: 'color', ...base };
    const members = Array.isArray(s.enum) ? (s.enum as string[]) : 'const' in s ? [s.const as string] : undefined;
    const pattern = carriedPattern(s, node);
    return {
      type: 'string',
      ...base,
      ...(members ? { enum: members } : {}),
      ...bounds(s.minLength, s.maxLength),
      ...(pattern !== undefined ? { pattern } : {}),
    };
  }
  if (s.type === 'number')
    return { type: 'number', ...base, ...(Array.isArray(s.enum) ? { enum: s.enum as number[] } : {}), ...bounds(s.minimum, s.maximum) };
  if (s.type === 'integer')
    return { type: 'number', ...base, integer: true, ...(Array.isArray(s.enum) ? { enum: s.enum as number[] } : {}), ...integerBounds(s) };
  if (s.type === 'boolean') return { type: 'boolean', ...base };
  if (s.type === 'array' && isPlainObject(s.items) && s.items.type === 'string') {
    return {
      type: 'string[]',
      ...base,
      ...(Array.isArray(s.items.enum) ? { enum: s.items.enum as string[] } : {}),
      ...bounds(s.minItems, s.maxItems),
    };
  }
  return undefined;
}

/** A problem with a zod `input`: `field` is `input` or a path under it (`input.box.w`). */
export interface ZodInputProblem {
  field: string;
  problem: string;
}

/**
 * What `defineTool` makes of a zod `input`: `params` (see {@link zodInputView}) and, for an
 * input with properties that are not flat, `inputSchema` (its portable JSON Schema, what every
 * adapter lists for the tool); or the problem that keeps it from being a tool's input: not a
 * `z.object`, not writable as JSON Schema, or not portable (see {@link unportableParts}: the first
 * such field is `field`, and the problem names every other one, so one run reports them all).
 */
export function fromZodInput(input: unknown): { params: ParamsDef; inputSchema?: Json } | ZodInputProblem {
  if (!isZodObject(input)) return { field: 'input', problem: 'expected a zod object schema, `z.object({ ... })`' };
  let view: ReturnType<typeof zodInputView>;
  try {
    view = zodInputView(input);
  } catch (e) {
    return { field: 'input', problem: `zod cannot write it as JSON Schema: ${e instanceof Error ? e.message : String(e)}` };
  }
  const [bad, ...more] = view.schema ? unportableParts(view.schema) : [];
  if (bad) {
    // every such field at once, so one run shows all that needs a change
    const also = more.length === 0 ? '' : `; so ${more.length === 1 ? 'is' : 'are'} ${more.map((m) => `${m.path} (${m.kind})`).join(', ')}`;
    return {
      field: bad.path,
      problem:
        `is a union, a nullable value or a reference (anyOf, a type array, $ref), which some clients and providers reject; ` +
        `use .optional(), z.enum or separate fields${also}`,
    };
  }
  return view.schema ? { params: view.params, inputSchema: view.schema } : { params: view.params };
}

/**
 * Every place in a zod `input`'s JSON Schema that no portable schema may hold, as a JSON path
 * under `input` (e.g. `input.owner`) and what it is: a union (`anyOf`, `oneOf`, `allOf`), a
 * nullable value (a type array such as `["string", "null"]`, or `anyOf` with `null`), a reference
 * (`$ref`), or an array without `items`; in document order, none inside another.
 * Source of the rule: the README's input schema rules (clients and providers that reject these).
 */
export function unportableParts(s: Json, path = 'input'): { path: string; kind: string }[] {
  const kind = unportableKind(s);
  if (kind) return [{ path, kind }];
  const out: { path: string; kind: string }[] = [];
  if (isPlainObject(s.items)) out.push(...unportableParts(s.items, `${path}[]`));
  if (isPlainObject(s.additionalProperties)) out.push(...unportableParts(s.additionalProperties, `${path}.*`));
  if (isPlainObject(s.properties))
    for (const [n, p] of Object.entries(s.properties)) if (isPlainObject(p)) out.push(...unportableParts(p, `${path}.${n}`));
  return out;
}

function unportableKind(s: Json): string | undefined {
  const members = (['anyOf', 'oneOf', 'allOf'] as const).map((k) => s[k]).find(Array.isArray) as unknown[] | undefined;
  if (members) return members.some((m) => isPlainObject(m) && m.type === 'null') ? 'nullable' : 'a union';
  if (Array.isArray(s.type)) return s.type.includes('null') ? 'nullable' : 'a type array';
  if ('$ref' in s) return 'a reference';
  if (s.type === 'array' && !isPlainObject(s.items)) return 'an array without items';
  return undefined;
}

/** Whether an object schema is a record (`z.record(k, v)`): its `additionalProperties` is the value schema, not `false`. */
export function isRecordSchema(s: Json): s is Json & { additionalProperties: Json } {
  return s.type === 'object' && isPlainObject(s.additionalProperties) && Object.keys(s.additionalProperties).length > 0;
}

/**
 * zod's JSON Schema made portable: no `$schema`/`format`, `items` kept on arrays, and every object
 * closed with `additionalProperties: false` except a record (`z.record(k, v)`), which keeps its value
 * schema as `additionalProperties` (made portable too) and its `propertyNames`, as `z.toJSONSchema`
 * writes it: closing it would forbid every key the tool accepts.
 */
export function portable(s: Json): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === '$schema' || k === 'format') continue;
    if (k === 'properties' && isPlainObject(v))
      out[k] = Object.fromEntries(Object.entries(v).map(([n, p]) => [n, isPlainObject(p) ? portable(p) : p]));
    else if ((k === 'items' || k === 'additionalProperties') && isPlainObject(v)) out[k] = portable(v);
    else if ((k === 'anyOf' || k === 'oneOf' || k === 'allOf') && Array.isArray(v))
      out[k] = v.map((m) => (isPlainObject(m) ? portable(m) : m));
    else out[k] = v;
  }
  if (out.type === 'object' && !isRecordSchema(s)) out.additionalProperties = false;
  if (out.type === 'integer' || out.type === 'number') inclusiveBounds(out);
  return out;
}

/**
 * Rewrites the numeric bounds of the number or integer schema `s` in place as a flat param writes them: only
 * `minimum`/`maximum`, never `exclusiveMinimum`/`exclusiveMaximum`, which some MCP clients and providers reject. An
 * integer's exclusive bounds move to the next whole number inside them and zod's implied safe-integer range is left out
 * (see {@link integerBounds}); a number's exclusive bounds are left out (`parseArgs` still applies them through zod).
 */
function inclusiveBounds(s: Json): void {
  const integer = s.type === 'integer' ? integerBounds(s) : undefined;
  // draft 4 writes an exclusive bound as `exclusiveMinimum: true` beside `minimum`: that bound is not inclusive either
  for (const [bound, exclusive] of [
    ['minimum', 'exclusiveMinimum'],
    ['maximum', 'exclusiveMaximum'],
  ] as const) {
    if (integer || s[exclusive] === true) delete s[bound];
    delete s[exclusive];
  }
  if (integer?.min !== undefined) s.minimum = integer.min;
  if (integer?.max !== undefined) s.maximum = integer.max;
}
