/** Timing of benchmark subjects: side-by-side rounds, warm-up runs, medians, self-measuring processes. */

import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One command to time as a whole process. */
export interface Subject {
  label: string;
  cmd: string;
  args: string[];
  options?: SpawnSyncOptions;
  /** Exit codes that count as a successful run (default: only 0). */
  okCodes?: number[];
  /**
   * A Node.js subject (`cmd` is `process.execPath`) whose peak RSS to record: it is started
   * with `--require bench/procs/rss-probe.cjs`, which writes its peak RSS on exit.
   */
  rss?: boolean;
}

/** How many times to run: `warmup` untimed runs, then `runs` timed ones. */
export interface Plan {
  warmup: number;
  runs: number;
}

/** The timed runs of one subject: every wall time in ms and their median, or why it failed. */
export interface Timing {
  label: string;
  times: number[];
  median: number;
  /** The median peak resident set size in bytes, for subjects with `rss` set. */
  rssBytes?: number;
  error?: string;
}

/** The median of a non-empty list of numbers. */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const PROBE = join(import.meta.dirname, 'procs', 'rss-probe.cjs');
let rssDir: string | undefined;
process.on('exit', () => rssDir && rmSync(rssDir, { recursive: true, force: true }));

function runOnce(s: Subject): { ms: number; error?: string; stdout: string; rssBytes?: number } {
  let args = s.args;
  let options = s.options;
  let rssFile: string | undefined;
  if (s.rss) {
    rssDir ??= mkdtempSync(join(tmpdir(), 'agent-tools-bench-rss-'));
    rssFile = join(rssDir, 'rss');
    rmSync(rssFile, { force: true });
    args = ['--require', PROBE, ...args];
    options = { ...options, env: { ...(options?.env ?? process.env), AGENT_TOOLS_BENCH_RSS_FILE: rssFile } };
  }
  const start = process.hrtime.bigint();
  const r = spawnSync(s.cmd, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...options });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const ok = s.okCodes ?? [0];
  if (r.error) return { ms, error: r.error.message, stdout: '' };
  if (!ok.includes(r.status ?? -1)) {
    const tail =
      String(r.stderr ?? '')
        .trim()
        .split('\n')
        .slice(-1)[0] ?? '';
    return { ms, error: `exit ${r.status}: ${tail.slice(0, 120)}`, stdout: String(r.stdout ?? '') };
  }
  let rssBytes: number | undefined;
  if (rssFile) {
    try {
      rssBytes = Number(readFileSync(rssFile, 'utf8'));
    } catch {
      // the subject exited without the probe's exit hook (killed): no figure for this run
    }
  }
  return { ms, stdout: String(r.stdout ?? ''), ...(rssBytes ? { rssBytes } : {}) };
}

/**
 * Times subjects side by side: each round runs every subject once, in order, so slow drift
 * of the machine hits all of them alike. Warm-up rounds are not timed. A subject that fails
 * once is reported with its error and not run again.
 */
export function timeSideBySide(subjects: readonly Subject[], plan: Plan): Timing[] {
  const results = subjects.map((s): Timing => ({ label: s.label, times: [], median: NaN }));
  const rss: number[][] = subjects.map(() => []);
  for (let round = 0; round < plan.warmup + plan.runs; round++) {
    subjects.forEach((s, i) => {
      const t = results[i]!;
      if (t.error) return;
      const r = runOnce(s);
      if (r.error) t.error = r.error;
      else if (round >= plan.warmup) {
        t.times.push(r.ms);
        if (r.rssBytes) rss[i]!.push(r.rssBytes);
      }
    });
  }
  results.forEach((t, i) => {
    if (t.times.length) t.median = median(t.times);
    if (rss[i]!.length) t.rssBytes = median(rss[i]!);
  });
  return results;
}

/**
 * Runs a process that measures itself and prints one JSON object on its last stdout line,
 * `warmup + runs` times; returns the parsed objects of the timed runs.
 * @throws {Error} when a run fails or prints no JSON.
 */
export function collectJson<T>(s: Subject, plan: Plan): T[] {
  const out: T[] = [];
  for (let round = 0; round < plan.warmup + plan.runs; round++) {
    const r = runOnce(s);
    if (r.error) throw new Error(`${s.label}: ${r.error}`);
    const last = r.stdout.trim().split('\n').pop() ?? '';
    if (round >= plan.warmup) out.push(JSON.parse(last) as T);
  }
  return out;
}
