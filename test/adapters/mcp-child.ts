import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { AgentToolsMcpServer } from '../../src/adapters/mcp.js';

export const root = new URL('../..', import.meta.url).pathname;
export const bin = `${root}bin/agent-tools.js`;

/** A real MCP client connected over stdio to `node bin/agent-tools.js serve ...args` (run from the package root). */
export async function connectServe(...args: string[]): Promise<{ client: Client; stderr: () => string; close: () => Promise<void> }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'serve', ...args],
    cwd: root,
    env: { ...process.env, NO_COLOR: '1' } as Record<string, string>,
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const client = new Client({ name: 'agent-tools-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => err, close: () => client.close() };
}

/** An SDK client connected to `server` in this process, over the SDK's in-memory transport. */
export async function connected(server: AgentToolsMcpServer): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 't', version: '1' });
  await client.connect(clientSide);
  return client;
}

/** `node bin/agent-tools.js serve ...args --http 0` (run from the package root), resolved once it says its URL. */
export async function serveHttp(...args: string[]): Promise<{ url: string; stdout: () => string; stderr: () => string; stop: () => void }> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [bin, 'serve', ...args, '--http', '0'], { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
  return { url, stdout: () => out, stderr: () => err, stop: () => void child.kill() };
}
