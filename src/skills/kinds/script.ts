/** The script skill kind: one tool that runs python3, bash or node code in a sandbox, arguments as JSON on stdin. */
import { scriptRules } from '../executors/sandbox-rules.js';
import { runScript } from '../executors/script-executor.js';
import { scriptExecutorSchema, type ScriptExecutorSpec } from '../files/skill-file-schema.js';
import type { ToolSkillFile } from '../files/external-skill.js';
import { defineSkillKind, type SkillKindTool } from './define-skill-kind.js';
import { buildToolSkill, toolDetails } from './tool-file.js';

type ScriptFile = ToolSkillFile & { executor: ScriptExecutorSpec };

const runs = (ex: ScriptExecutorSpec) => `script (${ex.runtime})`;

const tool: SkillKindTool<ScriptFile> = {
  // a script mutates, is not destructive unless the skill file says destructive: true, and runs on this machine (not open-world)
  hints: ({ destructive }) => ({
    mutates: true,
    destructive: destructive === true,
    idempotent: false,
    openWorld: false,
    ...(destructive === true ? { why: 'the skill file says destructive: true' } : {}),
  }),
  rules: scriptRules,
  run: ({ executor: ex }, args, { options, signal }) =>
    runScript(ex.runtime, ex.code, args, {
      ...(ex.timeoutMs !== undefined ? { timeoutMs: ex.timeoutMs } : {}),
      ...(ex.maxOutputBytes !== undefined ? { maxOutputBytes: ex.maxOutputBytes } : {}),
      ...(options.killGraceMs !== undefined ? { killGraceMs: options.killGraceMs } : {}),
      ...(options.sandbox !== undefined ? { sandbox: options.sandbox } : {}),
      network: ex.network === true,
      ...(signal ? { signal } : {}),
      // output cut before a failure: the result cap cuts the error once, marked with its whole size
    }).then((r) => (r.errorCut ? { ...r, error: r.errorCut } : r)),
};

export default defineSkillKind<ScriptFile>({
  id: 'script',
  summary: 'a tool that runs python3, bash or node code in a sandbox',
  fileKind: 'tool',
  executorType: 'script',
  schema: scriptExecutorSchema,
  problems: () => [],
  tool,
  sandboxed: true,
  build: (file, ctx) => buildToolSkill(file, ctx, tool),
  access: ({ executor }) => [
    executor.network === true
      ? `runs ${executor.runtime} in a sandbox, with network access (it declares network: true)`
      : `runs ${executor.runtime} in a sandbox, with no network`,
  ],
  envTo: () => 'not used by a script',
  view: (file) => ({
    details: toolDetails(file, runs(file.executor), tool),
    json: {},
    triggers: [],
    tools: [file.name],
    runs: runs(file.executor),
    sandbox: scriptRules(file.executor),
  }),
  try: { tools: 'file', from: (file) => `skill ${file.name}`, rules: (file) => scriptRules(file.executor) },
});
