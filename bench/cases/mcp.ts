import { join } from 'node:path';
import type { BenchContext } from '../context.js';
import { collectJson, median } from '../measure.js';
import type { Row } from '../table.js';

/**
 * Benchmark 4: sequential tools/call round trips per second over stdio, `agent-tools serve`
 * against a minimal server written directly with @modelcontextprotocol/sdk exposing the same
 * tool; rounds alternate between the two (target: at least 0.9x of the SDK server).
 */
export function benchMcp(ctx: BenchContext): Row[] {
  const calls = ctx.quick ? '300' : '2000';
  ctx.log(`mcp: ${calls} tools/call round trips per run, agent-tools serve vs a bare SDK server`);
  const script = join(ctx.root, 'bench', 'procs', 'mcp-rate.js');
  const ours: number[] = [];
  const floor: number[] = [];
  // Each client process warms up itself (100 untimed calls) before timing.
  for (let i = 0; i < ctx.plan.runs; i++) {
    const [a] = collectJson<{ perSecond: number }>({ label: 'agent-tools serve', cmd: process.execPath, args: [script, 'agent-tools', calls] }, { warmup: 0, runs: 1 });
    const [b] = collectJson<{ perSecond: number }>({ label: 'sdk server', cmd: process.execPath, args: [script, 'sdk', calls] }, { warmup: 0, runs: 1 });
    ours.push(a!.perSecond);
    floor.push(b!.perSecond);
  }
  const r = median(ours) / median(floor);
  return [
    {
      bench: '4 mcp stdio',
      subject: 'agent-tools serve',
      value: `${Math.round(median(ours))} calls/s`,
      floor: `bare SDK server: ${Math.round(median(floor))} calls/s`,
      ratio: `${r.toFixed(2)}x`,
      target: '>= 0.9x',
      met: r >= 0.9 ? 'yes' : 'no',
    },
  ];
}
