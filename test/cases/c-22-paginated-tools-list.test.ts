/** Tests that serve answers every list in one page and refuses a cursor it never issued with -32602. */

import { spawn } from 'node:child_process';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/adapters/mcp.js';
import { defineTool } from '../../src/core/tool.js';
import {
  bin,
  connectHttp,
  connectServe,
  post2026,
  RAW_2026_ENVELOPE as ENVELOPE,
  REVISIONS,
  root,
  serveHttp,
  type Revision,
} from '../adapters/mcp-child.js';

// Paginated lists, the server half: serve answers every list in one page and never issues a cursor, so a
// cursor it receives is one it never issued, and the MCP spec (utilities/pagination) says an
// invalid cursor is -32602 Invalid params. It used to answer with the whole list instead.
// (The client half, every page of a paginated tools/list imported, is test/skills/mcp-client-v2.test.ts.)

const MODULE = 'test/conformance/server.ts';
const NEVER_ISSUED = 'eyJvZmZzZXQiOjEwMH0'; // a plausible cursor: base64 of {"offset":100}

type Lists = Record<string, (params?: { cursor: string }) => Promise<Record<string, unknown>>>;
const lists = (c: Client): Lists => ({
  'tools/list': (p) => c.listTools(p),
  'prompts/list': (p) => c.listPrompts(p),
  'resources/list': (p) => c.listResources(p),
  'resources/templates/list': (p) => c.listResourceTemplates(p),
});

/** Each list without a cursor (one page: items, no nextCursor), then with one it never issued (-32602). */
async function expectOnePageAndNoForeignCursor(client: Client): Promise<void> {
  for (const [method, list] of Object.entries(lists(client))) {
    const page = await list();
    const items = Object.values(page).find(Array.isArray) as unknown[];
    expect([method, items.length > 0, page.nextCursor]).toEqual([method, true, undefined]);
    const err = await list({ cursor: NEVER_ISSUED }).then(
      () => 'answered',
      (e: unknown) => e,
    );
    expect([method, err]).toEqual([method, expect.objectContaining({ code: -32602, message: expect.stringContaining('not issued') })]);
  }
}

describe('C-22: serve refuses a cursor it never issued with -32602 (SDK v2 client)', { timeout: 60_000 }, () => {
  for (const revision of REVISIONS) {
    it(`stdio, ${revision}: tools, prompts, resources and templates`, async () => {
      const { client, close } = await connectServe(MODULE, '--no-skills', { revision });
      try {
        await expectOnePageAndNoForeignCursor(client);
      } finally {
        await close();
      }
    });
  }

  it('HTTP, both revisions on one endpoint', async () => {
    const served = await serveHttp(MODULE, '--no-skills');
    try {
      for (const revision of REVISIONS) {
        const client = await connectHttp(served.url, revision);
        try {
          await expectOnePageAndNoForeignCursor(client);
        } finally {
          await client.close();
        }
      }
    } finally {
      served.stop();
    }
  });

  it('createMcpServer on a transport of the caller (in-memory, 2025-11-25): the handlers refuse it too', async () => {
    const tool = defineTool({ name: 'ping', description: 'Ping.', params: {}, execute: () => 'pong' });
    const server = createMcpServer([tool], {
      name: 'c22',
      version: '1.0.0',
      prompts: [{ name: 'hi', description: 'Say hi', get: () => 'hi' }],
    });
    const client = new Client({ name: 'c22', version: '1' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(b);
    await client.connect(a);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['ping']);
      await expect(client.listTools({ cursor: NEVER_ISSUED })).rejects.toMatchObject({ code: -32602 });
      await expect(client.listPrompts({ cursor: NEVER_ISSUED })).rejects.toMatchObject({ code: -32602 });
    } finally {
      await client.close();
      await server.close();
    }
  });
});

/** Raw JSON-RPC: cursors no typed client sends (a number, null, an empty string), in each era. */
const RAW_CURSORS: unknown[] = [NEVER_ISSUED, '', 7, null];
const params = (revision: Revision, cursor: unknown) => ({ cursor, ...(revision === '2026-07-28' ? { _meta: ENVELOPE } : {}) });

describe('C-22 over raw JSON-RPC: malformed and unknown cursors are -32602 with the request id', { timeout: 60_000 }, () => {
  for (const revision of REVISIONS) {
    it(`stdio, ${revision}`, async () => {
      const child = spawn(process.execPath, [bin, 'serve', MODULE, '--no-skills'], { cwd: root, stdio: ['pipe', 'pipe', 'ignore'] });
      const replies = new Map<number, (m: { id: number; error?: { code: number }; result?: unknown }) => void>();
      let buffered = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('utf8');
        for (let i = buffered.indexOf('\n'); i >= 0; i = buffered.indexOf('\n')) {
          const m = JSON.parse(buffered.slice(0, i));
          buffered = buffered.slice(i + 1);
          replies.get(m.id)?.(m);
        }
      });
      let id = 0;
      const send = (method: string, p: unknown) =>
        new Promise<{ id: number; error?: { code: number }; result?: unknown }>((resolve) => {
          replies.set(++id, resolve);
          child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params: p })}\n`);
        });
      try {
        if (revision === '2025-11-25') {
          await send('initialize', { protocolVersion: revision, capabilities: {}, clientInfo: { name: 'raw', version: '1' } });
          child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
        }
        for (const method of ['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list'])
          for (const cursor of RAW_CURSORS) {
            const reply = await send(method, params(revision, cursor));
            expect([method, cursor, reply.id, reply.error?.code, reply.result]).toEqual([method, cursor, id, -32602, undefined]);
          }
        const whole = (await send('tools/list', revision === '2026-07-28' ? { _meta: ENVELOPE } : {})) as { result: { tools: unknown[] } };
        expect(whole.result.tools.length).toBeGreaterThan(0);
      } finally {
        child.kill();
      }
    });
  }

  describe('HTTP', () => {
    let served: Awaited<ReturnType<typeof serveHttp>>;
    beforeAll(async () => {
      served = await serveHttp(MODULE, '--no-skills');
    });
    afterAll(() => served.stop());

    it('2026-07-28 (no session): a JSON-RPC error -32602 (HTTP 200, as a handler error) for each cursor', async () => {
      for (const cursor of RAW_CURSORS) {
        const res = await post2026(served.url, 'tools/list', { cursor }, { id: 41 });
        expect([cursor, res.status, res.body]).toEqual([
          cursor,
          200,
          { jsonrpc: '2.0', id: 41, error: { code: -32602, message: expect.stringContaining('tools/list answers in one page') } },
        ]);
      }
    });
  });
});
