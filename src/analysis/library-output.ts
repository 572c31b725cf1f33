/** Reads the `outputSchema` of a tool written with another library, statically, as that library lists it. */

import type { z } from 'zod';
import type { Entry } from './evaluate.js';
import { aiSdkOutputSchema, mcpSdkOutputSchema, mcpV2JsonSchemaOutput } from './library-output-schemas.js';
import { NotModeled, type JsonSchemaObject } from './library-schemas.js';
import { mastraOutputSchema } from './mastra-schemas.js';
import type { SchemaModel } from './schema-model.js';
import { NotStatic } from './scope.js';
import type { ts } from './ts-morph.cjs';
import type { ToolForm } from './types.js';
import type { ZodReader } from './zod-static.js';

/** Why an `outputSchema` is not read: the node, a diagnostic code and the reason (the field is always `outputSchema`). */
export interface OutputFailure {
  node: ts.Node;
  code: 'not-static' | 'bad-type';
  message: string;
}

/** What {@link readLibraryOutput} needs from the library extractor: the zod reader, and its reader of `fromJsonSchema(doc)`. */
export interface OutputReaders {
  zod: ZodReader;
  /** The document of an MCP SDK v2 `fromJsonSchema(doc)` call, `undefined` for any other expression. */
  jsonSchemaDocument: (e: ts.Expression) => JsonSchemaObject | undefined;
}

/**
 * Reads the `outputSchema` of a tool written with another library, without running code, and
 * writes it as that library lists it under the modeled versions:
 * - MCP SDK `registerTool`/`registerToolTask` (v1 and v2): a zod schema or raw shape, or under v2
 *   `fromJsonSchema(doc)` (see {@link mcpSdkOutputSchema}, {@link mcpV2JsonSchemaOutput});
 * - AI SDK `tool()`: a zod schema (see {@link aiSdkOutputSchema});
 * - Mastra `createTool()`: a zod schema, as its MCPServer lists it (see {@link mastraOutputSchema}).
 *
 * @returns `{}` when the tool declares no output schema (or the MCP SDK v1 lists none for it), `{ outputSchema }`
 *   when it is read, or an {@link OutputFailure}: the tool is then left out with a diagnostic, never exported
 *   with a guessed or missing output schema.
 */
export function readLibraryOutput(
  entry: Entry | undefined,
  form: Exclude<ToolForm, 'defineTool'>,
  model: SchemaModel,
  readers: OutputReaders,
): { outputSchema?: JsonSchemaObject } | OutputFailure {
  if (!entry) return {};
  if (entry.kind === 'function') return { node: entry.node, code: 'bad-type', message: 'is a function, expected a zod schema' };
  const mcp = form === 'mcp-registerTool' || form === 'mcp-registerToolTask';
  // a `fromJsonSchema(...)` the extractor cannot read throws its own reason, which names its node
  const doc = mcp ? readers.jsonSchemaDocument(entry.expr) : undefined;
  let schema: z.ZodType | Record<string, z.ZodType> | undefined;
  if (!doc) {
    const r = mcp ? readers.zod.schemaOrShape(entry.expr) : readers.zod.schema(entry.expr);
    if (r instanceof NotStatic) return { node: r.node, code: 'not-static', message: r.reason };
    schema = r;
  }
  try {
    if (doc) return { outputSchema: mcpV2JsonSchemaOutput(doc, model) };
    const json = mcp
      ? mcpSdkOutputSchema(schema!, model)
      : form === 'mastra-createTool'
        ? mastraOutputSchema(schema as z.ZodType, model)
        : aiSdkOutputSchema(schema as z.ZodType, model);
    return json ? { outputSchema: json } : {};
  } catch (err) {
    if (err instanceof NotModeled)
      return { node: entry.expr, code: 'not-static', message: `${err.message}; its output schema is not modeled` };
    const reason = err instanceof Error ? err.message.split('\n')[0] : String(err);
    return { node: entry.expr, code: 'not-static', message: `zod cannot convert it to JSON Schema: ${reason}` };
  }
}
