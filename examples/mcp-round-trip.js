// A live MCP round trip, as an MCP host would do it: start `agent-tools serve` on the canvas
// example as a child process, talk to it over stdio with the SDK's own Client, list the tools,
// call one, and stop the server. Part of `npm start`; also runnable alone.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = [join(root, 'bin', 'agent-tools.js'), 'serve', join('examples', 'canvas', 'mcp.ts'), '--tier', 'all'];
console.log(`spawning: node ${args.map((a) => a.replace(root, '')).join(' ')}`);
const transport = new StdioClientTransport({ command: process.execPath, args, cwd: root, stderr: 'pipe' });
let serverLog = '';
transport.stderr?.on('data', (chunk) => (serverLog += chunk));
const client = new Client({ name: 'agent-tools-main-job', version: '1.0.0' });

try {
  await client.connect(transport);
  const info = client.getServerVersion();
  const { tools } = await client.listTools();
  console.log(`connected to ${info?.name} ${info?.version}; tools/list: ${tools.length} tools`);
  console.log(
    `  ${tools
      .slice(0, 6)
      .map((t) => t.name)
      .join(', ')}, ...`,
  );
  const readOnly = tools.filter((t) => t.annotations?.readOnlyHint).length;
  console.log(`  ${readOnly} read-only, ${tools.length - readOnly} mutating (annotations.readOnlyHint)`);
  const exported = process.argv[2];
  if (exported) {
    // Static equals runtime: `export --format mcp` (no code run) against the live tools/list.
    const byName = new Map(JSON.parse(readFileSync(exported, 'utf8')).tools.map((t) => [t.name, t]));
    const differ = tools.filter((t) => !isDeepStrictEqual(byName.get(t.name), t)).map((t) => t.name);
    const extra = [...byName.keys()].filter((n) => !tools.some((t) => t.name === n));
    console.log(
      differ.length + extra.length === 0
        ? `  all ${tools.length} entries equal the static export in ${exported}`
        : `  differ from the static export: ${[...differ, ...extra].join(', ')}`,
    );
    if (differ.length + extra.length) process.exitCode = 1;
  }
  const call = { name: 'find_nodes', arguments: { type: 'text' } };
  const result = await client.callTool(call);
  console.log(`tools/call ${call.name} ${JSON.stringify(call.arguments)} -> ${result.isError ? 'error' : 'ok'}`);
  console.log(`  ${result.content[0]?.text}`);
  const bad = await client.callTool({ name: 'set_fill', arguments: { id: 'n4', color: 'blue' } });
  console.log(`tools/call set_fill {"id":"n4","color":"blue"} -> isError: ${bad.isError === true}`);
  console.log(`  ${bad.content[0]?.text}`);
  if (result.isError || bad.isError !== true || tools.length === 0) process.exitCode = 1;
} catch (err) {
  console.error(`MCP round trip failed: ${err instanceof Error ? err.message : String(err)}`);
  if (serverLog) console.error(`server stderr:\n${serverLog}`);
  process.exitCode = 1;
} finally {
  await client.close();
  console.log('server stopped');
}
