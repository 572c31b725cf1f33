/** Tests of `createMcpServer` in process and `serve --http`: runtime switches, the core tier by default, duplicate names. */

import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/adapters/mcp.js';
import { defineTool } from '../../src/core/tool.js';
import { createRegistry } from '../../src/registry/registry.js';
import { bin, connected, root, serveHttp } from './mcp-child.js';

const ping = defineTool({ name: 'ping', mutates: false, description: 'Ping.', params: {}, execute: () => 'pong' });
const wipe = defineTool({
  name: 'wipe',
  description: 'Deletes everything.',
  mutates: true,
  destructive: true,
  params: {},
  execute: () => ({ ids: ['a', 'b'] }),
});

describe('createMcpServer (in process, SDK Client over the in-memory transport)', () => {
  it('disables and enables tools at runtime, notifying only on a real change', async () => {
    const affected: unknown[] = [];
    const server = createMcpServer(createRegistry({ core: [ping], extended: [wipe] }), {
      name: 'test',
      version: '1.0.0',
      tier: 'all',
      // wipe is destructive: the server's policy lets it run without asking
      approval: { allow: ['wipe'] },
      onAffected: (ids) => void affected.push(ids),
    });
    const client = await connected(server);
    let notifications = 0;
    client.setNotificationHandler('notifications/tools/list_changed', () => void notifications++);
    const { tools } = await client.listTools();
    expect(tools.map((t) => [t.name, t.annotations])).toEqual([
      ['ping', { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }],
      ['wipe', { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false }],
    ]);
    expect((await client.callTool({ name: 'wipe', arguments: {} })).structuredContent).toEqual({ ids: ['a', 'b'] });
    expect(affected).toEqual([['a', 'b']]);
    server.disable('wipe');
    server.disable('wipe');
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['ping']);
    expect(await client.callTool({ name: 'wipe', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'Tool "wipe" is disabled on this server. Consider one of: ping.' }],
      isError: true,
    });
    expect(notifications).toBe(1);
    server.enable('wipe');
    await client.listTools();
    expect(notifications).toBe(2);
    expect(() => server.disable('wype')).toThrow('Unknown tool "wype". Did you mean: wipe?');
    await server.close();
  });

  it('serves the core tier of a registry by default', async () => {
    const server = createMcpServer(createRegistry({ core: [ping], extended: [wipe] }), { name: 'test', version: '1.0.0' });
    const client = await connected(server);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['ping']);
    await server.close();
  });

  it('refuses to build with two tools of one name, never last-one-wins', () => {
    const other = defineTool({ name: 'ping', mutates: false, description: 'Another ping.', params: {}, execute: () => 'other' });
    expect(() => createMcpServer([ping, other], { name: 'test', version: '1.0.0' })).toThrow(
      /^Duplicate tool name "ping": defined by tools\[0\] \(.*mcp-server\.test\.ts:\d+:\d+\) and by tools\[1\] \(.*mcp-server\.test\.ts:\d+:\d+\)\. Rename one of them\.$/,
    );
  });
});

describe('agent-tools serve --http', () => {
  it('serves Streamable HTTP on 127.0.0.1 for a real SDK client', async () => {
    const served = await serveHttp('fixtures/adapters/font-tools.ts');
    const { url } = served;
    try {
      const client = new Client({ name: 't', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
        'set_font',
        'describe_font',
        'explode',
        'find_node',
        'list_nodes',
      ]);
      expect((await client.callTool({ name: 'set_font', arguments: { id: 'f1' } })).structuredContent).toEqual({
        received: { id: 'f1', italic: false, weight: 400 },
      });
      await client.close();
      expect(served.stdout()).toBe('');
      // A request naming another host (DNS rebinding) is refused.
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const req = request(
          url,
          {
            method: 'POST',
            headers: { host: 'evil.example', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode);
          },
        );
        req.on('error', reject);
        req.end('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
      });
      expect(status).toBe(403);
    } finally {
      served.stop();
    }
  });

  it('rejects a port that is not a number with exit 2', async () => {
    const child = spawn(process.execPath, [bin, 'serve', 'fixtures/adapters/font-tools.ts', '--http', 'eighty'], { cwd: root });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toBe(
      'agent-tools: --http: expected a port number from 0 to 65535, received "eighty"\n(run \'npx agent-tools serve --help\' for usage)\n',
    );
  });
});
