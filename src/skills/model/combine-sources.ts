/** One tool source made of several, in order. */

import type { AnyToolDef } from '../../core/tool.js';
import type { ToolSource } from '../../runtime/tool-source.js';

/**
 * One {@link ToolSource} made of several: `tools()` is each part's tools in order, and
 * `onChange` listens to every part that can change (an array is fixed). Used to serve a
 * module's tools together with the skill store's enabled skills.
 */
export function combineToolSources(...parts: (readonly AnyToolDef[] | ToolSource)[]): ToolSource {
  const live = parts.filter((p): p is ToolSource => !Array.isArray(p));
  return {
    tools: () => parts.flatMap((p) => (Array.isArray(p) ? p : (p as ToolSource).tools())),
    onChange(listener) {
      const offs = live.map((p) => p.onChange(listener));
      return () => offs.forEach((off) => off());
    },
  };
}
