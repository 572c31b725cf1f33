/** Tests of deeply nested JSON-RPC messages: refused with the JSON-RPC error over stdio and HTTP, the next call still works. */

import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestedDeeperThan, screenJsonRpc } from '../../src/adapters/jsonrpc-screen.js';
import { bin, root, serveHttp } from './mcp-child.js';

// A tools/call whose arguments nest 200 000 levels deep was answered -32603 "Maximum call stack
// size exceeded" (a security trial): now -32602 Invalid params (a request) or -32600 Invalid
// Request, over HTTP and stdio alike, and the server goes on answering.
const nested = (levels: number, open = '[', close = ']') => `${open.repeat(levels)}1${close.repeat(levels)}`;
const call = (args: string, id: number | string = 1) =>
  `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"tools/call","params":{"name":"echo","arguments":{"text":${args}}}}`;

describe('deeply nested messages', { timeout: 60_000 }, () => {
  it('counts nesting outside strings only, and lets 128 levels through', () => {
    expect(nestedDeeperThan(`"${'['.repeat(1000)}"`, MAX_JSON_DEPTH)).toBe(false);
    expect(nestedDeeperThan(`["\\"${'['.repeat(1000)}"]`, MAX_JSON_DEPTH)).toBe(false);
    expect(nestedDeeperThan(nested(MAX_JSON_DEPTH - 3), MAX_JSON_DEPTH)).toBe(false);
    expect(nestedDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestedDeeperThan(nested(MAX_JSON_DEPTH + 1, '{"a":', '}'), MAX_JSON_DEPTH)).toBe(true);
  });

  it('answers a deep request -32602 with its id, and a deep message without an id -32600', () => {
    expect(screenJsonRpc(call(nested(200_000), 7))).toEqual({
      reply: {
        jsonrpc: '2.0',
        id: 7,
        error: { code: -32602, message: 'Invalid params: nested deeper than 128 levels of arrays and objects' },
      },
    });
    const notification = `{"jsonrpc":"2.0","method":"notifications/x","params":{"a":${nested(1000)}}}`;
    expect(screenJsonRpc(notification)).toMatchObject({ reply: { id: null, error: { code: -32600 } } });
    expect('message' in screenJsonRpc(call(nested(100)))).toBe(true);
  });

  describe('over serve --http', () => {
    let serve: Awaited<ReturnType<typeof serveHttp>>;
    beforeAll(async () => {
      serve = await serveHttp('soak/mcp/tools.js', '--no-skills');
    });
    afterAll(() => serve.stop());

    it('answers -32602, then a normal call still works', async () => {
      const post = async (body: string) => {
        const res = await fetch(serve.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2025-11-25',
          },
          body,
        });
        const text = await res.text();
        return JSON.parse(text.startsWith('{') ? text : /^data: (.*)$/m.exec(text)![1]!) as { id: unknown; error?: { code: number } };
      };
      const deep = await post(call(nested(200_000), 'deep'));
      expect(deep).toMatchObject({ id: 'deep', error: { code: -32602 } });
      expect(await post(call('"hi"', 'ok'))).not.toHaveProperty('error');
    });
  });

  it('over stdio: answers -32602 on the protocol stream, then lists tools', async () => {
    const child = spawn(process.execPath, [bin, 'serve', 'soak/mcp/tools.js', '--no-skills'], { cwd: root });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    const reply = (id: string) =>
      new Promise<{ id: string; error?: { code: number }; result?: unknown }>((resolve) => {
        const look = () => {
          const line = out.split('\n').find((l) => l.includes(`"id":"${id}"`));
          if (line) resolve(JSON.parse(line));
          else setTimeout(look, 50);
        };
        look();
      });
    try {
      child.stdin.write(
        `${JSON.stringify({ jsonrpc: '2.0', id: 'init', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`,
      );
      await reply('init');
      child.stdin.write(`${call(nested(200_000), 'deep')}\n`);
      expect(await reply('deep')).toMatchObject({ error: { code: -32602 } });
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 'list', method: 'tools/list' })}\n`);
      expect(await reply('list')).toHaveProperty('result');
    } finally {
      child.kill();
    }
  });
});
