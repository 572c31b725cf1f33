import { runTool, type AnyToolDef } from 'agent-tools';
import type { CanvasApi } from '../canvas/types.js';

/**
 * Calls a tool the way every adapter does, through `runTool`: the raw arguments go through
 * `parseArgs` (defaults, coercion, validation), the approval step (approved here: a destructive
 * tool's `execute` refuses a direct call), then `execute`. Returns what `execute` returned, or
 * `{ error }` when it threw or returned one (what the model reads); throws when the tool did not
 * run (bad arguments), with the pipeline's message.
 */
export async function call(tool: AnyToolDef, api: CanvasApi, raw: Record<string, unknown> = {}): Promise<any> {
  let ran = false;
  const result = await runTool(tool, raw, {
    getApi: () => api,
    // approves the one call this helper makes, and no other
    approve: (request) => request.tool === tool,
    onAfterExecute: () => {
      ran = true;
    },
  });
  if (!result.isError) return result.value;
  if (ran) return { error: result.error };
  throw new Error(result.error);
}
