import { join } from 'node:path';
import type { BenchContext } from '../context.js';
import { collectJson, median } from '../measure.js';
import type { Row } from '../table.js';

const TOOLS = [
  ['echo', 'runTool, 1 param (log on, no snapshot)'],
  ['five', 'runTool, 5 params (log on, no snapshot)'],
] as const;

/**
 * Benchmark 3: 100 000 calls of a trivial tool through `runTool` (onToolLog on, a step budget,
 * no snapshot) against `await execute()` directly, in one process per run; the median over
 * runs of the added microseconds per call, for a one-param tool and a five-param tool
 * (target: at most 1.5 µs added, issue 16).
 */
export function benchPipeline(ctx: BenchContext): Row[] {
  return TOOLS.map(([tool, subject]): Row => {
    ctx.log(`pipeline: 100 000 calls through runTool vs execute, per run (${tool})`);
    const runs = collectJson<{ directNs: number; pipelineNs: number }>(
      { label: `pipeline ${tool}`, cmd: process.execPath, args: [join(ctx.root, 'bench', 'procs', 'pipeline.js'), '100000', tool] },
      { warmup: 0, runs: ctx.plan.runs }, // each process warms up itself (one untimed block of 10 000 calls per side)
    );
    const direct = median(runs.map((r) => r.directNs)) / 1000;
    const piped = median(runs.map((r) => r.pipelineNs)) / 1000;
    const added = median(runs.map((r) => (r.pipelineNs - r.directNs) / 1000));
    return {
      bench: '3 pipeline',
      subject,
      value: `${piped.toFixed(2)} µs/call`,
      floor: `execute: ${direct.toFixed(2)} µs/call`,
      ratio: `+${added.toFixed(2)} µs`,
      target: '<= 1.5 µs added',
      met: added <= 1.5 ? 'yes' : 'no',
    };
  });
}
