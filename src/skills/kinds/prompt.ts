/** The prompt skill kind: trigger words and instructions added to the system prompt, with optional MCP prompt arguments. */
import { placeholderKeys } from '../../util/fill-template.js';
import type { SkillProblem } from '../files/json-schema-params.js';
import { promptSkillSchema, type PromptSkillFile } from '../files/skill-file-schema.js';
import { createSkill } from '../model/skill.js';
import { defineSkillKind } from './define-skill-kind.js';
import { cliCommand } from '../../shared/cli-command.js';

/** A prompt skill's arguments: each named once, each written `{{name}}` somewhere in `content` (else a typo goes unseen). */
function promptProblems(raw: Record<string, unknown>): SkillProblem[] {
  // argument names are checked on a file zod accepts (a malformed one gets zod's problems only)
  const parsed = promptSkillSchema.safeParse(raw);
  if (!parsed.success) return [];
  const file = parsed.data;
  const problems: SkillProblem[] = [];
  const seen = new Set<string>();
  const used = placeholderKeys(file.content);
  (file.arguments ?? []).forEach((a, i) => {
    if (seen.has(a.name)) problems.push({ path: `$.arguments[${i}].name`, message: `repeats the argument name "${a.name}"` });
    seen.add(a.name);
    if (!used.has(a.name))
      problems.push({
        path: `$.arguments[${i}].name`,
        message: `"${a.name}" is not used in the content; write {{${a.name}}} where its value goes`,
      });
  });
  return problems;
}

export default defineSkillKind<PromptSkillFile>({
  id: 'prompt',
  summary: 'instructions added to the system prompt when a trigger word occurs; an MCP prompt',
  fileKind: 'prompt',
  schema: promptSkillSchema,
  problems: promptProblems,
  build: (file, { enabled }) =>
    createSkill({
      name: file.name,
      description: file.description,
      kind: 'prompt',
      prompt: { triggers: file.triggers, content: file.content, ...(file.arguments ? { arguments: file.arguments } : {}) },
      enabled,
    }),
  access: () => [],
  envTo: () => undefined,
  view: (file) => ({
    details: [
      `triggers: ${file.triggers.join(', ')}`,
      // the arguments MCP prompts/get takes; {{name}} in the content stands for each
      ...(file.arguments?.length
        ? [
            'arguments (MCP prompts/get):',
            ...file.arguments.map((a) => `  ${a.name}${a.required ? ' (required)' : ''}${a.description ? `  ${a.description}` : ''}`),
          ]
        : []),
      '',
      file.content,
    ],
    json: {},
    triggers: [...file.triggers],
    tools: [],
    runs: null,
    sandbox: [],
  }),
  try: { tools: 'none', hint: `try '${cliCommand('skill route')}'` },
});
