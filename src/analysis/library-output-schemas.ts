/** The output schema each library lists for a tool's `outputSchema`: MCP SDK v1 and v2, the AI SDK and Mastra. */

import { z } from 'zod';
import { aiSdkInputSchema, mcpSdkZodSchema, NotModeled, withoutDialect, type JsonSchemaObject } from './library-schemas.js';
import type { SchemaModel } from './schema-model.js';

/**
 * The output schema (MCP `outputSchema`) the MCP SDK lists for a tool registered with
 * `outputSchema` (a zod schema, or a raw shape, which becomes `z.object(shape)`), by the modeled versions:
 * - v1 (`@modelcontextprotocol/sdk` 1.x, `registerTool` and `registerToolTask`; `server.tool`
 *   takes none): `z.toJSONSchema(schema, { target: 'draft-7', io: 'output' })` by the project's
 *   zod 4 (its `toJsonSchemaCompat` with `pipeStrategy: 'output'`), or for zod 3
 *   `zodToJsonSchema(schema, { strictUnions: true, pipeStrategy: 'output' })`. A schema that is not
 *   an object is listed with no `outputSchema` at all (its `normalizeObjectSchema`): `undefined`.
 * - v2 (`@modelcontextprotocol/server`): the schema's own `~standard.jsonSchema.output({ target:
 *   'draft-2020-12' })` (zod 4.2 and later; its `standardSchemaToJsonSchema(schema, 'output')`).
 *   zod 3 and zod 4.0-4.1 are {@link NotModeled}, as for inputs; so is a schema that is not an
 *   object (MCP spec 2025-06-18, Tool: `outputSchema` has `type: 'object'`; the v2 client refuses
 *   a listing without it).
 * Output mode differs from input mode where a schema has a default or a transform: a field with
 * a default is always present in a result, so it is required. `$schema` is left out, as in every export.
 *
 * @throws the zod error when zod cannot represent the schema in JSON Schema, or {@link NotModeled}.
 */
export function mcpSdkOutputSchema(output: z.ZodType | Record<string, z.ZodType>, model: SchemaModel): JsonSchemaObject | undefined {
  const json = mcpSdkZodSchema(output, model, 'output');
  if (json && model.converter === 'mcp-sdk-v2' && json.type !== 'object') throw new NotModeled(notObject(json));
  return json;
}

/**
 * The output schema the MCP SDK v2 lists for `outputSchema: fromJsonSchema(doc)`: the document
 * unchanged (its `~standard.jsonSchema.output()` returns it), `$schema` left out as above.
 *
 * @throws {@link NotModeled} under a v1 model (no `fromJsonSchema` there) or for a document whose `type` is not `object`.
 */
export function mcpV2JsonSchemaOutput(doc: JsonSchemaObject, model: SchemaModel): JsonSchemaObject {
  if (model.converter !== 'mcp-sdk-v2')
    throw new NotModeled('`fromJsonSchema` is read only in a file that imports the MCP SDK v2 (@modelcontextprotocol/server)');
  if (doc.type !== 'object') throw new NotModeled(notObject(doc));
  return withoutDialect(structuredClone(doc));
}

/**
 * The output schema of an AI SDK `tool({ outputSchema })` or a Mastra `createTool({ outputSchema })`:
 * the AI SDK converts it with the same `asSchema` (its `zodSchema`) as the input schema, so it is
 * exactly {@link aiSdkInputSchema} under the same model (ai 5 in output mode, ai 6 and 7 in input
 * mode with closed objects; zod 3 through their `zod-to-json-schema`). The AI SDK does not send it
 * to the model: it is what the SDK validates results and UI messages against, and what a client of
 * the tool set reads (`asSchema(tool.outputSchema).jsonSchema`).
 *
 * @throws the zod error when zod cannot represent the schema in JSON Schema, or {@link NotModeled}.
 */
export function aiSdkOutputSchema(schema: z.ZodType, model: SchemaModel): JsonSchemaObject {
  return aiSdkInputSchema(schema, model);
}

function notObject(json: JsonSchemaObject): string {
  const type = json.type === undefined ? 'no type' : `type ${JSON.stringify(json.type)}`;
  return `an output schema of ${type} cannot be listed: MCP requires \`type: "object"\` (spec 2025-06-18, Tool.outputSchema)`;
}
