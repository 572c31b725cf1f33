/** Tests that `serve --http` answers malformed POST bodies as stdio does, under a client calling tools throughout. */

import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
// Soak seed 1717 (and every seed), row 2 over HTTP: the SDK's Streamable HTTP transport answered a
// bad `jsonrpc` or a missing method with -32700, params of the wrong type with -32603, and took
// batches. serve --http now screens each POST body as stdio screens each line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveHttp } from '../adapters/mcp-child.js';

let serve: Awaited<ReturnType<typeof serveHttp>>;
beforeAll(async () => {
  serve = await serveHttp('soak/mcp/tools.js', '--no-skills');
});
afterAll(() => serve.stop());

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

async function post(
  body: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  type: string | null;
  reply: { id?: unknown; result?: unknown; error?: { code: number; message: string } } | undefined;
}> {
  const res = await fetch(serve.url, { method: 'POST', headers: { ...HEADERS, ...headers }, body });
  const text = await res.text();
  const json = text.startsWith('{') ? text : /^data: (.*)$/m.exec(text)?.[1];
  return { status: res.status, type: res.headers.get('content-type'), reply: json ? JSON.parse(json) : undefined };
}

const msg = (o: object) => JSON.stringify({ jsonrpc: '2.0', ...o });

describe('soak row 2 over HTTP: serve --http answers malformed POST bodies as stdio does', () => {
  it('gives each malformed body its JSON-RPC error with HTTP 400, while an SDK client calls a tool throughout', async () => {
    const client = new Client({ name: 'well-behaved', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(serve.url)));
    let running = true;
    const good: string[] = [];
    const loop = (async () => {
      for (let i = 0; running; i++) {
        const r = await client.callTool({ name: 'echo', arguments: { text: `call ${i}` } });
        good.push((r.structuredContent as { text: string }).text);
      }
    })();
    const cases: [string, string, number, unknown][] = [
      ['invalid JSON', '{"jsonrpc":"2.0","id":"a",', -32700, null],
      ['wrong jsonrpc', '{"jsonrpc":"1.0","id":"b","method":"tools/list"}', -32600, 'b'],
      ['no method', '{"jsonrpc":"2.0","id":"c"}', -32600, 'c'],
      ['not an object', '"text"', -32600, null],
      ['a batch', `[${msg({ id: 'd1', method: 'ping' })},${msg({ id: 'd2', method: 'ping' })}]`, -32600, null],
      ['tools/call name of the wrong type', msg({ id: 'e', method: 'tools/call', params: { name: 5 } }), -32602, 'e'],
      ['tools/list params not an object', msg({ id: 'f', method: 'tools/list', params: 'x' }), -32600, 'f'],
    ];
    for (const [name, body, code, id] of cases) {
      const r = await post(body);
      expect([name, r.status, r.type, r.reply?.error?.code, r.reply?.id]).toEqual([name, 400, 'application/json', code, id]);
      expect(r.reply?.error?.message).toMatch(/\w/);
    }
    const batch = await post(cases[4]![1]);
    expect(batch.reply?.error?.message).toMatch(/batches are not supported/);
    // An unknown method reaches the server: -32601 for its id, in the SDK's usual 200 answer.
    const unknown = await post(msg({ id: 'g', method: 'no/such/method' }));
    expect([unknown.status, unknown.reply?.error?.code, unknown.reply?.id]).toEqual([200, -32601, 'g']);
    // Notifications get no answer, also with params of the wrong type for their method.
    for (const body of [
      msg({ method: 'notifications/cancelled', params: { requestId: {} } }),
      msg({ method: 'notifications/no_such_thing' }),
    ]) {
      const r = await post(body);
      expect([r.status, r.reply]).toEqual([202, undefined]);
    }
    running = false;
    await loop;
    await client.close();
    expect(good.length).toBeGreaterThan(0);
    expect(good).toEqual(good.map((_, i) => `call ${i}`));
  });

  it('refuses a 10 MB body with 413 and the SDK message, then keeps serving', async () => {
    const r = await post(msg({ id: 'h', method: 'tools/call', params: { name: 'echo', arguments: { text: 'x'.repeat(10_000_000) } } }));
    expect([r.status, r.reply?.error?.code, r.reply?.error?.message]).toEqual([
      413,
      -32000,
      'Payload Too Large: Request body must not exceed 4194304 bytes',
    ]);
    const ping = await post(msg({ id: 'i', method: 'ping' }));
    expect([ping.status, ping.reply?.id, ping.reply?.result]).toEqual([200, 'i', {}]);
  });

  it('checks Host, Origin and Accept before the body: a bad header wins over a malformed body', async () => {
    const origin = await post('{"jsonrpc":', { origin: 'https://evil.example' });
    expect([origin.status, origin.reply?.error?.message]).toEqual([403, 'Invalid Origin header: https://evil.example']);
    const accept = await post('[]', { accept: 'application/json' });
    expect([accept.status, accept.reply?.error?.code]).toEqual([406, -32000]);
    const own = await post('[]', { origin: `http://127.0.0.1:${new URL(serve.url).port}` });
    expect([own.status, own.reply?.error?.code]).toEqual([400, -32600]);
  });
});
