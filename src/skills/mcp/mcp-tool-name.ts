/** The name an imported MCP tool gets: `<skill>__<tool>`, made valid and short enough. */

import { createHash } from 'node:crypto';
import { MAX_TOOL_NAME_LENGTH, replaceCharsOutsideToolNames } from '../../core/tool-name.js';

/** Longest tool name MCP clients and providers accept (OpenAI's documented limit); the core's tool-name rule. */
export const MAX_TOOL_NAME = MAX_TOOL_NAME_LENGTH;

/**
 * The name an imported MCP tool gets: `<skill>__<tool>`. Characters outside
 * `[a-zA-Z0-9_-]` become `_`. When that changed the name, or it is over 64 characters, the
 * name is cut and ends with `_` and 8 hex digits of the SHA-256 of `<skill>__<tool>`, so
 * distinct tools keep distinct names and the same tool always gets the same name.
 */
export function mcpToolName(skill: string, tool: string): string {
  const full = `${skill}__${tool}`;
  const clean = replaceCharsOutsideToolNames(full);
  if (clean === full && full.length <= MAX_TOOL_NAME) return full;
  const hash = createHash('sha256').update(full).digest('hex').slice(0, 8);
  return `${clean.slice(0, MAX_TOOL_NAME - 9)}_${hash}`;
}
