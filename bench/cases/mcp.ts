/** Benchmark: sequential tools/call round trips per second over stdio, `serve` against a minimal SDK server. */

import { join } from 'node:path';
import type { BenchContext } from '../context.js';
import { collectJson, median } from '../measure.js';
import type { Row } from '../table.js';

interface Rates {
  agentTools: number;
  sdk: number;
  fastmcp: number;
}

/**
 * Benchmark 4: sequential tools/call round trips per second over stdio, `agent-tools serve`
 * (with --no-skills, so only the module's tools) against a minimal server written directly with
 * the official MCP SDK v2 exposing the same tool, and FastMCP (a framework on SDK v1)
 * as a peer. One client process warms each server up with 3 000 untimed calls (the rates
 * rise for the first ~2 000 while V8 compiles the servers' code), then talks to all three,
 * going round them in blocks of 50 calls (target: at least 1.0x of the SDK server's rate; FastMCP has no target).
 */
export function benchMcp(ctx: BenchContext): Row[] {
  const calls = ctx.quick ? '500' : '2000';
  ctx.log(`mcp: ${calls} tools/call round trips per server per run: agent-tools serve, a bare SDK server, FastMCP`);
  const runs = collectJson<Rates>(
    { label: 'mcp', cmd: process.execPath, args: [join(ctx.root, 'bench', 'procs', 'mcp-rate.js'), calls] },
    { warmup: 0, runs: ctx.plan.runs }, // each process warms every server up (3 000 untimed calls each)
  );
  const floor = median(runs.map((r) => r.sdk));
  const row = (key: 'agentTools' | 'fastmcp', subject: string, target: boolean): Row => {
    const r = median(runs.map((x) => x[key] / x.sdk));
    return {
      bench: '4 mcp stdio',
      subject,
      value: `${Math.round(median(runs.map((x) => x[key])))} calls/s`,
      floor: `bare SDK server: ${Math.round(floor)} calls/s`,
      ratio: `${r.toFixed(2)}x`,
      target: target ? '>= 1.0x' : '',
      met: target ? (r >= 1 ? 'yes' : 'no') : '',
    };
  };
  return [row('agentTools', 'agent-tools serve', true), row('fastmcp', 'FastMCP (peer)', false)];
}
