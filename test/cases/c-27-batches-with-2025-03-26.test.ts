/** Tests that MCP 2025-03-26, which requires JSON-RPC batches, is never negotiated, and batches stay refused. */

import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bin, root, serveHttp } from '../adapters/mcp-child.js';

// MCP 2025-03-26 requires a server to receive JSON-RPC batches; serve refuses batches
// (-32600, as 2025-06-18 and later prescribe), so it must not settle on 2025-03-26. A client
// asking for it is offered the newest 2025 revision instead (spec lifecycle: the server answers
// with another version it supports); the revisions around it are still negotiated as asked.

const MODULE = 'fixtures/adapters/font-tools.ts';
const initialize = (id: number, protocolVersion: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'c27', version: '1' } },
});

/** The `protocolVersion` serve answers an `initialize` asking for `asked` with, over stdio (a fresh process each). */
async function negotiatedOverStdio(asked: string): Promise<{ version: string; batch: unknown }> {
  const child = spawn(process.execPath, [bin, 'serve', MODULE, '--no-skills'], { cwd: root, stdio: ['pipe', 'pipe', 'ignore'] });
  const lines: unknown[] = [];
  let waiting: (() => void) | undefined;
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    for (let i = buffered.indexOf('\n'); i >= 0; i = buffered.indexOf('\n')) {
      lines.push(JSON.parse(buffered.slice(0, i)));
      buffered = buffered.slice(i + 1);
      waiting?.();
    }
  });
  const next = async () => {
    while (lines.length === 0) await new Promise<void>((resolve) => (waiting = resolve));
    return lines.shift();
  };
  try {
    child.stdin.write(`${JSON.stringify(initialize(1, asked))}\n`);
    const version = ((await next()) as { result: { protocolVersion: string } }).result.protocolVersion;
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    child.stdin.write(
      `${JSON.stringify([
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
        { jsonrpc: '2.0', id: 3, method: 'tools/list' },
      ])}\n`,
    );
    return { version, batch: await next() };
  } finally {
    child.kill();
  }
}

describe('C-27: 2025-03-26 (which requires batches) is not negotiated', { timeout: 60_000 }, () => {
  it('stdio: asked for 2025-03-26, serve offers 2025-11-25; a batch is still -32600; 2025-06-18 and 2024-11-05 as asked', async () => {
    const old = await negotiatedOverStdio('2025-03-26');
    expect(old.version).toBe('2025-11-25');
    expect(old.batch).toMatchObject({ id: null, error: { code: -32600 } });
    expect((await negotiatedOverStdio('2025-06-18')).version).toBe('2025-06-18');
    expect((await negotiatedOverStdio('2024-11-05')).version).toBe('2024-11-05');
  });

  it('HTTP: asked for 2025-03-26, serve offers 2025-11-25; a request naming 2025-03-26 in its header is refused', async () => {
    const served = await serveHttp(MODULE, '--no-skills');
    try {
      const post = (body: unknown, headers: Record<string, string> = {}) =>
        fetch(served.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
          body: JSON.stringify(body),
        });
      const res = await post(initialize(1, '2025-03-26'));
      const text = await res.text();
      const answer = JSON.parse(text.startsWith('{') ? text : /^data: (.*)$/m.exec(text)![1]!);
      expect([res.status, answer.result.protocolVersion]).toEqual([200, '2025-11-25']);
      const session = res.headers.get('mcp-session-id')!;
      const refused = await post(
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
        { 'mcp-session-id': session, 'mcp-protocol-version': '2025-03-26' },
      );
      expect([refused.status, ((await refused.json()) as { error: { message: string } }).error.message]).toEqual([
        400,
        expect.stringContaining('Unsupported protocol version'),
      ]);
    } finally {
      served.stop();
    }
  });
});
