import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { PartialText } from '../runtime/json-safe.js';
import { HeadTailCollector, TailCollector } from './cap-bytes.js';
import { killGroup, terminateGroup, waitGroupGone } from './process-group.js';
import { SCRIPT_RUNTIMES, type ScriptRuntime } from './skill-file-schema.js';

/** Default and maximum script run time: 30 000 ms. */
export const SCRIPT_MAX_TIMEOUT_MS = 30_000;
/** Default cap of kept stdout, and of the kept stderr tail: 1 000 000 bytes each. */
export const SCRIPT_DEFAULT_MAX_OUTPUT_BYTES = 1_000_000;
/**
 * Default time between SIGTERM and SIGKILL: 1 000 ms, so that a script ignoring SIGTERM is gone
 * within its timeout plus 2 s (issue #17's promise) with a second to spare for the kill itself
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
}

/**
 * What one script run did. `value` is stdout parsed as JSON, or stdout as text, or, when
 * stdout was over `maxOutputBytes`, a `PartialText` of its head and tail and real size,
 * which the result cap marks once (C-09).
 */
export interface ScriptRunResult {
  ok: boolean;
  value?: unknown;
  /** Set when `ok` is false: why, with the stderr tail or the partial output. */
  error?: string;
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
  /** The private temp directory the script ran in; removed before this result is returned. */
  tempDir: string;
}

/**
 * The absolute path of a script runtime: exactly `python3`, `bash` or `node`, looked up on
 * `PATH`. Anything else (`sh`, a path, a command line) is refused.
 *
 * @returns the path, or an error string.
 */
export function findRuntime(runtime: string, path = process.env.PATH ?? ''): { path: string } | { error: string } {
  if (!(SCRIPT_RUNTIMES as readonly string[]).includes(runtime))
    return { error: `runtime ${JSON.stringify(runtime)} is not allowed; use exactly one of ${SCRIPT_RUNTIMES.join(', ')}` };
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, runtime);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return { path: candidate };
    } catch {
      // not here
    }
  }
  return { error: `runtime ${runtime} was not found on PATH` };
}

