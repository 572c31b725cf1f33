// Benchmark 4, one process: connect one SDK Client over stdio to each server (`agent-tools
// serve`, the bare SDK server, FastMCP), warm each up (WARM untimed calls each, default 3 000:
// the rate keeps rising for the first ~2 000 calls while V8 compiles the servers' code, more of
// it for `serve`, which also loads the tools module's own copy of agent-tools and zod through
// tsx), then go round them in blocks of 50 sequential tools/call round trips until each made N,
// so load on the machine hits all alike.
// Prints {"calls":N,"agentTools":calls/s,"sdk":calls/s,"fastmcp":calls/s}.
// With AGENT_TOOLS_BENCH_PROF=<dir>, each server writes a V8 CPU profile there
// (summarise it with bench/profile-summary.js).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const root = fileURLToPath(new URL('../..', import.meta.url));
const N = Number(process.argv[2] ?? 1000);
const BLOCK = 50;
const WARM = Number(process.env.WARM ?? 3000);
const prof = process.env.AGENT_TOOLS_BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.AGENT_TOOLS_BENCH_PROF}`] : [];
const servers = {
  agentTools: [join(root, 'bin', 'agent-tools.js'), 'serve', join(root, 'bench', 'procs', 'echo-tools.js'), '--no-skills'],
  sdk: [join(root, 'bench', 'procs', 'sdk-server.js')],
  fastmcp: [join(root, 'bench', 'procs', 'fastmcp-server.js')],
};

async function connect(args) {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [...prof, ...args], cwd: root, stderr: 'ignore' }));
  return client;
}
async function calls(client, n) {
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const r = await client.callTool({ name: 'echo', arguments: { text: 'hello' } });
    if (r.isError || r.structuredContent?.text !== 'hello') throw new Error(`bad result: ${JSON.stringify(r)}`);
  }
  return Number(process.hrtime.bigint() - t);
}

const names = Object.keys(servers);
const clients = Object.fromEntries(await Promise.all(names.map(async (k) => [k, await connect(servers[k])])));
const ns = Object.fromEntries(names.map((k) => [k, 0]));
try {
  for (const k of names) await calls(clients[k], WARM);
  for (let done = 0; done < N; done += BLOCK) {
    const n = Math.min(BLOCK, N - done);
    for (const k of names) ns[k] += await calls(clients[k], n);
  }
} finally {
  await Promise.all(Object.values(clients).map((c) => c.close()));
}
console.log(JSON.stringify({ calls: N, ...Object.fromEntries(names.map((k) => [k, N / (ns[k] / 1e9)])) }));
