/** The script executor of tool skills: a sandboxed process with a timeout, capped output and its whole process tree ended. */

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PartialText, utf8Bytes } from '../../runtime/json-safe.js';
import { HeadTailCollector, TailCollector } from './cap-bytes.js';
import { groupAlive, killGroup, runAlive, signalRun, terminateGroup, waitGroupGone, waitRunGone } from './process-group.js';
import { SKILL_MAX_CAP_BYTES, type ScriptRuntime } from '../files/skill-file-schema.js';
import { findRuntime, resolveRuntimeExecutable } from './script-runtime.js';
import { SANDBOX_TEMP_DIR, sandboxCommand, sandboxSupport } from './script-sandbox.js';

export { findRuntime } from './script-runtime.js';

/** Default and maximum script run time: 30 000 ms. */
export const SCRIPT_MAX_TIMEOUT_MS = 30_000;
/** Default cap of kept stdout, and of the kept stderr tail: 1 000 000 bytes each. */
export const SCRIPT_DEFAULT_MAX_OUTPUT_BYTES = 1_000_000;
/** Largest `maxOutputBytes` of a script run: 64 MiB (kept output is held in memory: stdout and the stderr tail). */
export const SCRIPT_MAX_OUTPUT_BYTES = SKILL_MAX_CAP_BYTES;
/**
 * Default time between SIGTERM and SIGKILL: 1 000 ms, so that a script ignoring SIGTERM is gone
 * within its timeout plus 2 s (the documented promise for timeouts) with a second to spare for the kill itself
 * on a loaded machine (with 2 s, the soak saw one end 4 321 ms after a 2 000 ms timeout).
 */
export const SCRIPT_DEFAULT_KILL_GRACE_MS = 1_000;
/** The environment variable holding a run's id; every process of the run inherits it. */
export const RUN_ID_ENV = 'AGENT_TOOLS_RUN_ID';

const FILE_NAMES: Record<ScriptRuntime, string> = { python3: 'main.py', bash: 'main.sh', node: 'main.mjs' };
const ERROR_TAIL_BYTES = 2_000;

/** Options for {@link runScript}. */
export interface ScriptRunOptions {
  /** Milliseconds before the process group is killed; default and maximum 30 000. */
  timeoutMs?: number;
  /** Bytes of stdout kept, and of the stderr tail; default 1 000 000. */
  maxOutputBytes?: number;
  /** Milliseconds between SIGTERM and SIGKILL; default 1 000. */
  killGraceMs?: number;
  /** Ends the run like a timeout (`aborted` in the result). */
  signal?: AbortSignal;
  /**
   * How the script is isolated (see {@link runScript}): `required` (default) runs it in
   * bubblewrap and refuses to run it where bubblewrap is unavailable; `preferred` falls back to
   * an unsandboxed run there (the user's explicit opt-in: `--unsandboxed`); `none` never
   * sandboxes.
   */
  sandbox?: 'required' | 'preferred' | 'none';
  /** The skill declares `network: true`: inside the sandbox it shares the host's network (without, it has none). */
  network?: boolean;
}

/**
 * What one script run did. `value` is stdout parsed as JSON, or stdout as text, or, when
 * stdout was over `maxOutputBytes`, a `PartialText` of its head and tail and real size,
 * which the result cap marks once (a truncated result is marked once, not at every layer).
 */
export interface ScriptRunResult {
  ok: boolean;
  value?: unknown;
  /**
   * Set when `ok` is false: why, with the stderr tail or the partial output. When that output was
   * over `maxOutputBytes`, its ends with the result cap's marker between them (`String` of `errorCut`).
   */
  error?: string;
  /** The same `error` as a `PartialText` when the output in it was cut: its `originalBytes` counts every byte the script wrote. */
  errorCut?: PartialText;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** The caller's abort signal ended the run (its process group was killed). */
  aborted: boolean;
  /** Kept stdout: all of it, or its head and tail with the result cap's marker between them (`String` of the `PartialText`). */
  stdout: string;
  /** The stderr tail (capped, with a `[… N bytes dropped]` marker first when cut). */
  stderr: string;
  stdoutBytes: number;
  stderrBytes: number;
  truncated: boolean;
  /** The run's id, in the `AGENT_TOOLS_RUN_ID` environment variable of every process it started. */
  runId: string;
  /**
   * The host temp directory an unsandboxed script ran in, removed before this result is
   * returned; `''` in the sandbox, where no host directory is made (its `/tmp` is a tmpfs of
   * its own, gone with it).
   */
  tempDir: string;
  /** It ran inside bubblewrap. */
  sandboxed: boolean;
}

