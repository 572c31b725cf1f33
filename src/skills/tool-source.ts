import type { AnyToolDef } from '../core/tool.js';

/**
 * A live set of tools: what `createMcpServer` follows (sending `tools/list_changed`) and
 * what `toolsToAI` rebuilds its tool set from on every request. Structurally the same as
 * the runtime's `ToolSource`, so a {@link SkillRegistry} can be passed wherever one is
 * expected.
 *
 * - `tools()`: the tools visible now, in a stable order.
 * - `onChange(listener)`: called after the visible set changed; returns an unsubscribe
 *   function.
 */
export interface SkillToolSource {
  tools(): AnyToolDef[];
  onChange(listener: () => void): () => void;
}
