/** The ToolDef of a tool skill and the rules its executor runs under, each asked of the executor's kind (src/skills/kinds/). */

import type { AnyToolDef } from '../../core/tool.js';
import type { ToolSkillFile } from './external-skill.js';
import type { ScriptRunOptions } from '../executors/script-executor.js';
import type { SkillKindTool } from '../kinds/define-skill-kind.js';
import { SKILL_KINDS } from '../kinds/index.js';
import { toolOfKind } from '../kinds/tool-file.js';

/** Options for tools built from skill files. */
export interface ExternalToolOptions {
  /** Where HTTP headers read `${env:NAME}` (only the names the file declares in `env`); default `process.env`. */
  env?: Record<string, string | undefined>;
  /** Milliseconds between SIGTERM and SIGKILL for script tools; default 1 000. */
  killGraceMs?: number;
  /** How script tools are isolated (see `ScriptRunOptions.sandbox`); default `required`: in bubblewrap, or not at all. */
  sandbox?: ScriptRunOptions['sandbox'];
}

/** The tool part of the kind whose executor has this `type` (the list in src/skills/kinds/ names each). */
function toolKindOf(type: string): SkillKindTool<ToolSkillFile> {
  const kind = SKILL_KINDS.find((k) => 'executorType' in k && k.executorType === type);
  if (!kind || !('tool' in kind)) throw new TypeError(`no tool skill kind with "executor": { "type": "${type}" }`);
  return kind.tool as SkillKindTool<ToolSkillFile>;
}

/**
 * The ToolDef of a tool skill: named like the skill, its params as validated, and an
 * `execute` that runs the HTTP or script executor. A failure is returned as
 * `{ error: message }` (the pipeline's error result), never thrown. The domain `api` is
 * ignored: external tools cannot reach into the host program. The abort signal the pipeline
 * passes (an AI SDK abort, an MCP cancellation) aborts the request or kills the script.
 *
 * Annotations come from the executor's kind and the file's `destructive`: an HTTP GET is
 * read-only; other methods and scripts mutate; any other HTTP method is destructive unless the
 * file says `destructive: false` (the MCP default), a script only when it says `destructive: true`;
 * GET, PUT and DELETE are idempotent; an HTTP tool is open-world, a script is not.
 *
 * @throws {TypeError} for an executor `type` no skill kind has (a file `parseSkillFile` accepted always has one).
 */
export function toolFromSkillFile(file: ToolSkillFile, options: ExternalToolOptions = {}): AnyToolDef {
  return toolOfKind(file, toolKindOf(file.executor.type), options);
}

/**
 * The rules an executor runs under, one sentence each, for a person to read before running
 * a tool skill (the skill console shows them). They restate what `runScript` and
 * `runHttpExecutor` enforce, with this skill's values (limits in ms and bytes), and what
 * they do not protect against.
 *
 * @throws {TypeError} for an executor `type` no skill kind has.
 */
export function sandboxRules(executor: ToolSkillFile['executor']): string[] {
  return toolKindOf(executor.type).rules(executor);
}
