import { toolsListEntry } from '../../core/tools-list-entry.js';
import { jsonText, type Format } from './types.js';

/**
 * `mcp`: exactly the MCP `tools/list` result, `{ "tools": [ { name, title?, description,
 * inputSchema, annotations } ] }`, built by the same `toolsListEntry` as the MCP server adapter.
 */
export const mcp: Format = (tools) => ({ text: jsonText({ tools: tools.map(toolsListEntry) }), warnings: [] });
