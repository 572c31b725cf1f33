/** The enabled prompt skills as MCP prompts, followed live. */

import type { PromptDef, PromptSource } from '../../core/prompt.js';
import { fillTemplate } from '../../util/fill-template.js';
import type { Skill } from './skill.js';
import type { SkillRegistry } from './skill-registry.js';

/**
 * The MCP prompt of a prompt skill (a prompt skill file or a SKILL.md): its content as one
 * user message, with the skill's declared `arguments` (a SKILL.md declares none). `get(args)`
 * writes each argument's value where the content says `{{name}}` (an optional argument not
 * given: empty text); any other `{{...}}` and every other character stay as written, nothing
 * is escaped. A missing required argument is refused and an undeclared one dropped before
 * `get` runs (`getPromptMessages`).
 */
export function skillPrompt(skill: Skill): PromptDef {
  const content = skill.prompt?.content ?? '';
  const declared = skill.prompt?.arguments ?? [];
  if (declared.length === 0) return { name: skill.name, description: skill.description, get: () => content };
  return {
    name: skill.name,
    description: skill.description,
    arguments: declared,
    get: (args) => fillTemplate(content, Object.fromEntries(declared.map((a) => [a.name, args[a.name] ?? '']))),
  };
}

/**
 * The enabled prompt skills of `registry` as a live prompt source (`serve` passes it to
 * `createMcpServer({ prompts })`): `prompts()` is every enabled skill with a prompt, in
 * registration order; listeners hear of every skill change (enable, disable, install,
 * remove), and the MCP server sends `notifications/prompts/list_changed` when the list differs.
 */
export function skillPrompts(registry: SkillRegistry): PromptSource {
  let cache: { skills: Skill[]; prompts: PromptDef[] } | undefined;
  return {
    prompts() {
      const skills = registry.activePromptSkills();
      if (!cache || cache.skills.length !== skills.length || cache.skills.some((s, i) => s !== skills[i]))
        cache = { skills, prompts: skills.map(skillPrompt) };
      return cache.prompts;
    },
    onChange: (listener) => registry.onSkillsChange(listener),
  };
}
