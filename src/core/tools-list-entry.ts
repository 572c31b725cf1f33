/** The one mapping from a tool to its MCP `tools/list` entry, shared by the MCP server and `export --format mcp`. */

import { isDestructive } from './approval.js';
import { inputSchemaOfTool, type InputSchema } from './input-schema.js';
import type { OutputSpec } from './output.js';
import { outputSchemaOfTool, type OutputSchema } from './output-schema.js';
import type { ParamsDef } from './param.js';

/** The fields of a tool that its MCP `tools/list` entry is made from (a ToolDef or a statically extracted tool). */
export interface ToolListing {
  name: string;
  title?: string;
  description: string;
  mutates?: boolean;
  destructive?: boolean;
  idempotent?: boolean;
  openWorld?: boolean;
  params: ParamsDef;
  /** A zod `input`'s portable schema when it is not flat (see `inputSchemaOfTool`). */
  inputSchema?: Record<string, unknown>;
  /** The declared output (see `ToolDef.output`). */
  output?: OutputSpec;
  /** Its JSON Schema when already written (by `defineTool` or a static reading; see `outputSchemaOfTool`). */
  outputSchema?: Record<string, unknown>;
}

/** One tool in an MCP `tools/list` result. */
export interface ToolsListEntry {
  name: string;
  title?: string;
  description: string;
  inputSchema: InputSchema;
  outputSchema?: OutputSchema;
  annotations: { title?: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
}

/**
 * THE one mapping from a tool to its MCP `tools/list` entry, shared by the MCP server
 * adapter and `agent-tools export --format mcp` so both give the same bytes:
 * `{ name, title?, description, inputSchema, outputSchema?, annotations }` in that key order (`title` only
 * when non-empty, `outputSchema` only for a tool that declares an output: `outputSchemaOfTool`), with
 * `inputSchema` from `toInputSchema` (`inputSchemaOfTool`), and all four hints explicit (MCP spec 2025-06-18,
 * ToolAnnotations; directories that review MCP servers reject a tool that leaves one out),
 * after `title` when the tool has one:
 * - `readOnlyHint` = not `mutates`;
 * - `destructiveHint` = `destructive`, by default true for a mutating tool and false for a read-only one
 *   (`isDestructive`: the MCP spec's default for a tool that is not read-only is true);
 * - `idempotentHint` = `idempotent`, by default true for a read-only tool and false for a mutating one;
 * - `openWorldHint` = `openWorld === true` (a tool works on the API it is given unless it says otherwise;
 *   the spec's own default, true, would mark every tool as reaching the outside world).
 */
export function toolsListEntry(tool: ToolListing): ToolsListEntry {
  return {
    name: tool.name,
    ...(tool.title ? { title: tool.title } : {}),
    description: tool.description,
    inputSchema: inputSchemaOfTool(tool),
    ...withOutputSchema(tool),
    annotations: {
      ...(tool.title ? { title: tool.title } : {}),
      readOnlyHint: tool.mutates !== true,
      destructiveHint: isDestructive(tool),
      idempotentHint: tool.idempotent ?? tool.mutates !== true,
      openWorldHint: tool.openWorld === true,
    },
  };
}

function withOutputSchema(tool: ToolListing): { outputSchema?: OutputSchema } {
  const outputSchema = outputSchemaOfTool(tool);
  return outputSchema ? { outputSchema } : {};
}
