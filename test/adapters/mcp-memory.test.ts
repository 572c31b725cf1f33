/** Tests of a long MCP session: the repeated-call memory stays bounded, visible tools are rebuilt only on a change. */

import { describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/adapters/mcp.js';
import { defineTool, type AnyToolDef } from '../../src/core/tool.js';
import type { ToolSource } from '../../src/runtime/tool-source.js';
import type { ToolLogEntry } from '../../src/runtime/tool-log.js';
import { connected } from './mcp-child.js';

const echo = defineTool({
  name: 'echo',
  mutates: false,
  description: 'Returns n.',
  params: { n: { type: 'number', required: true, description: 'A number' } },
  execute: (_api, { n }) => ({ n }),
});
const ping = defineTool({ name: 'ping', mutates: false, description: 'Ping.', params: {}, execute: () => 'pong' });

describe('createMcpServer over a long session (SDK Client, in-memory transport)', () => {
  it('remembers only the last 1 000 distinct calls for isDuplicate: its memory does not grow with calls', async () => {
    const log: ToolLogEntry[] = [];
    const server = createMcpServer([echo], { name: 'test', version: '1.0.0', onToolLog: (e) => void log.push(e) });
    const client = await connected(server);
    for (let n = 0; n < 1100; n++) await client.callTool({ name: 'echo', arguments: { n } });
    await client.callTool({ name: 'echo', arguments: { n: 1099 } }); // recent: remembered
    await client.callTool({ name: 'echo', arguments: { n: 0 } }); // 1 100 distinct calls ago: forgotten
    await client.callTool({ name: 'echo', arguments: { n: 100 } }); // exactly 1 000 distinct calls back, but 0 just pushed it out
    expect(log).toHaveLength(1103);
    expect(log.slice(0, 1100).filter((e) => e.isDuplicate)).toEqual([]);
    expect(log.slice(1100).map((e) => [e.args, e.isDuplicate ?? false])).toEqual([
      [{ n: 1099 }, true],
      [{ n: 0 }, false],
      [{ n: 100 }, false],
    ]);
    await server.close();
  });

  it('builds the visible tools once and again after a source change, so calls see the change', async () => {
    const listeners = new Set<() => void>();
    let tools: AnyToolDef[] = [ping];
    let reads = 0;
    const source: ToolSource = {
      tools: () => (reads++, tools),
      onChange: (l) => (listeners.add(l), () => listeners.delete(l)),
    };
    const server = createMcpServer(source, { name: 'test', version: '1.0.0' });
    const client = await connected(server);
    const readsAtStart = reads;
    for (let i = 0; i < 20; i++) await client.callTool({ name: 'ping', arguments: {} });
    await client.listTools();
    expect(reads - readsAtStart).toBe(0);
    expect((await client.callTool({ name: 'echo', arguments: { n: 1 } })).isError).toBe(true);
    tools = [ping, echo];
    for (const l of listeners) l();
    expect((await client.callTool({ name: 'echo', arguments: { n: 1 } })).structuredContent).toEqual({ n: 1 });
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['ping', 'echo']);
    expect(server.visibleTools().map((t) => t.name)).toEqual(['ping', 'echo']);
    await server.close();
  });
});
