/** The input schema each library sends for a zod schema, by version: the MCP SDK v1 and v2 and the AI SDK majors. */

import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { zodToJsonSchema } from 'zod-to-json-schema';
import type { SchemaModel } from './schema-model.js';
import { isZod3Schema } from './zod-static.js';
import { asZod4Minor } from './zod4-minors.js';

/** A JSON Schema object as a library sends it in a tool's `inputSchema`. */
export type JsonSchemaObject = Record<string, unknown>;

/** Thrown when the modeled versions would send something this package does not model, or refuse the schema. */
export class NotModeled extends Error {
  override readonly name = 'NotModeled';
}

/** The MCP SDK v1's default: what `@modelcontextprotocol/sdk` 1.x with the shipped zod sends. */
const MCP_V1: SchemaModel = {
  converter: 'mcp-sdk-v1',
  zod: { version: '4.6.7', major: 4, minor: 6 },
  library: { version: '1.32.2', major: 1, minor: 32 },
};
/** The AI SDK's default: the `ai` 6 conversion with the shipped zod. */
const AI_V6: SchemaModel = { converter: 'ai-sdk', zod: MCP_V1.zod, library: { version: '6.0.0', major: 6, minor: 0 } };

/**
 * The input schema the MCP SDK lists for a tool registered with `input` (a zod schema or a raw
 * shape, which becomes `z.object(shape)`; no input is `{ type: 'object', properties: {} }`):
 * - v1 (`@modelcontextprotocol/sdk` 1.x): a schema that is not an object is listed as that
 *   empty object too (its `normalizeObjectSchema`); the rest is `z.toJSONSchema(schema,
 *   { target: 'draft-7', io: 'input' })` (its `toJsonSchemaCompat`) by the project's zod.
 * - v2 (`@modelcontextprotocol/server`): the schema's own `~standard.jsonSchema.input({ target:
 *   'draft-2020-12' })` (zod 4.2 and later) with `type: 'object'` first; zod 4.0-4.1 lose their
 *   descriptions there and zod 3 is refused (the SDK's migration guide), so both are {@link NotModeled}.
 * - zod 3 under v1: `zodToJsonSchema(schema, { strictUnions: true, pipeStrategy: 'input' })`
 *   of `zod-to-json-schema` (the SDK's dependency), whose default `$refStrategy: 'root'` writes
 *   a `$ref` for a schema object used twice.
 * The `$schema` key is left out: export never writes one in a tool's schema.
 *
 * @throws the zod error when zod cannot represent the schema in JSON Schema (e.g. a Date), or {@link NotModeled}.
 */
export function mcpSdkInputSchema(input: z.ZodType | Record<string, z.ZodType> | undefined, model: SchemaModel = MCP_V1): JsonSchemaObject {
  const json = input === undefined ? undefined : mcpSdkZodSchema(input, model, 'input');
  if (json === undefined) return { type: 'object', properties: {} };
  return model.converter === 'mcp-sdk-v2' ? { type: 'object', ...json } : json;
}

/**
 * The one conversion the MCP SDK applies to a zod schema or raw shape, for an input schema or an
 * output schema (`io`), by the modeled versions (see {@link mcpSdkInputSchema}): zod 3 by
 * `zodToJsonSchema` with `pipeStrategy: io`, zod 4 by `z.toJSONSchema` with `io` (draft-7 under
 * v1, draft-2020-12 under v2), `$schema` left out. `undefined` where v1 lists no schema of its own
 * (a schema that is not an object); under v2 the converted schema whatever its type, for the
 * caller to place or refuse.
 *
 * @throws the zod error when zod cannot represent the schema in JSON Schema, or {@link NotModeled}.
 */
export function mcpSdkZodSchema(
  value: z.ZodType | Record<string, z.ZodType>,
  model: SchemaModel,
  io: 'input' | 'output',
): JsonSchemaObject | undefined {
  const shape = isZod3Schema(value) || '_zod' in value ? undefined : value;
  const zod3 = shape ? Object.values(shape).some(isZod3Schema) : isZod3Schema(value);
  if (zod3 && shape && !Object.values(shape).every(isZod3Schema))
    throw new NotModeled('the shape mixes zod 3 and zod 4 schemas, which the MCP SDK refuses ("Mixed Zod versions detected")');
  if (zod3) {
    if (model.converter === 'mcp-sdk-v2') throw new NotModeled('the MCP SDK v2 refuses zod 3 schemas (it needs zod 4.2 or later)');
    const schema = shape ? z3.object(shape as unknown as z3.ZodRawShape) : (value as unknown as z3.ZodType);
    if (!(schema instanceof z3.ZodObject)) return undefined;
    return withoutDialect(zodToJsonSchema(schema, { strictUnions: true, pipeStrategy: io }));
  }
  const schema = shape ? z.object(shape) : (value as z.ZodType);
  if (model.converter === 'mcp-sdk-v2') {
    if (model.zod.major < 4)
      throw new NotModeled(`zod ${model.zod.version} is not supported by the MCP SDK v2 (it needs zod 4.2 or later)`);
    if (model.zod.minor < 2)
      throw new NotModeled(
        `the MCP SDK v2 lists zod ${model.zod.version} schemas without their descriptions (zod 4.2 or later converts them itself)`,
      );
    return withoutDialect(inMinor(z.toJSONSchema(schema, { target: 'draft-2020-12', io }), model));
  }
  if (!(schema instanceof z.ZodObject)) return undefined;
  return withoutDialect(inMinor(z.toJSONSchema(schema, { target: 'draft-7', io }), model));
}

