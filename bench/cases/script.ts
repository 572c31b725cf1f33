/** Benchmark: a trivial node and python3 script through the script executor, sandboxed where it runs. */

import { join } from 'node:path';
import type { BenchContext } from '../context.js';
import { collectJson, median } from '../measure.js';
import type { Row } from '../table.js';

/**
 * Benchmark 5: a trivial node and python3 script through the skills script executor
 * (`runScript`: the bubblewrap sandbox where it runs, process group, minimal env, capped
 * output) against a bare `child_process.spawn` of the same file by the runtime's real
 * executable with the same environment (target: at most 1.2x).
 */
export function benchScript(ctx: BenchContext): Row[] {
  const perProcess = ctx.quick ? '4' : '10';
  return ['node', 'python3'].map((runtime): Row => {
    ctx.log(`script: ${runtime} through the executor vs a bare spawn`);
    const runs = collectJson<{ executorMs: number; spawnMs: number; sandboxed: boolean }>(
      {
        label: `script ${runtime}`,
        cmd: process.execPath,
        args: [join(ctx.root, 'bench', 'procs', 'script-exec.js'), runtime, perProcess],
      },
      { warmup: 0, runs: ctx.quick ? 2 : ctx.plan.runs }, // each process warms up both sides once
    );
    const exec = median(runs.map((r) => r.executorMs));
    const bare = median(runs.map((r) => r.spawnMs));
    const r = median(runs.map((x) => x.executorMs / x.spawnMs));
    return {
      bench: '5 script',
      subject: `runScript ${runtime} (${runs.every((x) => x.sandboxed) ? 'bubblewrap' : 'no sandbox'})`,
      value: `${exec.toFixed(1)} ms`,
      floor: `spawn: ${bare.toFixed(1)} ms`,
      ratio: `${r.toFixed(2)}x`,
      target: '<= 1.2x',
      met: r <= 1.2 ? 'yes' : 'no',
    };
  });
}
