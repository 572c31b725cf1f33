/** Benchmark: 100 000 calls of a trivial tool through `runTool` against calling `execute` directly. */

import { join } from 'node:path';
import type { BenchContext } from '../context.js';
import { collectJson, median } from '../measure.js';
import type { Row } from '../table.js';

/** [tool, extra argument, subject, whether the pipeline target applies] */
const TOOLS = [
  ['echo', '', 'runTool, 1 param (log on, no snapshot)', true],
  ['five', '', 'runTool, 5 params (log on, no snapshot)', true],
  ['five', 'text', 'runTool, 5 params, result JSON text read (as MCP does)', false],
  ['typed', '', 'runTool, 5 params, declared output checked', true],
] as const;

/**
 * Benchmark 3: 100 000 calls of a trivial tool through `runTool` (onToolLog on, a step budget,
 * no snapshot) against `await execute()` directly, in one process per run, after 150 000 untimed
 * calls per side; a third row also reads each result's JSON text (no target: the target is for
 * the pipeline, and only the MCP adapter reads the text). The median over
 * runs of the added microseconds per call, for a one-param tool, a five-param tool and the
 * five-param tool with a declared output, whose every result is checked against it (target: at
 * most 1.5 µs added, the pipeline's overhead target). Each tool gets a wall-time row and a CPU-time row
 * (user + system time of the process over the same blocks): on a busy machine wall time also
 * counts the time other processes held the cores, CPU time does not.
 */
export function benchPipeline(ctx: BenchContext): Row[] {
  return TOOLS.flatMap(([tool, extra, subject, targeted]): Row[] => {
    ctx.log(`pipeline: 100 000 calls through runTool vs execute, per run (${tool}${extra ? `, ${extra}` : ''})`);
    const runs = collectJson<{ directNs: number; pipelineNs: number; directCpuNs: number; pipelineCpuNs: number }>(
      {
        label: `pipeline ${tool} ${extra}`,
        cmd: process.execPath,
        args: [join(ctx.root, 'bench', 'procs', 'pipeline.js'), '100000', tool, ...(extra ? [extra] : [])],
      },
      { warmup: 0, runs: ctx.plan.runs }, // each process warms up itself (15 untimed blocks of 10 000 calls per side)
    );
    const row = (label: string, direct: (r: (typeof runs)[number]) => number, piped: (r: (typeof runs)[number]) => number): Row => {
      const added = median(runs.map((r) => (piped(r) - direct(r)) / 1000));
      return {
        bench: '3 pipeline',
        subject: `${subject}${label}`,
        value: `${(median(runs.map(piped)) / 1000).toFixed(2)} µs/call`,
        floor: `execute: ${(median(runs.map(direct)) / 1000).toFixed(2)} µs/call`,
        ratio: `+${added.toFixed(2)} µs`,
        target: targeted ? '<= 1.5 µs added' : '',
        met: targeted ? (added <= 1.5 ? 'yes' : 'no') : '',
      };
    };
    return [
      row(
        '',
        (r) => r.directNs,
        (r) => r.pipelineNs,
      ),
      row(
        ', CPU time',
        (r) => r.directCpuNs,
        (r) => r.pipelineCpuNs,
      ),
    ];
  });
}
