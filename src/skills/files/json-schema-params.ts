/** Converts a skill file's flat JSON Schema `parameters` to params. */

import { integerBounds } from '../../core/integer-bounds.js';
import type { ParamDef, ParamsDef } from '../../core/param.js';
import type { InputProblem } from '../../core/zod-issues.js';
import { isPlainObject } from '../../util/is-plain-object.js';

/** One problem found while reading a skill file: `path` is a JSON path such as `$.executor.url`. */
export type SkillProblem = InputProblem;

type Json = Record<string, unknown>;

function bounds(d: ParamDef, s: Json, lo: string, hi: string): void {
  if (typeof s[lo] === 'number') d.min = s[lo];
  if (typeof s[hi] === 'number') d.max = s[hi];
}

function convertProperty(name: string, s: unknown, required: boolean, path: string, problems: SkillProblem[]): ParamDef | undefined {
  if (!isPlainObject(s)) {
    problems.push({ path, message: 'expected a JSON Schema object' });
    return undefined;
  }
  const description =
    typeof s.description === 'string' && s.description.trim() !== ''
      ? s.description
      : typeof s.title === 'string' && s.title !== ''
        ? s.title
        : name;
  const base = { description, ...(required ? { required: true } : {}) };
  const type = s.type;
  let def: ParamDef;
  if (type === 'string') {
    def = { type: 'string', ...base };
    if (Array.isArray(s.enum)) def.enum = s.enum as string[];
    bounds(def, s, 'minLength', 'maxLength');
    if (typeof s.pattern === 'string') {
      // the argument validator runs a pattern with the u flag, as JSON Schema's ECMA-262 regular expressions are read
      try {
        new RegExp(s.pattern, 'u');
        def.pattern = s.pattern;
      } catch (err) {
        problems.push({ path: `${path}.pattern`, message: `not a regular expression: ${(err as Error).message}` });
        return undefined;
      }
    }
  } else if (type === 'number' || type === 'integer') {
    def = { type: 'number', ...base, ...(type === 'integer' ? { integer: true } : {}) };
    if (Array.isArray(s.enum)) def.enum = s.enum as number[];
    // an integer's exclusive bounds have an exact inclusive form; a number's are left to the server to check
    if (type === 'integer') Object.assign(def, integerBounds(s));
    else bounds(def, s, 'minimum', 'maximum');
  } else if (type === 'boolean') {
    def = { type: 'boolean', ...base };
  } else if (type === 'array') {
    const items = s.items;
    if (!isPlainObject(items) || items.type !== 'string') {
      problems.push({
        path: `${path}.items`,
        message: 'only arrays of strings are supported (params are flat: {"type":"array","items":{"type":"string"}})',
      });
      return undefined;
    }
    def = { type: 'string[]', ...base };
    if (Array.isArray(items.enum)) def.enum = items.enum as string[];
    bounds(def, s, 'minItems', 'maxItems');
  } else if (type === 'object') {
    problems.push({
      path,
      message: `nested objects are not supported: params are flat (string, number, integer, boolean, array of strings); split "${name}" into separate params`,
    });
    return undefined;
  } else {
    problems.push({
      path: `${path}.type`,
      message: `type ${JSON.stringify(type)} is not supported; use "string", "number", "integer", "boolean" or "array" (of strings), one type per property`,
    });
    return undefined;
  }
  if (s.default !== undefined) {
    def.default = s.default as ParamDef['default'];
    delete def.required;
  }
  return def;
}

/**
 * Converts a flat JSON Schema object (`{ type: "object", properties, required? }`) to our
 * ParamDef map, so the one converter (`toInputSchema`) and the one validator (`parseArgs`)
 * apply to it. `integer` becomes a `number` param with `integer: true`, so the schema sent on
 * says `"type": "integer"` again and 7.5 is refused before it reaches a server that would
 * refuse it (an integer's `exclusiveMinimum`/`exclusiveMaximum` become the inclusive `min`/`max`
 * one step inside); `minimum`/`maximum`, `minLength`/`maxLength` (code points) and
 * `minItems`/`maxItems` become `min`/`max`, and a string's `pattern` is kept (one that does not
 * compile with the `u` flag is a problem at its path); a
 * property without a description gets its `title` or its name.
 * Nested objects, arrays of non-strings, type arrays and unknown types are refused.
 *
 * @param path the JSON path of the schema, used in problems (e.g. `$.parameters`).
 * @returns the params, or every problem found.
 */
export function paramsFromJsonSchema(schema: unknown, path: string): { params: ParamsDef } | { problems: SkillProblem[] } {
  const problems: SkillProblem[] = [];
  if (!isPlainObject(schema)) return { problems: [{ path, message: 'expected a JSON Schema object' }] };
  if (schema.type !== undefined && schema.type !== 'object')
    problems.push({ path: `${path}.type`, message: `expected "object" at the root, got ${JSON.stringify(schema.type)}` });
  const props = schema.properties ?? {};
  if (!isPlainObject(props))
    return { problems: [...problems, { path: `${path}.properties`, message: 'expected an object of properties' }] };
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
  const params: ParamsDef = {};
  for (const [name, prop] of Object.entries(props)) {
    const def = convertProperty(name, prop, required.includes(name), `${path}.properties.${name}`, problems);
    if (def) params[name] = def;
  }
  return problems.length > 0 ? { problems } : { params };
}
