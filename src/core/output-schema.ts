/** The one converter from a tool's declared output to its MCP `outputSchema`. */

import { propertySchema } from './input-schema.js';
import type { OutputDef, OutputFieldDef, OutputSpec } from './output.js';
import type { ParamDef } from './param.js';
import { isZodObject, portable } from './zod-input.js';
import { zodJsonSchema } from './zod-json-schema.js';

type Json = Record<string, unknown>;

/**
 * A tool's output schema (MCP `outputSchema`): always `{ type: 'object', properties, required? }`
 * at the root (MCP spec 2025-06-18, Tool: `outputSchema` is an object schema). The root is left
 * open (no `additionalProperties: false`): the pipeline may add `_warning` to a result when the
 * step budget runs low, and a reader is never broken by a field it did not ask for.
 */
export interface OutputSchema {
  type: 'object';
  properties: Record<string, unknown>;
  required?: string[];
  [keyword: string]: unknown;
}

function fieldSchema(def: OutputFieldDef): Json {
  const described = typeof def.description === 'string' && def.description !== '' ? { description: def.description } : {};
  if (def.type === 'object') return { type: 'object', ...described, ...objectSchema(def.properties ?? {}) };
  if (def.type === 'object[]') {
    return {
      type: 'array',
      ...described,
      items: { type: 'object', ...objectSchema(def.properties ?? {}) },
      ...(def.min !== undefined ? { minItems: def.min } : {}),
      ...(def.max !== undefined ? { maxItems: def.max } : {}),
    };
  }
  const { required: _r, properties: _p, ...flat } = def;
  return propertySchema(flat as ParamDef) as unknown as Json;
}

function objectSchema(output: OutputDef): { properties: Json; required?: string[] } {
  const properties: Json = {};
  const required: string[] = [];
  for (const [name, def] of Object.entries(output)) {
    properties[name] = fieldSchema(def);
    if (def.required === true) required.push(name);
  }
  return required.length > 0 ? { properties, required } : { properties };
}

/**
 * THE converter from a declared output to its JSON Schema, used by every adapter (MCP
 * `tools/list`, the AI SDK's `outputSchema`) and every export format.
 *
 * - An {@link OutputDef}: each field as `toInputSchema` writes a param of its type (`color` with
 *   its pattern, `string[]` with item enum and counts, `integer`), `object` as `{ type: 'object',
 *   properties, required? }`, `object[]` as an array of such objects (`min`/`max` as item counts);
 *   `required` lists the `required: true` fields, omitted when empty. Objects are open (see
 *   {@link OutputSchema}); key order is declaration order.
 * - A zod object: zod's own JSON Schema of it in output mode (draft-07, written by the zod copy
 *   that built it, see `zodJsonSchema`), made portable (no `$schema`, no `format`), with the root's
 *   `additionalProperties` left out as above.
 *
 * @throws zod's error when zod cannot write the schema as JSON Schema (e.g. `z.date()`).
 */
export function toOutputSchema(output: OutputSpec): OutputSchema {
  if (isZodObject(output)) {
    const { $schema: _dialect, additionalProperties: _open, ...root } = portable(zodJsonSchema(output, 'output'));
    return root as OutputSchema;
  }
  return { type: 'object', ...objectSchema(output) };
}

/**
 * The output schema every adapter lists for a tool: the `outputSchema` `defineTool` (or a
 * static reading) set, else {@link toOutputSchema} of its `output`, else `undefined` (the tool
 * declares none).
 */
export function outputSchemaOfTool(tool: { output?: OutputSpec; outputSchema?: Record<string, unknown> }): OutputSchema | undefined {
  if (tool.outputSchema) return tool.outputSchema as OutputSchema;
  return tool.output === undefined ? undefined : toOutputSchema(tool.output);
}
