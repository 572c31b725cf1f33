/** JSON Schema values as the comparison reads them: equality, type sets, display. */
import { isPlainObject } from '../util/is-plain-object.js';

/** A JSON Schema object (anything else where a schema is expected is compared as a plain value). */
export type Schema = Record<string, unknown>;

/** `v` as JSON text with object keys sorted, so that key order never counts as a change. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isPlainObject(v))
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'undefined';
}

/** Deep equality of JSON values; object key order does not count, array order does. */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** A key for a value in a set of enum values (1 and "1" differ, key order of objects does not). */
export const valueKey = canonical;

const MAX_SHOWN = 60;

/** `v` as JSON for a message, cut to 60 code points with `…`; `none` for undefined. */
export function show(v: unknown): string {
  if (v === undefined) return 'none';
  const text = JSON.stringify(v);
  const points = [...text];
  return points.length > MAX_SHOWN ? `${points.slice(0, MAX_SHOWN - 1).join('')}…` : text;
}

/** Values as a message lists them: `"a", "b"`. */
export function showList(values: readonly unknown[]): string {
  return values.map(show).join(', ');
}

/** The JSON types a schema allows (from `type`, a string or an array), sorted; `undefined` when it does not say. */
export function typeSet(s: Schema): string[] | undefined {
  if (typeof s.type === 'string') return [s.type];
  if (Array.isArray(s.type) && s.type.every((t) => typeof t === 'string')) return [...new Set(s.type)].sort();
  return undefined;
}

/** A type set for a message: `number`, or `string | null`. */
export function showTypes(types: readonly string[]): string {
  return types.join(' | ');
}

const covers = (set: readonly string[], t: string) => set.includes(t) || (t === 'integer' && set.includes('number'));

/**
 * How type set `after` relates to `before`: `same`; `widened` when every value of a `before`
 * type is still allowed (`integer` is within `number`); `narrowed` when every `after` type was
 * allowed before; `changed` otherwise.
 */
export function typeRelation(before: readonly string[], after: readonly string[]): 'same' | 'widened' | 'narrowed' | 'changed' {
  const wider = before.every((t) => covers(after, t));
  const narrower = after.every((t) => covers(before, t));
  if (wider && narrower) return sameValue(before, after) ? 'same' : wider ? 'widened' : 'narrowed';
  return wider ? 'widened' : narrower ? 'narrowed' : 'changed';
}

const isTypeOnly = (s: unknown): s is { type: string | string[] } =>
  isPlainObject(s) && Object.keys(s).length === 1 && (typeof s.type === 'string' || Array.isArray(s.type));

/**
 * The same schema with a union of types written as a type list, so that two spellings of one
 * schema compare equal (zod versions and converters differ here):
 * - `anyOf`/`oneOf` whose branches each hold only `type` → `type: [...]`;
 * - `anyOf`/`oneOf` of one schema and `{ "type": "null" }` → that schema with `null` added to its type;
 * - OpenAPI's `nullable: true` → `null` added to `type`.
 * Other keys of the outer schema (description, default) are kept.
 */
export function normalize(s: Schema): Schema {
  const key = Array.isArray(s.anyOf) ? 'anyOf' : Array.isArray(s.oneOf) ? 'oneOf' : undefined;
  let out = s;
  if (key) {
    const branches = s[key] as unknown[];
    const { [key]: _, ...rest } = s;
    if (branches.length > 0 && branches.every(isTypeOnly)) {
      out = { ...rest, type: [...new Set(branches.flatMap((b) => b.type))].sort() };
    } else {
      const others = branches.filter((b) => !(isPlainObject(b) && sameValue(b, { type: 'null' })));
      const only = others[0];
      if (others.length === 1 && branches.length === 2 && isPlainObject(only) && typeSet(only)) {
        out = { ...rest, ...only, type: [...new Set([...typeSet(only)!, 'null'])].sort() };
      }
    }
  }
  if (out.nullable === true && typeSet(out)) {
    const { nullable: _, ...rest } = out;
    out = { ...rest, type: [...new Set([...typeSet(out)!, 'null'])].sort() };
  }
  return out;
}