function outcome(
  r: Omit<ScriptRunResult, 'ok' | 'value' | 'error' | 'errorCut'>,
  timeoutMs: number,
  partial: PartialText | undefined,
): ScriptRunResult {
  if (r.timedOut || r.aborted || r.exitCode !== 0) {
    const why = r.timedOut
      ? `timed out after ${timeoutMs} ms; its process group was killed`
      : r.aborted
        ? 'was aborted; its process group was killed'
        : r.exitCode === null
          ? `was killed by ${r.signal}`
          : `exited with code ${r.exitCode}`;
    const tail = r.stderr.length > ERROR_TAIL_BYTES ? r.stderr.slice(-ERROR_TAIL_BYTES) : r.stderr;
    const before = `script ${why}`;
    const after = tail.trim() ? `\nstderr:\n${tail.trimEnd()}` : '';
    const soFar = (r.timedOut || r.aborted) && r.stdout ? `\nstdout so far:\n` : undefined;
    if (soFar === undefined) return { ...r, ok: false, error: before + after };
    if (!partial) return { ...r, ok: false, error: before + soFar + r.stdout + after };
    // the output so far was cut: the error keeps its ends, and its size counts every byte the script wrote
    const whole = utf8Bytes(before + soFar) + partial.originalBytes + utf8Bytes(after);
    const errorCut = new PartialText(before + soFar + partial.head, partial.tail + after, whole);
    return { ...r, ok: false, error: String(errorCut), errorCut };
  }
  if (partial) return { ...r, ok: true, value: partial };
  let value: unknown = r.stdout;
  try {
    value = JSON.parse(r.stdout);
  } catch {
    // plain text
  }
  return { ...r, ok: true, value };
}

/** Why a script does not run where bubblewrap is missing, and the two ways on. */
export function noSandboxMessage(reason: string): string {
  return (
    `script skills run only inside a sandbox, and ${reason}; install bubblewrap (Debian, Ubuntu: apt-get install bubblewrap; ` +
    'Fedora: dnf install bubblewrap) or allow scripts to run without a sandbox with --unsandboxed'
  );
}

interface Launch {
  file: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  /** Text written to the child's file descriptor 3 (the code, for bwrap's --ro-bind-data). */
  fd3?: string;
  tempDir: string;
  /** A host directory to remove afterwards. */
  hostDir?: string;
  sandboxed: boolean;
}

const baseEnv = (home: string, path: string, runId: string): Record<string, string> => ({
  PATH: path,
  HOME: home,
  TMPDIR: home,
  LANG: 'C.UTF-8',
  LC_ALL: 'C.UTF-8',
  PYTHONIOENCODING: 'utf-8',
  PYTHONDONTWRITEBYTECODE: '1',
  [RUN_ID_ENV]: runId,
});

/** How to start the script: inside bubblewrap, or (by the caller's choice) as a plain process in a host temp directory. */
async function launch(
  runtime: ScriptRuntime,
  found: string,
  code: string,
  runId: string,
  options: ScriptRunOptions,
): Promise<Launch | { error: string }> {
  const mode = options.sandbox ?? 'required';
  const fileName = FILE_NAMES[runtime];
  if (mode !== 'none') {
    const support = await sandboxSupport();
    if (support.ok) {
      const exe = await resolveRuntimeExecutable(runtime, found);
      if ('error' in exe) return exe;
      const cmd = sandboxCommand({ support, exe: exe.exe, fileName, network: options.network === true });
      const path = [exe.exe.slice(0, exe.exe.lastIndexOf('/')), '/usr/local/bin', '/usr/bin', '/bin'].join(':');
      return { ...cmd, env: baseEnv(SANDBOX_TEMP_DIR, path, runId), fd3: code, tempDir: '', sandboxed: true };
    }
    if (mode === 'required') return { error: noSandboxMessage(support.reason) };
  }
  let dir: string;
  try {
    dir = mkdtempSync(join(tmpdir(), 'agent-tools-skill-'));
  } catch (err) {
    return { error: `could not create a temp directory: ${(err as Error).message}` };
  }
  const file = join(dir, fileName);
  writeFileSync(file, code, { mode: 0o600 });
  const env = baseEnv(dir, process.env.PATH ?? '/usr/bin:/bin', runId);
  return { file: found, args: [file], env, cwd: dir, tempDir: dir, hostDir: dir, sandboxed: false };
}

