/** The rules an executor runs under, one sentence each, for a person to read before running a tool skill. */

import { HTTP_DEFAULT_MAX_RESPONSE_BYTES, HTTP_DEFAULT_TIMEOUT_MS } from './http-executor.js';
import { SCRIPT_DEFAULT_MAX_OUTPUT_BYTES, SCRIPT_MAX_TIMEOUT_MS } from './script-executor.js';
import type { HttpExecutorSpec, ScriptExecutorSpec } from '../files/skill-file-schema.js';

const n = (v: number) => v.toLocaleString('en-US');

/**
 * The rules a script executor runs under, one sentence each, for a person to read before
 * running the tool (the skill console shows them): what `runScript` enforces, with this
 * skill's limits (ms, bytes), and what it does not protect against.
 */
export function scriptRules(executor: ScriptExecutorSpec): string[] {
  return [
    `Runs ${executor.runtime} (found on PATH by that name) on the code in the skill file; arguments arrive as JSON on stdin.`,
    'Runs inside bubblewrap as nobody: the system read-only, its code read-only, a private temp folder (its HOME) that is gone afterwards; no home folder, no project, no skill store, no other process.',
    executor.network === true
      ? "Declares network: true, so it shares this machine's network (any host, loopback services included)."
      : 'No network.',
    'The environment holds only PATH, HOME, TMPDIR, locale settings and AGENT_TOOLS_RUN_ID (no API keys).',
    `Killed with everything it started after ${n(executor.timeoutMs ?? SCRIPT_MAX_TIMEOUT_MS)} ms.`,
    `Keeps at most ${n(executor.maxOutputBytes ?? SCRIPT_DEFAULT_MAX_OUTPUT_BYTES)} bytes of output.`,
    'Where bubblewrap cannot run (not Linux, not installed, user namespaces refused) it does not run, unless scripts are allowed unsandboxed (--unsandboxed): then it runs as you, with your files and network.',
  ];
}

/**
 * The rules an HTTP executor runs under, one sentence each (the skill console shows them):
 * what `runHttpExecutor` enforces, with this skill's limits (ms, bytes).
 */
export function httpRules(executor: HttpExecutorSpec): string[] {
  return [
    `Sends ${executor.method} to ${executor.url}; arguments fill the {placeholders} percent-encoded, so they cannot change the scheme, host or path.`,
    'Redirects are not followed (the host cannot change).',
    `Gives up after ${n(executor.timeoutMs ?? HTTP_DEFAULT_TIMEOUT_MS)} ms and reads at most ${n(executor.maxResponseBytes ?? HTTP_DEFAULT_MAX_RESPONSE_BYTES)} bytes of the response.`,
    ...(executor.headers && Object.keys(executor.headers).length > 0
      ? [
          `Sends the headers ${Object.keys(executor.headers).join(', ')}; \${env:NAME} values (only the variables the file declares) are read from your environment at call time.`,
        ]
      : []),
  ];
}