/**
 * The input schema the MCP SDK v2 lists for `inputSchema: fromJsonSchema(doc)`: the document
 * unchanged, with `type: 'object'` first when it has no `type` (its `standardSchemaToJsonSchema`);
 * `$schema` left out as above. Under the v1 SDK there is no `fromJsonSchema`.
 *
 * @throws {@link NotModeled} for a document whose `type` is not `object` (the SDK throws on it) or a v1 model.
 */
export function mcpV2JsonSchemaInput(doc: JsonSchemaObject, model: SchemaModel): JsonSchemaObject {
  if (model.converter !== 'mcp-sdk-v2')
    throw new NotModeled('`fromJsonSchema` is read only in a file that imports the MCP SDK v2 (@modelcontextprotocol/server)');
  if (doc.type !== undefined && doc.type !== 'object')
    throw new NotModeled(`the MCP SDK v2 refuses a tool input schema of type ${JSON.stringify(doc.type)} (it must describe an object)`);
  return withoutDialect({ type: 'object', ...structuredClone(doc) });
}

/**
 * The input schema the AI SDK (`@ai-sdk/provider-utils`' `zodSchema` for zod 4) sends to a
 * provider for `tool({ inputSchema })`, by the `ai` major:
 * - 5: `z.toJSONSchema(schema, { target: 'draft-7', io: 'output', reused: 'inline' })`: output
 *   mode, so a field with a default is required and zod closes each object;
 * - 6 and 7: the same in `io: 'input'` mode, then `additionalProperties: false` on every object
 *   schema that does not set it to a schema (its `addAdditionalPropertiesToJsonSchema`).
 * Mastra (`createTool`) hands its tools to the AI SDK 6/7 conversion. Written as the project's
 * zod minor writes it (see `asZod4Minor`); `$schema` is left out, as above. A zod 3 schema goes,
 * in ai 5, 6 and 7 alike, through their copy of `zod-to-json-schema` with `$refStrategy: 'none'`
 * (input mode: a defaulted field is optional; objects closed by `additionalProperties: false`).
 *
 * @throws the zod error when zod cannot represent the schema in JSON Schema, or {@link NotModeled}.
 */
export function aiSdkInputSchema(schema: z.ZodType, model: SchemaModel = AI_V6): JsonSchemaObject {
  if (isZod3Schema(schema)) return withoutDialect(zodToJsonSchema(schema as unknown as z3.ZodType, { $refStrategy: 'none' }));
  const output = model.converter === 'ai-sdk' && model.library !== undefined && model.library.major <= 5;
  const json = inMinor(z.toJSONSchema(schema, { target: 'draft-7', io: output ? 'output' : 'input', reused: 'inline' }), model);
  return withoutDialect(output ? json : closeObjects(json));
}

/** `json` (written by zod 4.6) as the model's zod 4 minor writes it (see `asZod4Minor`). @throws {@link NotModeled} where it cannot. */
export function inMinor(json: JsonSchemaObject, model: SchemaModel): JsonSchemaObject {
  const r = asZod4Minor(json, model.zod.minor);
  if ('notModeled' in r && typeof r.notModeled === 'string') throw new NotModeled(r.notModeled);
  return r;
}

function closeObjects(s: JsonSchemaObject): JsonSchemaObject {
  const visit = (v: unknown) => (typeof v === 'boolean' ? v : closeObjects(v as JsonSchemaObject));
  if (s.type === 'object' || (Array.isArray(s.type) && s.type.includes('object'))) {
    const ap = s.additionalProperties;
    s.additionalProperties = ap != null && typeof ap !== 'boolean' ? visit(ap) : false;
    const props = s.properties as Record<string, unknown> | undefined;
    if (props != null) for (const k of Object.keys(props)) props[k] = visit(props[k]);
  }
  if (s.items != null) s.items = Array.isArray(s.items) ? s.items.map(visit) : visit(s.items);
  for (const k of ['anyOf', 'allOf', 'oneOf'] as const) if (s[k] != null) s[k] = (s[k] as unknown[]).map(visit);
  const defs = s.definitions as Record<string, unknown> | undefined;
  if (defs != null) for (const k of Object.keys(defs)) defs[k] = visit(defs[k]);
  return s;
}

/** `s` without its `$schema` key: export never writes one in a tool's schema. */
export function withoutDialect(s: JsonSchemaObject): JsonSchemaObject {
  const { $schema: _dialect, ...rest } = s;
  return rest;
}