/**
 * Runs a script skill's code once.
 *
 * In the sandbox (the default; bubblewrap, Linux only, see `sandboxCommand`): the script sees
 * the system read-only, its own code read-only at `/skill/main.<ext>`, a private writable
 * `/tmp` (its HOME and working directory, gone with the sandbox), and no other file of the
 * machine (no home folder, no project, no skill store); new user, PID, IPC and UTS namespaces
 * (no `/proc` of any process outside, so no parent environment or command line); no network
 * unless `network` is set; it runs as `nobody` with no capabilities, and it and everything it
 * started are killed with their PID namespace when the run ends, times out, is aborted, or
 * when this process dies. Where bubblewrap cannot run, the script is refused (the result
 * names why and the two ways on) unless `sandbox` is `preferred` or `none`.
 *
 * Without the sandbox (`sandbox: 'none'`, or `preferred` where bubblewrap is missing) it is
 * NOT a security boundary: the script runs as the same user and can read, change and delete
 * any file the user can, use the network and read other processes of the user in /proc. A process
 * that leaves the process group with `setsid` is still ended with the run (on Linux, by the run id in its
 * environment); one that also clears its environment escapes.
 *
 * In both:
 * - only `python3`, `bash` or `node` found on PATH by that name (see {@link findRuntime});
 * - a minimal environment: `PATH`, `HOME`, `TMPDIR`, `LANG`/`LC_ALL=C.UTF-8`,
 *   `PYTHONIOENCODING=utf-8`, `PYTHONDONTWRITEBYTECODE=1` and `AGENT_TOOLS_RUN_ID`; no
 *   other variable of the caller (no API keys) is passed on;
 * - `args` arrive as JSON on stdin, never pasted into the code;
 * - its own process group (`detached`); after `timeoutMs` (default and maximum 30 000) the
 *   whole group gets SIGTERM and, `killGraceMs` later, SIGKILL (in the sandbox every process
 *   of the run gets the SIGTERM, then the SIGKILL ends the sandbox and its PID namespace; without it, on Linux, also
 *   every process carrying the run id, so one that left the group with `setsid` goes too). When the script ends by itself, anything it left
 *   running is
 *   killed too. The result is returned without waiting for pipes a grandchild may still hold;
 * - stdout is kept up to `maxOutputBytes` (at most {@link SCRIPT_MAX_OUTPUT_BYTES}): past it,
 *   its first and last halves (the middle counted and dropped), so the result cap can keep
 *   both ends; stderr as a tail of that size;
 * - exit 0: stdout parsed as JSON when it is JSON, else text; otherwise an error naming the
 *   exit code or signal with the stderr tail (and, on a timeout, the partial stdout).
 *
 * Needs a POSIX system (Linux, macOS): process groups and signals do not exist on Windows.
 * Never throws.
 */
export async function runScript(runtime: string, code: string, args: unknown, options: ScriptRunOptions = {}): Promise<ScriptRunResult> {
  const stops = [options.signal, shutdown.signal].filter((s): s is AbortSignal => s !== undefined);
  const run = runScriptOnce(runtime, code, args, { ...options, signal: AbortSignal.any(stops) });
  live.add(run);
  try {
    return await run;
  } finally {
    live.delete(run);
  }
}

/** SIGKILLs each process still carrying run id `runId` (Linux; one that left the group by setsid), then waits up to 1 000 ms. */
async function endRun(runId: string): Promise<boolean> {
  signalRun(RUN_ID_ENV, runId, 'SIGKILL');
  return waitRunGone(RUN_ID_ENV, runId, 1000);
}

/** Aborted by {@link stopScriptRuns}: every run of this process, running or to come, is stopped. */
const shutdown = new AbortController();
const live = new Set<Promise<ScriptRunResult>>();

/**
 * Stops every script run of this process as an abort does (its process group gets SIGTERM,
 * then SIGKILL after the grace time; the sandbox ends) and resolves once each has ended and
 * its temp folder is removed, so a process that is told to end (Ctrl-C, SIGTERM) can exit
 * leaving nothing behind. Runs started later are stopped at once. Never rejects.
 */
export async function stopScriptRuns(): Promise<void> {
  shutdown.abort();
  await Promise.allSettled([...live]);
}

