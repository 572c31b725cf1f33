/** Builds the Skill of a validated prompt or tool skill file, through its kind. */
import type { ExternalSkillFile } from './external-skill.js';
import type { ExternalToolOptions } from './external-tool.js';
import type { Skill } from '../model/skill.js';
import { skillKindOf } from '../kinds/index.js';

/**
 * Builds the {@link Skill} of a validated prompt or tool skill file (an MCP skill needs a
 * connection: use `createMcpSkill`). External tools always go through the HTTP or script
 * executor; they end as ordinary ToolDefs, so the model cannot tell them from built-in ones.
 *
 * @param enabled default true.
 * @throws {TypeError} for an `mcp` file (a kind whose tools come from a server).
 */
export function skillFromFile(file: ExternalSkillFile, enabled = true, options: ExternalToolOptions = {}): Skill {
  // without a stored row, a kind whose tools come from a server throws here (it needs a connection)
  return skillKindOf(file).build(file, { enabled, options }) as Skill;
}
