/** The params an input schema amounts to, in the terms the tool-level checks read. */

import type { ParamsDef } from '../core/param.js';
import { integerBounds } from '../core/integer-bounds.js';
import type { JsonSchemaObject } from './library-schemas.js';
import { isPlainObject } from '../util/is-plain-object.js';

type Json = Record<string, unknown>;

function typeWord(s: Json): string {
  if (typeof s.type === 'string') return s.type;
  if (Array.isArray(s.type) && s.type.length === 2 && s.type.includes('null'))
    return `nullable ${s.type.find((t) => t !== 'null') as string}`;
  if (Array.isArray(s.type)) return (s.type as string[]).join('|');
  if (Array.isArray(s.anyOf)) {
    const members = (s.anyOf as unknown[]).filter(isPlainObject);
    if (members.length > 0 && members.every((m) => 'const' in m))
      return `a union of literals (${members.map((m) => JSON.stringify(m.const)).join(', ')})`;
    const nonNull = members.filter((m) => m.type !== 'null');
    if (nonNull.length === 1 && members.length === 2) return `nullable ${typeWord(nonNull[0]!)}`;
    return `anyOf(${members.map(typeWord).join(', ')})`;
  }
  if ('const' in s) return `const ${JSON.stringify(s.const)}`;
  return 'any';
}

/**
 * The params a tool's input schema amounts to, in the terms the tool-level checks read
 * (`type`, `description`, `required`, `default`, `enum`, `min`, `max`: a string's `min`/`max`
 * from its `minLength`/`maxLength`, never its `pattern`), for a tool written
 * with another library (MCP SDK, AI SDK, Mastra). A property our five param types express
 * maps to that type (`integer` to `number` with `integer: true`, its exclusive bounds made
 * inclusive and zod's implied safe-integer range left out, as for a zod `input`); any other keeps its JSON Schema type as the
 * type word (`object`, `string|null`, `anyOf(...)`), so `flat-params` reports it as not
 * flat or not portable. Descriptions are never invented: a property without one has `''`.
 */
export function paramsView(schema: JsonSchemaObject): ParamsDef {
  const props = isPlainObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const out: Record<string, Record<string, unknown>> = {};
  for (const [name, raw] of Object.entries(props)) {
    const s = isPlainObject(raw) ? raw : {};
    const d: Record<string, unknown> = { type: typeWord(s), description: typeof s.description === 'string' ? s.description : '' };
    const integer = d.type === 'integer';
    if (integer) Object.assign(d, { type: 'number', integer: true });
    if (d.type === 'array') {
      const items = isPlainObject(s.items) ? s.items : {};
      if (items.type === 'string') {
        d.type = 'string[]';
        if (Array.isArray(items.enum)) d.enum = items.enum;
      } else d.type = `array of ${typeWord(items)}`;
      if (typeof s.minItems === 'number') d.min = s.minItems;
      if (typeof s.maxItems === 'number') d.max = s.maxItems;
    } else {
      if (Array.isArray(s.enum)) d.enum = s.enum;
      if (d.type === 'string') {
        // a string's lengths; not its pattern: zod writes a regex's source without its flags (`/^a/i` as `^a`), and
        // the regex is not at hand here to tell, so a pattern stays out (droppedKeywords says so)
        if (typeof s.minLength === 'number') d.min = s.minLength;
        if (typeof s.maxLength === 'number') d.max = s.maxLength;
      }
      if (integer) Object.assign(d, integerBounds(s));
      else {
        if (typeof s.minimum === 'number') d.min = s.minimum;
        if (typeof s.maximum === 'number') d.max = s.maximum;
      }
    }
    if (s.default !== undefined) d.default = s.default;
    else if (required.has(name)) d.required = true;
    out[name] = d;
  }
  return out as unknown as ParamsDef;
}
