/** Soak row 5: hostile scripts through the script executor. */

import { runScript, RUN_ID_ENV, SCRIPT_DEFAULT_KILL_GRACE_MS, SCRIPT_DEFAULT_MAX_OUTPUT_BYTES } from 'agent-tools/skills';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { RowResult, SoakContext } from '../report.js';
import { checkHostile, END_ALLOWANCE_MS, type HostileOutcome } from './check.js';
import { processesWithEnv } from './proc-table.js';

/** The hostile scripts: each must be stopped, capped and cleaned up. */
export const HOSTILE: { name: string; runtime: 'node' | 'bash'; timeoutMs: number; code: string }[] = [
  {
    name: '100 MB on stdout',
    runtime: 'node',
    timeoutMs: 10_000,
    code: "const b = Buffer.alloc(1 << 20, 120); let n = 0; const w = () => { while (n < 100) { n++; if (!process.stdout.write(b)) return process.stdout.once('drain', w); } }; w();",
  },
  { name: 'infinite loop', runtime: 'node', timeoutMs: 2_000, code: 'for (;;) {}' },
  { name: 'fork of 200 sleeping children', runtime: 'bash', timeoutMs: 3_000, code: 'for i in $(seq 200); do sleep 1000 & done; wait' },
  { name: 'closes stdout, keeps running', runtime: 'bash', timeoutMs: 2_000, code: 'exec 1>&-; sleep 1000' },
  { name: 'ignores SIGTERM', runtime: 'bash', timeoutMs: 2_000, code: "trap '' TERM; while true; do sleep 0.1; done" },
];

// A full collection on demand, without starting the soak with --expose-gc.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

async function runHostile(h: (typeof HOSTILE)[number]): Promise<HostileOutcome & { runId: string }> {
  gc();
  const live = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const liveBefore = live();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const base = {
    name: h.name,
    timeoutMs: h.timeoutMs,
    killGraceMs: SCRIPT_DEFAULT_KILL_GRACE_MS,
    capBytes: SCRIPT_DEFAULT_MAX_OUTPUT_BYTES,
  };
  try {
    const r = await runScript(h.runtime, h.code, {}, { timeoutMs: h.timeoutMs });
    const ms = Math.round(performance.now() - started);
    const leftPids = processesWithEnv(RUN_ID_ENV, r.runId);
    return {
      ...base,
      runId: r.runId,
      ms,
      keptBytes: Buffer.byteLength(r.stdout),
      leftPids,
      rssGrowth: Math.max(peak, process.memoryUsage().rss) - before,
      liveRetained: (gc(), live() - liveBefore),
      ok: r.ok,
      truncated: r.truncated,
    };
  } catch (e) {
    return {
      ...base,
      runId: '',
      ms: 0,
      keptBytes: 0,
      leftPids: [],
      rssGrowth: 0,
      liveRetained: 0,
      ok: false,
      truncated: false,
      threw: String(e),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** Row 5: hostile scripts through the script executor (quick: each once; full: each 3 times). */
export async function soakScripts(ctx: SoakContext): Promise<RowResult> {
  const rounds = ctx.quick ? 1 : 3;
  const failures: string[] = [];
  let count = 0;
  let left = 0;
  let maxGrowth = 0;
  let maxKept = 0;
  const slowest: Record<string, number> = {};
  for (let round = 0; round < rounds; round++) {
    for (const h of HOSTILE) {
      const o = await runHostile(h);
      count++;
      left += o.leftPids.length;
      maxGrowth = Math.max(maxGrowth, o.rssGrowth);
      maxKept = Math.max(maxKept, o.liveRetained);
      slowest[h.name] = Math.max(slowest[h.name] ?? 0, o.ms - h.timeoutMs);
      for (const f of checkHostile(o)) failures.push(`${h.name} (round ${round + 1}): ${f}`);
      ctx.log(`scripts: ${h.name}: ${o.ms} ms, kept ${o.keptBytes} bytes, ${o.leftPids.length} left`);
      // A process left behind is killed here so it does not outlive the soak.
      for (const pid of o.leftPids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  }
  const [worstName, worst] = Object.entries(slowest).sort((a, b) => b[1] - a[1])[0]!;
  return {
    row: '5 hostile scripts',
    ran: `runScript: ${HOSTILE.map((h) => h.name).join('; ')}`,
    count,
    failures,
    lost: left === 0 ? 'no process left' : `${left} process(es) left`,
    figures: `worst end ${worst} ms past timeout (${worstName}; allowed ${END_ALLOWANCE_MS} ms, kill grace ${SCRIPT_DEFAULT_KILL_GRACE_MS} ms); caller RSS +${Math.round(maxGrowth / 1e6)} MB max, live +${Math.round(maxKept / 1e6)} MB after a full collection`,
  };
}
