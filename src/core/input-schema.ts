/** The one converter from params to a tool's JSON input schema, which every adapter and export format starts from. */

import { COLOR_PATTERN, type ParamDef, type ParamsDef } from './param.js';

/** The JSON Schema of one param, as {@link toInputSchema} writes it. */
export interface PropertySchema {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array';
  /** Absent only for a param without one (possible for another library's tool, never for `defineTool`). */
  description?: string;
  enum?: (string | number)[];
  /** A `color`'s hex pattern, or a `string` param's own `pattern` (ECMA-262 source, JSON Schema `pattern`). */
  pattern?: string;
  /** A `string` param's `min`/`max`: lengths in Unicode code points (JSON Schema 2020-12 `minLength`/`maxLength`). */
  minLength?: number;
  maxLength?: number;
  items?: { type: 'string'; enum?: string[] };
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: string | number | boolean | string[];
}

/** A tool's input schema: always an object at the root, never `$ref`, `anyOf` or type arrays. */
export interface InputSchema {
  type: 'object';
  properties: Record<string, PropertySchema>;
  required?: string[];
  additionalProperties: false;
}

/** The JSON Schema of one param (or a flat output field), as {@link toInputSchema} writes it. */
export function propertySchema(def: ParamDef): PropertySchema {
  const described = typeof def.description === 'string' && def.description !== '' ? { description: def.description } : {};
  const dflt =
    def.default === undefined
      ? {}
      : { default: Array.isArray(def.default) ? [...def.default] : (def.default as string | number | boolean) };
  switch (def.type) {
    case 'string':
      return {
        type: 'string',
        ...described,
        ...(def.enum ? { enum: [...def.enum] } : {}),
        ...(def.min !== undefined ? { minLength: def.min } : {}),
        ...(def.max !== undefined ? { maxLength: def.max } : {}),
        ...(def.pattern !== undefined ? { pattern: def.pattern } : {}),
        ...dflt,
      };
    case 'number':
      return {
        type: def.integer === true ? 'integer' : 'number',
        ...described,
        ...(def.enum ? { enum: [...def.enum] } : {}),
        ...(def.min !== undefined ? { minimum: def.min } : {}),
        ...(def.max !== undefined ? { maximum: def.max } : {}),
        ...dflt,
      };
    case 'boolean':
      return { type: 'boolean', ...described, ...dflt };
    case 'color':
      return { type: 'string', ...described, pattern: COLOR_PATTERN, ...dflt };
    case 'string[]':
      return {
        type: 'array',
        ...described,
        items: def.enum ? { type: 'string', enum: [...(def.enum as string[])] } : { type: 'string' },
        ...(def.min !== undefined ? { minItems: def.min } : {}),
        ...(def.max !== undefined ? { maxItems: def.max } : {}),
        ...dflt,
      };
  }
}

/**
 * The input schema every adapter lists for a tool: `toInputSchema(params)`, or, for a tool
 * defined with a zod `input` that is not flat, the portable schema `defineTool` set as
 * `inputSchema` (see `fromZodInput`).
 */
export function inputSchemaOfTool(tool: { params: ParamsDef; inputSchema?: Record<string, unknown> }): InputSchema {
  return (tool.inputSchema as InputSchema | undefined) ?? toInputSchema(tool.params);
}

/**
 * THE converter from params to JSON Schema. Every adapter (AI SDK, MCP `tools/list`, CLI
 * help) and every export format starts from its output, so a schema is identical
 * everywhere it appears.
 *
 * Output: `{ type: 'object', properties, required?, additionalProperties: false }`.
 * - `required` lists params with `required: true` (a param with a `default` is never
 *   required) and is omitted when empty.
 * - `string` → `{type:'string'}` (+ `enum`; `min`/`max` as `minLength`/`maxLength`, lengths in
 *   Unicode code points; `pattern` as `pattern`, JSON Schema 2020-12's validation vocabulary);
 *   `number` → `{type:'number'}` (`'integer'` with `integer: true`) (+ `minimum`,
 *   `maximum`, `enum` of numbers); `boolean`; `color` → a string with a hex `pattern`;
 *   `string[]` → `{type:'array', items:{type:'string'}}` with any enum on `items` and
 *   `min`/`max` as `minItems`/`maxItems`; `default` copied as `default`; `description`
 *   copied, and left out for a param without one (another library's tool; a `defineTool`
 *   param always has one).
 * - Never `$schema`, `$id`, `$ref`, `$defs`, `anyOf`/`oneOf`/`allOf`, type arrays,
 *   exclusive bounds or `format`: keywords some MCP clients and providers reject.
 * - Properties keep declaration order; the same input always gives the same bytes.
 *
 * Assumes a valid definition (see `defineTool`); it does not validate.
 */
export function toInputSchema(params: ParamsDef): InputSchema {
  const properties: Record<string, PropertySchema> = {};
  const required: string[] = [];
  for (const [name, def] of Object.entries(params)) {
    properties[name] = propertySchema(def);
    if (def.required === true && def.default === undefined) required.push(name);
  }
  return required.length > 0
    ? { type: 'object', properties, required, additionalProperties: false }
    : { type: 'object', properties, additionalProperties: false };
}
