/** Builders of the `tools/list` entries the diff rules' examples are written with. */

import type { ToolEntry } from '../types.js';

type Properties = Record<string, Record<string, unknown>>;

/** Keys of an example entry besides its params; `required` goes into the input schema. */
interface Extra {
  title?: string;
  description?: string;
  required?: string[];
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/**
 * A `tools/list` entry for a rule's example, keys in the order `export --format mcp` writes
 * them: `name`, `title?`, `description`, `inputSchema` (an object with `properties`,
 * `required` when given and `additionalProperties: false`), then the rest of `extra`.
 */
export function entry(name: string, description: string, properties: Properties, extra: Extra = {}): ToolEntry {
  const { required, title, ...rest } = extra;
  return {
    name,
    ...(title !== undefined ? { title } : {}),
    description,
    inputSchema: { type: 'object', properties, ...(required ? { required } : {}), additionalProperties: false },
    ...rest,
  };
}

const NODE_ID = { type: 'string', description: 'Node id' };

/** `get_node`: a read-only tool with one required param; `extra` adds or replaces keys. */
export function getNode(extra: Extra & { name?: string } = {}): ToolEntry {
  const { name, description, ...rest } = extra;
  return entry(name ?? 'get_node', description ?? 'Return a node of the canvas by its id', { id: NODE_ID }, { required: ['id'], ...rest });
}

/** `set_font` with `id` (required) and the given params. */
export function setFont(params: Properties, extra: Extra = {}): ToolEntry {
  return entry('set_font', 'Set the font of a text node', { id: NODE_ID, ...params }, { required: ['id'], ...extra });
}

/** `get_node` with an output schema of `properties` (`required` as given). */
export function withOutput(properties: Properties, required: string[]): ToolEntry {
  return getNode({ outputSchema: { type: 'object', properties, required } });
}

/** MCP tool annotations with all four hints given. */
export function hints(readOnly: boolean, destructive: boolean, idempotent: boolean, openWorld: boolean): Record<string, boolean> {
  return { readOnlyHint: readOnly, destructiveHint: destructive, idempotentHint: idempotent, openWorldHint: openWorld };
}
