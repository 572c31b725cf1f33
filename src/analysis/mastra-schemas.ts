/** The input and output schemas Mastra's MCP server lists for `createTool`, by zod version. */

import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { inMinor, withoutDialect, type JsonSchemaObject } from './library-schemas.js';
import type { SchemaModel } from './schema-model.js';
import { isZod3Schema } from './zod-static.js';

/** What Mastra's MCPServer lists for a tool created without `inputSchema`: an open empty object. */
const EMPTY_OBJECT: JsonSchemaObject = { type: 'object', properties: {} };

/** The email pattern `@mastra/schema-compat` writes beside `format: "email"` for a zod 3 string. */
const ZOD3_EMAIL = String.raw`^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$`;

/**
 * `@mastra/schema-compat`'s `override` for zod 4: an object schema with `properties` and no
 * `additionalProperties` is closed (`false`); a `z.looseObject` (catchall unknown) is open (`true`).
 */
function mastraOverride(ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }): void {
  const js = ctx.jsonSchema;
  if (js.type === 'object' && js.properties !== undefined && !js.additionalProperties) js.additionalProperties = false;
  const def = (ctx.zodSchema as { _zod?: { def?: { type?: string; catchall?: { _zod?: { def?: { type?: string } } } } } })._zod?.def;
  if (def?.type === 'object' && def.catchall?._zod?.def?.type === 'unknown') js.additionalProperties = true;
}

function zod3Emails(v: unknown): void {
  if (Array.isArray(v)) return v.forEach(zod3Emails);
  if (typeof v !== 'object' || v === null) return;
  const node = v as JsonSchemaObject;
  if (node.type === 'string' && node.format === 'email') node.pattern = ZOD3_EMAIL;
  Object.values(node).forEach(zod3Emails);
}

/**
 * The input schema Mastra's MCP server (`MCPServer` of `@mastra/mcp` 2.x, over `@mastra/core`
 * 1.x) lists for `createTool({ inputSchema })`, converted to draft 2020-12 by
 * `@mastra/schema-compat` as the project's zod allows:
 * - no `inputSchema`: `{ type: 'object', properties: {} }` (open, unlike the AI SDK's);
 * - zod 4.2 and later: the schema's own `~standard.jsonSchema.input({ target: 'draft-2020-12' })`
 *   with Mastra's override (objects with properties closed, `z.looseObject` open);
 * - zod 4.0 and 4.1 (no `~standard.jsonSchema`): Mastra's adapter calls `z.toJSONSchema` without
 *   `io`, so in output mode: a field with a default is required;
 * - zod 3: `zod-to-json-schema` with `target: 'jsonSchema2019-09'`, `$refStrategy: 'none'`, and
 *   zod 4's email pattern beside `format: "email"`.
 * `$schema` is left out, as for every exported tool.
 *
 * @throws the zod error when zod cannot represent the schema, or `NotModeled` for a minor that cannot be written.
 */
export function mastraInputSchema(schema: z.ZodType | undefined, model: SchemaModel): JsonSchemaObject {
  if (schema === undefined) return structuredClone(EMPTY_OBJECT);
  return mastraSchema(schema, model, 'input');
}

/**
 * The output schema Mastra's MCP server lists for `createTool({ outputSchema })`: the same
 * conversion as {@link mastraInputSchema}, in output mode for zod 4.2 and later (its
 * `advertisedSchema` asks `~standard.jsonSchema` for `io: 'output'`), so a field with a default is
 * required; zod 4.0, 4.1 and 3 are converted exactly as their inputs are.
 *
 * @throws the zod error when zod cannot represent the schema, or `NotModeled` for a minor that cannot be written.
 */
export function mastraOutputSchema(schema: z.ZodType, model: SchemaModel): JsonSchemaObject {
  return mastraSchema(schema, model, 'output');
}

function mastraSchema(schema: z.ZodType, model: SchemaModel, mode: 'input' | 'output'): JsonSchemaObject {
  if (isZod3Schema(schema)) {
    const json = zodToJsonSchema(schema as unknown as z3.ZodType, {
      $refStrategy: 'none',
      target: 'jsonSchema2019-09',
    }) as JsonSchemaObject;
    zod3Emails(json);
    return withoutDialect(json);
  }
  const io = model.zod.minor >= 2 ? mode : 'output';
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: mastraOverride,
  }) as JsonSchemaObject;
  return withoutDialect(inMinor(json, model));
}
