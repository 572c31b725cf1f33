/** `serve` for the soak rows, over stdio or HTTP with its token, an SDK client, and process memory from /proc. */

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/** The bearer token the soak's `serve --http` asks for (given by AGENT_TOOLS_SERVE_TOKEN), as the soak's clients send it. */
export const SOAK_TOKEN = 'soak-bearer-token-0123456789abcdef';
/** The header every soak HTTP request carries. */
export const AUTH_HEADER = { authorization: `Bearer ${SOAK_TOKEN}` };

/**
 * `agent-tools serve soak/mcp/tools.js --no-skills ...serveFlags`, over stdio, or over HTTP on
 * 127.0.0.1 with its URL, asking for {@link SOAK_TOKEN} as a deployment would (unless `serveFlags`
 * choose another way, such as `--issuer`).
 */
export async function startServe(
  root: string,
  http: boolean,
  nodeFlags: string[] = [],
  serveFlags: string[] = [],
): Promise<{ child: ChildProcess; url?: string; stderr: () => string }> {
  const args = [
    ...nodeFlags,
    join(root, 'bin/agent-tools.js'),
    'serve',
    join(root, 'soak/mcp/tools.js'),
    '--no-skills',
    ...(http ? ['--http', '0'] : []),
    ...serveFlags,
  ];
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, AGENT_TOOLS_SERVE_TOKEN: SOAK_TOKEN },
  });
  let stderr = '';
  const ready = new Promise<string | undefined>((resolve, reject) => {
    child.stderr!.on('data', (c: Buffer) => {
      stderr += c.toString();
      if (/serving/.test(stderr)) resolve(/(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr)?.[1]);
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code} before it was ready: ${stderr.trim()}`)));
  });
  const url = await ready;
  return { child, url, stderr: () => stderr };
}

/** The official MCP SDK client, connected over Streamable HTTP to `url`. */
export async function sdkClient(url: string, name = 'soak'): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: AUTH_HEADER } }));
  return client;
}

/** A process's current and peak resident set size in bytes (VmRSS, VmHWM from /proc). */
export function rssOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Ends a child process and waits for it to be gone. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await gone;
}
