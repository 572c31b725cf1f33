import type { ExternalSkillFile } from './external-skill.js';
import { toolFromSkillFile, type ExternalToolOptions } from './external-tool.js';
import { createSkill, type Skill } from '../model/skill.js';

/**
 * Builds the {@link Skill} of a validated prompt or tool skill file (an MCP skill needs a
 * connection: use `createMcpSkill`). External tools always go through the HTTP or script
 * executor; they end as ordinary ToolDefs, so the model cannot tell them from built-in ones.
 *
 * @param enabled default true.
 * @throws {TypeError} for an `mcp` file.
 */
export function skillFromFile(file: ExternalSkillFile, enabled = true, options: ExternalToolOptions = {}): Skill {
  switch (file.kind) {
    case 'prompt':
      return createSkill({
        name: file.name,
        description: file.description,
        kind: 'prompt',
        prompt: { triggers: file.triggers, content: file.content, ...(file.arguments ? { arguments: file.arguments } : {}) },
        enabled,
      });
    case 'tool':
      return createSkill({
        name: file.name,
        description: file.description,
        kind: 'tool',
        tools: [toolFromSkillFile(file, options)],
        enabled,
      });
    case 'mcp':
      throw new TypeError(`Skill "${file.name}" is an MCP skill; build it with createMcpSkill, which connects to its server`);
  }
}
