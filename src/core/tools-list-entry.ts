import { toInputSchema, type InputSchema } from './input-schema.js';
import type { ParamsDef } from './param.js';

/** The fields of a tool that its MCP `tools/list` entry is made from (a ToolDef or a statically extracted tool). */
export interface ToolListing {
  name: string;
  title?: string;
  description: string;
  mutates?: boolean;
  destructive?: boolean;
  params: ParamsDef;
}

/** One tool in an MCP `tools/list` result. */
export interface ToolsListEntry {
  name: string;
  title?: string;
  description: string;
  inputSchema: InputSchema;
  annotations: { readOnlyHint: boolean; destructiveHint: boolean };
}

/**
 * THE one mapping from a tool to its MCP `tools/list` entry, shared by the MCP server
 * adapter and `agent-tools export --format mcp` so both give the same bytes:
 * `{ name, title?, description, inputSchema, annotations }` in that key order (`title` only
 * when non-empty), with
 * `inputSchema` from `toInputSchema`, `readOnlyHint` = not `mutates` and `destructiveHint`
 * = `destructive === true` (MCP spec 2025-06-18, ToolAnnotations; a tool that does not say
 * it is destructive is reported as not destructive).
 */
export function toolsListEntry(tool: ToolListing): ToolsListEntry {
  return {
    name: tool.name,
    ...(tool.title ? { title: tool.title } : {}),
    description: tool.description,
    inputSchema: toInputSchema(tool.params),
    annotations: { readOnlyHint: tool.mutates !== true, destructiveHint: tool.destructive === true },
  };
}
