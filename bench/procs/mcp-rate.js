// Benchmark 4, one process: connect one SDK Client over stdio to `agent-tools serve` and another
// to the bare SDK server, warm both up, then alternate blocks of 50 sequential tools/call round
// trips between them until each made N, so load on the machine hits both alike.
// Prints {"calls":N,"agentTools":calls/s,"sdk":calls/s}.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const N = Number(process.argv[2] ?? 1000);
const BLOCK = 50;
const servers = {
  agentTools: [join(root, 'bin', 'agent-tools.js'), 'serve', join(root, 'bench', 'procs', 'echo-tools.js'), '--no-skills'],
  sdk: [join(root, 'bench', 'procs', 'sdk-server.js')],
};

async function connect(args) {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args, cwd: root, stderr: 'ignore' }));
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

const clients = { agentTools: await connect(servers.agentTools), sdk: await connect(servers.sdk) };
const ns = { agentTools: 0, sdk: 0 };
try {
  for (const c of Object.values(clients)) await calls(c, 100);
  for (let done = 0; done < N; done += BLOCK) {
    const n = Math.min(BLOCK, N - done);
    ns.agentTools += await calls(clients.agentTools, n);
    ns.sdk += await calls(clients.sdk, n);
  }
} finally {
  await Promise.all(Object.values(clients).map((c) => c.close()));
}
console.log(JSON.stringify({ calls: N, agentTools: N / (ns.agentTools / 1e9), sdk: N / (ns.sdk / 1e9) }));