async function runScriptOnce(runtime: string, code: string, args: unknown, options: ScriptRunOptions): Promise<ScriptRunResult> {
  const runId = randomBytes(8).toString('hex');
  const timeoutMs = Math.min(options.timeoutMs ?? SCRIPT_MAX_TIMEOUT_MS, SCRIPT_MAX_TIMEOUT_MS);
  const cap = Math.min(options.maxOutputBytes ?? SCRIPT_DEFAULT_MAX_OUTPUT_BYTES, SCRIPT_MAX_OUTPUT_BYTES);
  const base = {
    exitCode: null,
    signal: null,
    timedOut: false,
    aborted: false,
    stdout: '',
    stderr: '',
    stdoutBytes: 0,
    stderrBytes: 0,
    truncated: false,
    runId,
    tempDir: '',
    sandboxed: false,
  };
  const rt = findRuntime(runtime);
  if ('error' in rt) return { ...base, ok: false, error: rt.error };
  let how: Launch | { error: string };
  try {
    how = await launch(runtime as ScriptRuntime, rt.path, code, runId, options);
  } catch (err) {
    how = { error: `could not prepare the script: ${(err as Error).message}` };
  }
  if ('error' in how) return { ...base, ok: false, error: how.error };
  const run = { ...base, tempDir: how.tempDir, sandboxed: how.sandboxed };
  try {
    const child = spawn(how.file, how.args, {
      ...(how.cwd ? { cwd: how.cwd } : {}),
      env: how.env,
      detached: true,
      stdio: how.fd3 === undefined ? ['pipe', 'pipe', 'pipe'] : ['pipe', 'pipe', 'pipe', 'pipe'],
    });
    const out = new HeadTailCollector(cap);
    const err = new TailCollector(cap);
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.stdin.on('error', () => {}); // a script that never reads stdin closes it early
    if (how.fd3 !== undefined) {
      const fd3 = child.stdio[3] as import('node:stream').Writable;
      fd3.on('error', () => {});
      fd3.end(how.fd3);
    }
    child.stdin.end(JSON.stringify(args ?? {}));
    // Listen for 'close' from the start: when the pipes end before the exit, Node emits it
    // right after 'exit', before any later listener could see it.
    const closed = new Promise((r) => child.once('close', r));
    const end = await new Promise<{ code: number | null; signal: string | null; timedOut: boolean; aborted: boolean; spawnError?: Error }>(
      (resolve) => {
        let stopped = false;
        const stop = (why: 'timeout' | 'abort') => {
          if (stopped) return;
          stopped = true;
          const done = { timedOut: why === 'timeout', aborted: why === 'abort' };
          if (child.pid !== undefined)
            void terminateGroup(
              child.pid,
              options.killGraceMs ?? SCRIPT_DEFAULT_KILL_GRACE_MS,
              // in the sandbox, SIGTERM goes to the script's own processes; bwrap stays until the SIGKILL.
              // Without it, the group and any process of the run that left it with setsid (named by the run id)
              how.sandboxed
                ? () => (signalRun(RUN_ID_ENV, runId, 'SIGTERM'), groupAlive(child.pid!))
                : () => (signalRun(RUN_ID_ENV, runId, 'SIGTERM'), killGroup(child.pid!, 'SIGTERM')),
            )
              // bwrap is gone, and its PID namespace with it a moment later; without it, what left the group goes now
              .then(() => (how.sandboxed ? waitRunGone(RUN_ID_ENV, runId, 1000) : endRun(runId)))
              .then(() => resolve({ code: child.exitCode, signal: child.signalCode, ...done }));
        };
        const onAbort = () => stop('abort');
        const timer = setTimeout(() => stop('timeout'), timeoutMs);
        if (options.signal?.aborted) onAbort();
        options.signal?.addEventListener('abort', onAbort, { once: true });
        child.on('error', (e) => {
          clearTimeout(timer);
          resolve({ code: null, signal: null, timedOut: false, aborted: false, spawnError: e });
        });
        child.on('exit', (code, signal) => {
          if (stopped) return;
          clearTimeout(timer);
          options.signal?.removeEventListener('abort', onAbort);
          // The script is done; whatever it left running in its group is part of the run. An
          // empty group (the usual case) refuses the signal, so there is nothing to wait for.
          const ended = { code, signal, timedOut: false, aborted: false };
          // unsandboxed, a process that left the group with setsid is found by the run id; sandboxed, none is outside the group
          const leftGroup = !how.sandboxed && runAlive(RUN_ID_ENV, runId);
          if (!killGroup(child.pid!, 'SIGKILL') && !leftGroup) resolve(ended);
          else
            void waitGroupGone(child.pid!, 1000)
              .then(() => (how.sandboxed ? true : endRun(runId)))
              .then(() => resolve(ended));
        });
      },
    );
    // Give the pipes a moment to drain what was written before the end, then stop reading.
    let drainTimer: NodeJS.Timeout | undefined;
    await Promise.race([closed, new Promise((r) => (drainTimer = setTimeout(r, 100)))]);
    clearTimeout(drainTimer);
    child.stdout.destroy();
    child.stderr.destroy();
    if (end.spawnError)
      return { ...run, ok: false, error: `could not start ${how.sandboxed ? 'bwrap' : runtime}: ${end.spawnError.message}` };
    const kept = out.parts();
    const partial = out.truncated ? new PartialText(kept.head, kept.tail, out.total) : undefined;
    return outcome(
      {
        ...run,
        exitCode: end.code,
        signal: end.signal,
        timedOut: end.timedOut,
        aborted: end.aborted,
        stdout: partial ? String(partial) : kept.head,
        stderr: err.text(),
        stdoutBytes: out.total,
        stderrBytes: err.total,
        truncated: out.truncated || err.truncated,
      },
      timeoutMs,
      partial,
    );
  } catch (err) {
    return { ...run, ok: false, error: `could not run the script: ${(err as Error).message}` };
  } finally {
    if (how.hostDir) rmSync(how.hostDir, { recursive: true, force: true });
  }
}
