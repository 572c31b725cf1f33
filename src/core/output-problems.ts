/** Every rule a tool's declared `output` breaks, as data. */

import { paramProblems, type DefinitionProblem } from './definition-problems.js';
import { OUTPUT_FIELD_TYPES } from './output.js';
import { toOutputSchema } from './output-schema.js';
import { PARAM_NAME_PATTERN, PARAM_TYPES, type ParamType } from './param.js';
import { unknownKeyMessage } from './suggest.js';
import { isAnyZodSchema } from './zod-json-schema.js';
import { isZodObject } from './zod-input.js';
import { isPlainObject } from '../util/is-plain-object.js';

const OBJECT_KEYS = ['type', 'description', 'required', 'properties', 'min', 'max'];
const show = (v: unknown) => JSON.stringify(v) ?? String(v);

function fieldProblems(path: string, def: unknown): DefinitionProblem[] {
  if (!isPlainObject(def)) return [{ field: path, problem: `expected an output field definition object, got ${show(def)}` }];
  const type = def.type;
  if (typeof type === 'string' && PARAM_TYPES.includes(type as ParamType)) {
    const out: DefinitionProblem[] = [];
    if ('default' in def) out.push({ field: `${path}.default`, problem: 'an output field has no default; drop it' });
    if ('properties' in def) out.push({ field: `${path}.properties`, problem: `applies to object and object[] fields only, not ${type}` });
    const { default: _d, properties: _p, ...rest } = def;
    return [...out, ...paramProblems(path, rest)];
  }
  if (type !== 'object' && type !== 'object[]')
    return [{ field: `${path}.type`, problem: `unknown type ${show(type)}; use one of ${OUTPUT_FIELD_TYPES.join(', ')}` }];
  const out: DefinitionProblem[] = [];
  for (const key of Object.keys(def))
    if (!OBJECT_KEYS.includes(key))
      out.push({
        field: `${path}.${key}`,
        problem: `${unknownKeyMessage(key, OBJECT_KEYS)}; an ${type} field has ${OBJECT_KEYS.join(', ')}`,
      });
  if (typeof def.description !== 'string' || def.description.trim() === '')
    out.push({ field: `${path}.description`, problem: 'is missing or empty; every output field needs a description the model can read' });
  if (def.required !== undefined && typeof def.required !== 'boolean')
    out.push({ field: `${path}.required`, problem: `expected a boolean, got ${show(def.required)}` });
  for (const bound of ['min', 'max'] as const) {
    const v = def[bound];
    if (v === undefined) continue;
    if (type === 'object')
      out.push({ field: `${path}.${bound}`, problem: 'applies to number, string[] and object[] fields only, not object' });
    else if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
      out.push({ field: `${path}.${bound}`, problem: `is an item count and must be a whole number >= 0, got ${show(v)}` });
  }
  if (typeof def.min === 'number' && typeof def.max === 'number' && def.min > def.max)
    out.push({ field: `${path}.min`, problem: `min ${def.min} is greater than max ${def.max}` });
  if (!isPlainObject(def.properties))
    out.push({ field: `${path}.properties`, problem: `an ${type} field needs properties: an object mapping field names to definitions` });
  else out.push(...recordProblems(`${path}.properties`, def.properties));
  return out;
}

function recordProblems(path: string, record: Record<string, unknown>): DefinitionProblem[] {
  const out: DefinitionProblem[] = [];
  for (const [name, def] of Object.entries(record)) {
    if (!PARAM_NAME_PATTERN.test(name))
      out.push({ field: `${path}.${name}`, problem: `field name must match ${PARAM_NAME_PATTERN.source}` });
    out.push(...fieldProblems(`${path}.${name}`, def));
  }
  return out;
}

/**
 * Every rule a tool's `output` breaks, with `field` a dotted path under `output`
 * (`output.items.properties.id.type`); empty when it is valid or absent. Shared by `defineTool`
 * (which throws on the first) and `agent-tools validate`.
 *
 * - An {@link OutputDef}: each field follows the param rules for its type (see `paramProblems`),
 *   without `default`; `object` and `object[]` fields need `properties` (checked the same way,
 *   at any depth) and take no `enum` or `integer`; field names follow the param name pattern.
 * - A zod schema: it must be a `z.object` (MCP: `outputSchema` is an object schema) that zod
 *   can write as JSON Schema (`z.date()` cannot).
 */
export function outputProblems(output: unknown): DefinitionProblem[] {
  if (output === undefined) return [];
  if (isAnyZodSchema(output)) {
    if (!isZodObject(output))
      return [{ field: 'output', problem: 'expected a zod object schema, `z.object({ ... })` (an MCP output schema is an object)' }];
    try {
      toOutputSchema(output);
      return [];
    } catch (e) {
      return [{ field: 'output', problem: `zod cannot write it as JSON Schema: ${e instanceof Error ? e.message : String(e)}` }];
    }
  }
  if (!isPlainObject(output))
    return [{ field: 'output', problem: `expected an object mapping field names to definitions, or a zod object; got ${show(output)}` }];
  return recordProblems('output', output);
}
