import { createToolCallContext, parseArgs, type AnyToolDef } from 'agent-tools';
import type { CanvasApi } from '../canvas/types.js';

/**
 * Calls a tool the way every adapter does: the raw arguments go through `parseArgs` (defaults,
 * coercion, validation) before `execute`. Throws the argument error message when parsing fails.
 */
export async function call(tool: AnyToolDef, api: CanvasApi, raw: Record<string, unknown> = {}): Promise<any> {
  const parsed = parseArgs(tool, raw);
  if (!parsed.ok) throw new Error(parsed.error);
  return await tool.execute(api, parsed.args, createToolCallContext().ctx);
}
