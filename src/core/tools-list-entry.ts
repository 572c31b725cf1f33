/** The one mapping from a tool to its MCP `tools/list` entry, shared by the MCP server and `export --format mcp`. */

import { isDestructive, isReadOnly } from './approval.js';
import { inputSchemaOfTool, type InputSchema } from './input-schema.js';
import type { OutputSpec } from './output.js';
import { outputSchemaOfTool, type OutputSchema } from './output-schema.js';
import type { ParamsDef } from './param.js';

/**
 * What a tool lists: the fields its MCP `tools/list` entry, its AI SDK tool and its exports are
 * made from. `ToolDef` (a tool as defined) extends it with how the tool runs; a statically
 * extracted tool (`ExtractedTool`) and an exported one (`ExportTool`) extend it with where
 * they come from. Each field is declared here once.
 */
export interface ToolListing<P extends ParamsDef = ParamsDef> {
  /** The tool's name: `^[a-zA-Z0-9_-]{1,64}$` (`TOOL_NAME_PATTERN`; snake_case recommended). */
  name: string;
  /** A name for people (MCP `title`, also `annotations.title`); listed only when non-empty. */
  title?: string;
  /** What the tool does, for the model: non-empty, at most 64 KiB of UTF-8. */
  description: string;
  /**
   * Whether the tool changes state. `false` declares it read-only (MCP `readOnlyHint: true`, no
   * approval by default); `true` or left out: not read-only (`readOnlyHint: false`) and, unless
   * `destructive: false`, destructive, so every adapter asks for approval before a call (the MCP
   * spec's defaults, 2025-06-18 and later; see `isReadOnly`). Snapshots and `onAffected` run only
   * for an explicit `mutates: true`: a snapshot is a cost, not a permission.
   */
  mutates?: boolean;
  /**
   * The change cannot be undone (MCP `destructiveHint`). Default: true for a tool that is not
   * declared read-only (mutating, or `mutates` left out), as the MCP spec says (`isDestructive`);
   * `destructive: false` is the author's claim that another call can put back what it changed.
   */
  destructive?: boolean;
  /**
   * Calling again with the same arguments changes nothing more (MCP `idempotentHint`; default:
   * true for a tool declared read-only, `mutates: false`, else false, the MCP spec's default).
   */
  idempotent?: boolean;
  /**
   * The tool reaches outside entities (the web, another service) rather than only the API it is
   * given (MCP `openWorldHint`; default false).
   */
  openWorld?: boolean;
  /** Flat params, see {@link ParamDef}. */
  params: P;
  /**
   * For a zod `input` with properties that are not flat (nested objects, arrays of objects):
   * its portable JSON Schema, set by `defineTool`; adapters list it instead of `toInputSchema(params)`
   * (see `inputSchemaOfTool`).
   */
  inputSchema?: Record<string, unknown>;
  /**
   * The result's declared shape: flat fields like `params` (plus `object` and `object[]`
   * fields), or a zod object. `execute`'s return is typed from it (`ResolvedOutput`), the
   * pipeline checks each result against it (a result that breaks it is an error result), and
   * every adapter lists its JSON Schema (`toOutputSchema`) as the tool's output schema.
   */
  output?: OutputSpec;
  /** The JSON Schema of `output`, when already written (by `defineTool` or a static reading; see `outputSchemaOfTool`). */
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
 * - `readOnlyHint` = `mutates: false` (`isReadOnly`; a tool that leaves `mutates` out is not read-only,
 *   the MCP spec's default);
 * - `destructiveHint` = `destructive`, by default true unless the tool is declared read-only
 *   (`isDestructive`: the MCP spec's default for a tool that is not read-only is true);
 * - `idempotentHint` = `idempotent`, by default true only for a tool declared read-only;
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
      readOnlyHint: isReadOnly(tool),
      destructiveHint: isDestructive(tool),
      idempotentHint: tool.idempotent ?? isReadOnly(tool),
      openWorldHint: tool.openWorld === true,
    },
  };
}

function withOutputSchema(tool: ToolListing): { outputSchema?: OutputSchema } {
  const outputSchema = outputSchemaOfTool(tool);
  return outputSchema ? { outputSchema } : {};
}
