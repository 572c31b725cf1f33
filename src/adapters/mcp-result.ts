/** The MCP `tools/call` result of a pipeline result: an error, content blocks or structured content. */

import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ToolResult } from '../runtime/run-tool.js';
import { isPlainObject } from '../util/is-plain-object.js';

/**
 * The MCP `tools/call` result for a pipeline result: `isError` with the message; the
 * content blocks of a `contentResult` (text, image, audio, resource) as they are; else the
 * JSON text plus `structuredContent` for an object. The one place a pipeline result becomes
 * an MCP result, on every revision.
 */
export function toCallToolResult(result: ToolResult): CallToolResult {
  if (result.isError) return { content: [{ type: 'text', text: result.error }], isError: true };
  if (result.content) return { content: result.content };
  const { value } = result;
  const structured = isPlainObject(value) ? { structuredContent: value } : {};
  return { content: [{ type: 'text', text: result.json }], ...structured };
}
