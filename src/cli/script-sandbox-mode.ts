/** How script skills are isolated for a command: bubblewrap, or refused unless `--unsandboxed` allows them. */

import { Option } from './commander.js';

/**
 * The variable that allows unsandboxed scripts like `--unsandboxed` does, for servers started by a client's configuration (`1` or `true`).
 */
export const UNSANDBOXED_ENV = 'AGENT_TOOLS_UNSANDBOXED';

/** `--unsandboxed`, shared by every command that runs script skills (serve, skill run, console). */
export function unsandboxedOption(): Option {
  return new Option(
    '--unsandboxed',
    `where bubblewrap cannot run (not Linux, not installed, user namespaces refused), run script skills without a sandbox: as you, with your files and network (or ${UNSANDBOXED_ENV}=1)`,
  );
}

/**
 * How script skills are isolated for this command: always in bubblewrap where it runs; where
 * it cannot, refused (`required`) unless the user opted in with `--unsandboxed` or
 * `AGENT_TOOLS_UNSANDBOXED=1` (`preferred`: then they run unsandboxed).
 */
export function scriptSandboxMode(flag: boolean | undefined, env: NodeJS.ProcessEnv = process.env): 'required' | 'preferred' {
  return flag === true || /^(1|true)$/i.test(env[UNSANDBOXED_ENV] ?? '') ? 'preferred' : 'required';
}
