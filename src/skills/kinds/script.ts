/** The script skill kind: one tool that runs python3, bash or node code in a sandbox, arguments as JSON on stdin. */
import { sandboxRules } from '../executors/sandbox-rules.js';
import { scriptExecutorSchema, type ScriptExecutorSpec } from '../files/skill-file-schema.js';
import type { ToolSkillFile } from '../files/external-skill.js';
import { defineSkillKind } from './define-skill-kind.js';
import { buildToolSkill, toolDetails } from './tool-file.js';

type ScriptFile = ToolSkillFile & { executor: ScriptExecutorSpec };

const runs = (ex: ScriptExecutorSpec) => `script (${ex.runtime})`;

export default defineSkillKind<ScriptFile>({
  id: 'script',
  summary: 'a tool that runs python3, bash or node code in a sandbox',
  fileKind: 'tool',
  executorType: 'script',
  schema: scriptExecutorSchema,
  problems: () => [],
  build: buildToolSkill,
  access: ({ executor }) => [
    executor.network === true
      ? `runs ${executor.runtime} in a sandbox, with network access (it declares network: true)`
      : `runs ${executor.runtime} in a sandbox, with no network`,
  ],
  envTo: () => 'not used by a script',
  view: (file) => ({
    details: toolDetails(file, runs(file.executor)),
    json: {},
    triggers: [],
    tools: [file.name],
    runs: runs(file.executor),
    sandbox: sandboxRules(file.executor),
  }),
  try: { tools: 'file', from: (file) => `skill ${file.name}`, rules: (file) => sandboxRules(file.executor) },
});