function outcome(r: Omit<ScriptRunResult, 'ok' | 'value' | 'error'>, timeoutMs: number, partial: PartialText | undefined): ScriptRunResult {
  if (r.timedOut || r.aborted || r.exitCode !== 0) {
    const why = r.timedOut
      ? `timed out after ${timeoutMs} ms; its process group was killed`
      : r.aborted
        ? 'was aborted; its process group was killed'
        : r.exitCode === null
          ? `was killed by ${r.signal}`
          : `exited with code ${r.exitCode}`;
    const tail = r.stderr.length > ERROR_TAIL_BYTES ? r.stderr.slice(-ERROR_TAIL_BYTES) : r.stderr;
    const parts = [`script ${why}`];
    if ((r.timedOut || r.aborted) && r.stdout) parts.push(`stdout so far:\n${r.stdout}`);
    if (tail.trim()) parts.push(`stderr:\n${tail.trimEnd()}`);
    return { ...r, ok: false, error: parts.join('\n') };
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

/**
 * Runs a script skill's code once.
 *
 * NOT a security boundary. It does not protect against: reading, changing or deleting any
 * file the user can reach (no filesystem isolation; the script runs as the same user);
 * network access of any kind; CPU, memory or disk exhaustion (only time is limited); a
 * process that leaves the group with `setsid` or a double fork and so survives the kill;
 * secrets kept in files (only environment variables are hidden); a hostile `python3`,
 * `bash` or `node` earlier on PATH. Run untrusted skills inside a container or VM.
 *
 * What it does:
 * - only `python3`, `bash` or `node` found on PATH by that name (see {@link findRuntime});
 * - the code is written to a new private (0700) temp directory, which is the working
 *   directory and `HOME`, and which is removed afterwards in every case;
 * - a minimal environment: `PATH`, `HOME`, `TMPDIR`, `LANG`/`LC_ALL=C.UTF-8`,
 *   `PYTHONIOENCODING=utf-8`, `PYTHONDONTWRITEBYTECODE=1` and `AGENT_TOOLS_RUN_ID`; no
 *   other variable of the caller (no API keys) is passed on;
 * - `args` arrive as JSON on stdin, never pasted into the code;
 * - its own process group (`detached`); after `timeoutMs` (default and maximum 30 000) the
 *   whole group gets SIGTERM and, `killGraceMs` later, SIGKILL. When the script ends by
 *   itself, anything it left running in its group is killed too. The result is returned
 *   without waiting for pipes a grandchild may still hold;
 * - stdout is kept up to `maxOutputBytes`: past it, its first and last halves (the middle
 *   counted and dropped), so the result cap can keep both ends; stderr as a tail of that size;
 * - exit 0: stdout parsed as JSON when it is JSON, else text; otherwise an error naming the
 *   exit code or signal with the stderr tail (and, on a timeout, the partial stdout).
 *
 * Needs a POSIX system (Linux, macOS): process groups and signals do not exist on Windows.
 * Never throws.
 */
export async function runScript(runtime: string, code: string, args: unknown, options: ScriptRunOptions = {}): Promise<ScriptRunResult> {
  const runId = randomBytes(8).toString('hex');
  const timeoutMs = Math.min(options.timeoutMs ?? SCRIPT_MAX_TIMEOUT_MS, SCRIPT_MAX_TIMEOUT_MS);
  const cap = options.maxOutputBytes ?? SCRIPT_DEFAULT_MAX_OUTPUT_BYTES;
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
  };
  const rt = findRuntime(runtime);
  if ('error' in rt) return { ...base, ok: false, error: rt.error };
  let dir: string;
  try {
    dir = mkdtempSync(join(tmpdir(), 'agent-tools-skill-'));
  } catch (err) {
    return { ...base, ok: false, error: `could not create a temp directory: ${(err as Error).message}` };
  }
  try {
    const file = join(dir, FILE_NAMES[runtime as ScriptRuntime]);
    writeFileSync(file, code, { mode: 0o600 });
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: dir,
      TMPDIR: dir,
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      PYTHONIOENCODING: 'utf-8',
      PYTHONDONTWRITEBYTECODE: '1',
      [RUN_ID_ENV]: runId,
    };
    const child = spawn(rt.path, [file], { cwd: dir, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    const out = new HeadTailCollector(cap);
    const err = new TailCollector(cap);
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.stdin.on('error', () => {}); // a script that never reads stdin closes it early
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
            void terminateGroup(child.pid, options.killGraceMs ?? SCRIPT_DEFAULT_KILL_GRACE_MS).then(() =>
              resolve({ code: child.exitCode, signal: child.signalCode, ...done }),
            );
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
          if (!killGroup(child.pid!, 'SIGKILL')) resolve(ended);
          else void waitGroupGone(child.pid!, 1000).then(() => resolve(ended));
        });
      },
    );
    // Give the pipes a moment to drain what was written before the end, then stop reading.
    let drainTimer: NodeJS.Timeout | undefined;
    await Promise.race([closed, new Promise((r) => (drainTimer = setTimeout(r, 100)))]);
    clearTimeout(drainTimer);
    child.stdout.destroy();
    child.stderr.destroy();
    if (end.spawnError) return { ...base, tempDir: dir, ok: false, error: `could not start ${runtime}: ${end.spawnError.message}` };
    const kept = out.parts();
    const partial = out.truncated ? new PartialText(kept.head, kept.tail, out.total) : undefined;
    return outcome(
      {
        ...base,
        exitCode: end.code,
        signal: end.signal,
        timedOut: end.timedOut,
        aborted: end.aborted,
        stdout: partial ? String(partial) : kept.head,
        stderr: err.text(),
        stdoutBytes: out.total,
        stderrBytes: err.total,
        truncated: out.truncated || err.truncated,
        tempDir: dir,
      },
      timeoutMs,
      partial,
    );
  } catch (err) {
    return { ...base, tempDir: dir, ok: false, error: `could not run the script: ${(err as Error).message}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
