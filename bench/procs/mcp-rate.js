// Benchmark 4, one process: connect the SDK Client over stdio to a server child, warm up, then
// make N sequential tools/call round trips. Prints {"server":…,"calls":N,"perSecond":…}.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const [kind, n = '1000'] = process.argv.slice(2);
const N = Number(n);
const args =
  kind === 'agent-tools'
    ? [join(root, 'bin', 'agent-tools.js'), 'serve', join(root, 'bench', 'procs', 'echo-tools.js')]
    : [join(root, 'bench', 'procs', 'sdk-server.js')];
const client = new Client({ name: 'bench', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command: process.execPath, args, cwd: root, stderr: 'ignore' }));
const call = async () => {
  const r = await client.callTool({ name: 'echo', arguments: { text: 'hello' } });
  if (r.isError || r.structuredContent?.text !== 'hello') throw new Error(`bad result: ${JSON.stringify(r)}`);
};
for (let i = 0; i < 100; i++) await call();
const t = process.hrtime.bigint();
for (let i = 0; i < N; i++) await call();
const seconds = Number(process.hrtime.bigint() - t) / 1e9;
await client.close();
console.log(JSON.stringify({ server: kind, calls: N, perSecond: N / seconds }));
