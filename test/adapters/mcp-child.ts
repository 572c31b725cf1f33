/** Helpers of the MCP tests: a real SDK v2 client pinned to a revision, and one connected to `agent-tools serve` over stdio. */

import { Client, InMemoryTransport, StreamableHTTPClientTransport, type ClientOptions } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { AgentToolsMcpServer } from '../../src/adapters/mcp.js';

export const root = new URL('../..', import.meta.url).pathname;
export const bin = `${root}bin/agent-tools.js`;

/** The MCP revisions the tests pin the official client (SDK v2) to: the 2026 era and the last 2025 one. */
export type Revision = '2026-07-28' | '2025-11-25';
export const REVISIONS: Revision[] = ['2026-07-28', '2025-11-25'];

/**
 * A real MCP client (`@modelcontextprotocol/client` v2) pinned to `revision`: 2026-07-28 (no
 * `initialize`, `server/discover` and the per-request `_meta`; no fallback) or 2025-11-25 (the
 * `initialize` handshake, offering only that revision).
 */
export function newClient(revision: Revision = '2025-11-25', options: ClientOptions = {}): Client {
  return new Client(
    { name: 'agent-tools-test', version: '1.0.0' },
    revision === '2026-07-28'
      ? { versionNegotiation: { mode: { pin: '2026-07-28' } }, ...options }
      : { supportedProtocolVersions: ['2025-11-25'], ...options },
  );
}

/** A real MCP client connected over stdio to `node bin/agent-tools.js serve ...args` (run from the package root). */
export async function connectServe(
  ...args: (string | { revision?: Revision; client?: ClientOptions })[]
): Promise<{ client: Client; stderr: () => string; close: () => Promise<void> }> {
  const opts = (args.find((a) => typeof a !== 'string') ?? {}) as { revision?: Revision; client?: ClientOptions };
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'serve', ...(args.filter((a) => typeof a === 'string') as string[])],
    cwd: root,
    env: { ...process.env, NO_COLOR: '1' } as Record<string, string>,
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const client = newClient(opts.revision, opts.client);
  await client.connect(transport);
  return { client, stderr: () => err, close: () => client.close() };
}

/** An SDK client connected to `server` in this process: over the in-memory pair (2025-11-25), or its HTTP handler's fetch (2026-07-28). */
export async function connected(
  server: AgentToolsMcpServer,
  revision: Revision = '2025-11-25',
  options: ClientOptions = {},
): Promise<Client> {
  const client = newClient(revision, options);
  if (revision === '2025-11-25') {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    return client;
  }
  const handler = server.httpHandler();
  const close = client.close.bind(client);
  client.close = async () => {
    await close();
    await handler.close();
  };
  await client.connect(
    new StreamableHTTPClientTransport(new URL('http://in-process.test/mcp'), {
      fetch: (url, init) => handler.fetch(new Request(url, init)),
    }),
  );
  return client;
}

/** A client pinned to `revision` connected over Streamable HTTP to `url`. */
export async function connectHttp(url: string, revision: Revision = '2025-11-25', options: ClientOptions = {}): Promise<Client> {
  const client = newClient(revision, options);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/**
 * `node bin/agent-tools.js serve ...args --http 0 --no-auth` (run from the package root), resolved
 * once it says its URL. These tests are about the protocol; test/cli/serve-auth.test.ts holds the token.
 */
export async function serveHttp(...args: string[]): Promise<{ url: string; stdout: () => string; stderr: () => string; stop: () => void }> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [bin, 'serve', ...args, '--http', '0', '--no-auth'], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1' },
  });
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

/** The `_meta` envelope a raw 2026-07-28 request carries (protocol version, client info, capabilities). */
export const RAW_2026_ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/**
 * One raw 2026-07-28 JSON-RPC request over HTTP to `url`, with the headers that revision asks
 * for (`mcp-protocol-version`, `mcp-method`, `mcp-name` for a named params) and
 * {@link RAW_2026_ENVELOPE} as `_meta`; the reply body is read from JSON or from an SSE `data:` line.
 */
export async function post2026(
  url: string,
  method: string,
  params: Record<string, unknown> = {},
  options: { id?: number; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any }> {
  const name: Record<string, string> = typeof params.name === 'string' ? { 'mcp-name': params.name } : {};
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...name,
      ...options.headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: options.id ?? 1, method, params: { ...params, _meta: RAW_2026_ENVELOPE } }),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text.startsWith('{') ? text : /^data: (.*)$/m.exec(text)![1]!) };
}
