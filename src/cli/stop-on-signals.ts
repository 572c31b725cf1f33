/** On Ctrl-C, SIGTERM or SIGHUP: stops running script skills, then exits with the shell's signal code. */

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
