/** Tests of both MCP revisions through `serve`: a client of each lists and calls tools; the raw 2026-07-28 wire over HTTP. */

import { ProtocolError } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp, connectServe, post2026, REVISIONS, serveHttp } from './mcp-child.js';

const FONT_TOOLS = 'fixtures/adapters/font-tools.ts';
const NAMES = ['set_font', 'describe_font', 'explode', 'find_node', 'list_nodes'];

describe('a client of each revision lists and calls tools (SDK v2 client, pinned)', () => {
  for (const revision of REVISIONS) {
    it(`stdio, ${revision}`, async () => {
      const { client, close } = await connectServe(FONT_TOOLS, '--no-skills', { revision });
      try {
        expect(client.getProtocolEra()).toBe(revision === '2026-07-28' ? 'modern' : 'legacy');
        expect((await client.listTools()).tools.map((t) => t.name)).toEqual(NAMES);
        expect((await client.callTool({ name: 'set_font', arguments: { id: 'f1' } })).structuredContent).toEqual({
          received: { id: 'f1', italic: false, weight: 400 },
        });
      } finally {
        await close();
      }
    });
  }

  it('HTTP, both revisions on one endpoint; an unknown tool is -32602 on 2026-07-28 and an error result on 2025', async () => {
    const served = await serveHttp(FONT_TOOLS, '--no-skills');
    try {
      for (const revision of REVISIONS) {
        const client = await connectHttp(served.url, revision);
        expect(client.getProtocolEra()).toBe(revision === '2026-07-28' ? 'modern' : 'legacy');
        expect((await client.listTools()).tools.map((t) => t.name)).toEqual(NAMES);
        expect((await client.callTool({ name: 'set_font', arguments: { id: 'f2', weight: 700 } })).structuredContent).toEqual({
          received: { id: 'f2', italic: false, weight: 700 },
        });
        const message = 'Unknown tool "set_fnt". Did you mean: set_font?';
        if (revision === '2025-11-25')
          expect(await client.callTool({ name: 'set_fnt', arguments: {} })).toEqual({
            content: [{ type: 'text', text: message }],
            isError: true,
          });
        else {
          const err = await client.callTool({ name: 'set_fnt', arguments: {} }).catch((e: unknown) => e);
          expect(err).toBeInstanceOf(ProtocolError);
          expect(err).toMatchObject({ code: -32602, message });
        }
        await client.close();
      }
    } finally {
      served.stop();
    }
  });
});

describe('the 2026-07-28 wire of serve --http, raw', () => {
  let served: Awaited<ReturnType<typeof serveHttp>>;
  beforeAll(async () => {
    served = await serveHttp(FONT_TOOLS, '--no-skills');
  });
  afterAll(() => served.stop());

  const post = (method: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    post2026(served.url, method, params, { headers });

  it('server/discover names the revision and the capabilities; every result says resultType and identifies the server', async () => {
    const { status, body } = await post('server/discover');
    expect(status).toBe(200);
    expect(body.result).toMatchObject({
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: { listChanged: true }, logging: {} },
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'agent-tools' } },
    });
  });

  it('tools/list carries ttlMs and cacheScope, in registry order', async () => {
    const { body } = await post('tools/list');
    expect(body.result.tools.map((t: { name: string }) => t.name)).toEqual(NAMES);
    expect(body.result).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
  });

  it('methods the revision removed are 404 with -32601; an Mcp-Method header that disagrees with the body is 400 with -32020', async () => {
    for (const method of ['initialize', 'ping', 'logging/setLevel']) {
      const { status, body } = await post(method);
      expect([method, status, body.error.code]).toEqual([method, 404, -32601]);
    }
    const mismatch = await post('tools/list', {}, { 'mcp-method': 'tools/call' });
    expect([mismatch.status, mismatch.body.error.code]).toEqual([400, -32020]);
  });
});
