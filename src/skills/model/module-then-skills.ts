/** A module's tools followed by the enabled skills' tools, a skill tool named like a module tool left out and reported. */

import type { AnyToolDef } from '../../core/tool.js';
import type { ToolSource } from '../../runtime/tool-source.js';
import { combineToolSources } from './combine-sources.js';
import type { SkillRegistry } from './skill-registry.js';

/** A skill tool left out because a tool of the module has its name. */
export interface SkillToolClash {
  /** The name both have. */
  tool: string;
  /** The skill whose tool is left out. */
  skill: string;
  /** The module's tool, which is served. */
  kept: AnyToolDef;
}

/**
 * One {@link ToolSource}: the module's tools (`own`, an array or a live source), then the tools
 * of the enabled skills of `skills`, in order, changing as either changes. A skill tool with
 * the name of a module tool is left out (never last-one-wins, and never a duplicate name that
 * would break every `tools/list` of a running server): the module's tool stays, and `onClash`
 * is called once when that clash appears (again only after it went away and came back). It is
 * called from `tools()`, which an MCP server calls at start and on each change.
 */
export function moduleThenSkills(
  own: readonly AnyToolDef[] | ToolSource,
  skills: SkillRegistry,
  onClash: (clash: SkillToolClash) => void,
): ToolSource {
  let said = new Set<string>();
  const both = combineToolSources(own, skills);
  return {
    tools() {
      const first = Array.isArray(own) ? (own as readonly AnyToolDef[]) : (own as ToolSource).tools();
      const byName = new Map(first.map((t) => [t.name, t]));
      const kept = [...first];
      const now = new Set<string>();
      for (const skill of skills.list().filter((s) => s.enabled))
        for (const tool of skill.tools) {
          const mine = byName.get(tool.name);
          if (mine === undefined) {
            kept.push(tool);
            continue;
          }
          const key = JSON.stringify([skill.name, tool.name]);
          now.add(key);
          if (!said.has(key)) onClash({ tool: tool.name, skill: skill.name, kept: mine });
        }
      said = now;
      return kept;
    },
    onChange: (listener) => both.onChange(listener),
  };
}
