/** The ToolDef of a tool skill: its params, and an `execute` that runs the HTTP or script executor. */

import { defineTool, type AnyToolDef } from '../../core/tool.js';
import type { ToolSkillFile } from './external-skill.js';
import { runHttpExecutor } from '../executors/http-executor.js';
import { runScript, type ScriptRunOptions } from '../executors/script-executor.js';
import type { ToolCallContext } from '../../core/call-context.js';

/** Options for tools built from skill files. */
export interface ExternalToolOptions {
  /** Where HTTP headers read `${env:NAME}` (only the names the file declares in `env`); default `process.env`. */
  env?: Record<string, string | undefined>;
  /** Milliseconds between SIGTERM and SIGKILL for script tools; default 1 000. */
  killGraceMs?: number;
  /** How script tools are isolated (see `ScriptRunOptions.sandbox`); default `required`: in bubblewrap, or not at all. */
  sandbox?: ScriptRunOptions['sandbox'];
}

/**
 * The ToolDef of a tool skill: named like the skill, its params as validated, and an
 * `execute` that runs the HTTP or script executor. A failure is returned as
 * `{ error: message }` (the pipeline's error result), never thrown. The domain `api` is
 * ignored: external tools cannot reach into the host program. The abort signal the pipeline
 * passes (an AI SDK abort, an MCP cancellation) aborts the request or kills the script.
 *
 * Annotations: an HTTP GET is read-only; other methods and scripts mutate; DELETE is
 * destructive; GET, PUT and DELETE are idempotent; an HTTP tool is open-world, a script is not.
 */
export function toolFromSkillFile(file: ToolSkillFile, options: ExternalToolOptions = {}): AnyToolDef {
  const ex = file.executor;
  return defineTool({
    name: file.name,
    description: file.description,
    params: file.params,
    mutates: !(ex.type === 'http' && ex.method === 'GET'),
    destructive: ex.type === 'http' && ex.method === 'DELETE',
    // RFC 9110 9.2.2: GET, PUT and DELETE are idempotent; an HTTP call reaches another service.
    idempotent: ex.type === 'http' && ['GET', 'PUT', 'DELETE'].includes(ex.method),
    openWorld: ex.type === 'http',
    async execute(_api: unknown, args: Record<string, unknown>, ctx: ToolCallContext) {
      const signal = ctx.abortSignal ? { signal: ctx.abortSignal } : {};
      if (ex.type === 'http') {
        const r = await runHttpExecutor(ex, args, { ...(options.env ? { env: options.env } : {}), declaredEnv: file.env ?? [], ...signal });
        return r.ok ? r.value : { error: r.error };
      }
      const r = await runScript(ex.runtime, ex.code, args, {
        ...(ex.timeoutMs !== undefined ? { timeoutMs: ex.timeoutMs } : {}),
        ...(ex.maxOutputBytes !== undefined ? { maxOutputBytes: ex.maxOutputBytes } : {}),
        ...(options.killGraceMs !== undefined ? { killGraceMs: options.killGraceMs } : {}),
        ...(options.sandbox !== undefined ? { sandbox: options.sandbox } : {}),
        network: ex.network === true,
        ...signal,
      });
      return r.ok ? r.value : { error: r.error };
    },
  });
}
