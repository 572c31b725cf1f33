import { join } from 'node:path';
import type { BenchContext } from '../context.js';
import { collectJson, median } from '../measure.js';
import type { Row } from '../table.js';

/**
 * Benchmark 4: sequential tools/call round trips per second over stdio, `agent-tools serve`
 * (with --no-skills, so only the module's tools) against a minimal server written directly with
 * @modelcontextprotocol/sdk exposing the same tool. One client process talks to both servers,
 * alternating blocks of 50 calls (target: at least 0.9x of the SDK server's rate).
 */
export function benchMcp(ctx: BenchContext): Row[] {
  const calls = ctx.quick ? '500' : '2000';
  ctx.log(`mcp: ${calls} tools/call round trips per server per run, agent-tools serve vs a bare SDK server`);
  const runs = collectJson<{ agentTools: number; sdk: number }>(
    { label: 'mcp', cmd: process.execPath, args: [join(ctx.root, 'bench', 'procs', 'mcp-rate.js'), calls] },
    { warmup: 0, runs: ctx.plan.runs }, // each process warms both servers up (100 untimed calls each)
  );
  const ours = median(runs.map((r) => r.agentTools));
  const floor = median(runs.map((r) => r.sdk));
  const r = median(runs.map((x) => x.agentTools / x.sdk));
  return [
    {
      bench: '4 mcp stdio',
      subject: 'agent-tools serve',
      value: `${Math.round(ours)} calls/s`,
      floor: `bare SDK server: ${Math.round(floor)} calls/s`,
      ratio: `${r.toFixed(2)}x`,
      target: '>= 0.9x',
      met: r >= 0.9 ? 'yes' : 'no',
    },
  ];
}
