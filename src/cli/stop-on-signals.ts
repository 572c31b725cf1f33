/** Ctrl-C, SIGTERM, SIGHUP: script skills stopped, exit 128 + signal; a long-running command stops when its parent exits. */

/** Exit codes of a process ended by a signal, as a shell reports them: 128 + the signal's number. */
const SIGNALS = [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
] as const;
let installed = false;

/**
 * On Ctrl-C (SIGINT), SIGTERM or SIGHUP: stops this process's running script skills (their
 * process groups killed, their temp folders removed; see `stopScriptRuns`), then exits with
 * 128 + the signal's number. Node's default for these signals exits at once and left a script
 * skill's processes running and its temp folder behind. Installed once by `serve` and `skill run`.
 */
export function stopScriptsOnSignals(): void {
  if (installed) return;
  installed = true;
  for (const [signal, code] of SIGNALS)
    process.once(signal, () => {
      void import('../skills/executors/script-executor.js').then((m) => m.stopScriptRuns()).finally(() => process.exit(code));
    });
}

/** How often {@link stopWhenParentExits} looks at the parent process id, in ms. */
export const PARENT_CHECK_MS = 1000;
let watching = false;

/**
 * Stops this long-running command (`serve`, `console`) the way SIGTERM does once the process that
 * started it is gone: every {@link PARENT_CHECK_MS} ms it compares `process.ppid` with the one it
 * started with, and when it changed (the process was handed to init or a subreaper) it sends
 * itself SIGTERM, so the command's own SIGTERM handling runs (script skills stopped, servers
 * closed, exit 143). Why: `npx agent-tools serve` and `npm run` start the binary through
 * `sh -c`, and npm 11 passes SIGTERM only to that shell, which dies without passing it on, so
 * the server kept running (and holding its port) after its npx was stopped. The timer is unref'd.
 * It watches only when npm started the command (`npm_lifecycle_event` is set in `env`).
 */
export function stopWhenParentExits(env: NodeJS.ProcessEnv = process.env): void {
  // Only under npm (npx, npm exec, npm run set npm_lifecycle_event): a server started with
  // `nohup … &` or by a supervisor is meant to outlive the shell that started it.
  if (watching || !env.npm_lifecycle_event) return;
  watching = true;
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid === parent) return;
    process.stderr.write(`agent-tools: the process that started this one (pid ${parent}) has exited: stopping\n`);
    process.kill(process.pid, 'SIGTERM');
  }, PARENT_CHECK_MS).unref();
}
