import { z } from 'zod';

/** A JSON Schema object as a library sends it in a tool's `inputSchema`. */
export type JsonSchemaObject = Record<string, unknown>;

/**
 * The input schema `@modelcontextprotocol/sdk` (1.x with zod 4) lists for a tool registered
 * with `input`: a raw shape becomes `z.object(shape)`, no input becomes
 * `{ type: 'object', properties: {} }`, a schema that is not an object is listed as that
 * empty object too (the SDK's `normalizeObjectSchema`), and the rest is
 * `z.toJSONSchema(schema, { target: 'draft-7', io: 'input' })` (its `toJsonSchemaCompat`).
 * The `$schema` key is left out: export never writes one in a tool's schema.
 *
 * @throws the zod error when zod cannot represent the schema in JSON Schema (e.g. a Date).
 */
export function mcpSdkInputSchema(input: z.ZodType | Record<string, z.ZodType> | undefined): JsonSchemaObject {
  if (input === undefined) return { type: 'object', properties: {} };
  const schema = '_zod' in input ? (input as z.ZodType) : z.object(input as Record<string, z.ZodType>);
  if (!(schema instanceof z.ZodObject)) return { type: 'object', properties: {} };
  return withoutDialect(z.toJSONSchema(schema, { target: 'draft-7', io: 'input' }) as JsonSchemaObject);
}

/**
 * The input schema the AI SDK (`ai` 6, `@ai-sdk/provider-utils`' `zodSchema` for zod 4) sends
 * to a provider for `tool({ inputSchema })`: `z.toJSONSchema(schema, { target: 'draft-7',
 * io: 'input', reused: 'inline' })`, then `additionalProperties: false` on every object
 * schema that does not set it to a schema (its `addAdditionalPropertiesToJsonSchema`).
 * `$schema` is left out, as above.
 *
 * @throws the zod error when zod cannot represent the schema in JSON Schema.
 */
export function aiSdkInputSchema(schema: z.ZodType): JsonSchemaObject {
  return withoutDialect(closeObjects(z.toJSONSchema(schema, { target: 'draft-7', io: 'input', reused: 'inline' }) as JsonSchemaObject));
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

function withoutDialect(s: JsonSchemaObject): JsonSchemaObject {
  const { $schema: _dialect, ...rest } = s;
  return rest;
}
