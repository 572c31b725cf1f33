/** Tests of the call context over MCP: log lines and progress as notifications, `logging/setLevel`, throttling. */

import {
  Client,
  StreamableHTTPClientTransport,
  InMemoryTransport,
  type LoggingMessageNotification,
  type Progress,
} from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { createMcpServer } from 'agent-tools/mcp';
import type { ToolLogEntry } from 'agent-tools';
import { countUp, flood } from '../../fixtures/adapters/context-tools.js';
import { connectServe, serveHttp } from './mcp-child.js';

type Params = LoggingMessageNotification['params'];

/**
 * Calls a tool with a progress token, collecting the raw log and progress notifications
 * (the client's own progress handler is replaced: it drops a notification that is handled
 * after the response, as the SDK dispatches notifications a microtask later).
 */
async function callWithReports(client: Client, name: string, args: Record<string, unknown>, progressToken: string | null = 'tok-1') {
  const logs: Params[] = [];
  const progress: Progress[] = [];
  client.setNotificationHandler('notifications/message', (n) => void logs.push(n.params));
  client.setNotificationHandler('notifications/progress', ({ params: { progressToken: token, ...p } }) => {
    expect(token).toBe(progressToken);
    progress.push(p);
  });
  const result = await client.request({
    method: 'tools/call',
    params: { name, arguments: args, ...(progressToken ? { _meta: { progressToken } } : {}) },
  });
  await new Promise((r) => setTimeout(r, 20));
  return { result, logs: [...logs], progress: [...progress] };
}

const everyLevel: Params[] = [
  { level: 'debug', logger: 'count_up', data: 'debug line' },
  { level: 'info', logger: 'count_up', data: 'info line' },
  { level: 'notice', logger: 'count_up', data: 'notice line' },
  { level: 'warning', logger: 'count_up', data: 'warning line' },
  { level: 'error', logger: 'count_up', data: 'error line' },
  { level: 'info', logger: 'count_up', data: { message: 'with data', data: { n: 3 } } },
];
const threeSteps = [1, 2, 3].map((i) => ({ progress: i, total: 3, message: `step ${i}` }));

async function inMemory(onToolLog?: (e: ToolLogEntry) => void) {
  const server = createMcpServer([countUp, flood], { name: 't', version: '1', ...(onToolLog ? { onToolLog } : {}) });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: 't', version: '1' });
  await client.connect(a);
  return { client, server };
}

describe('the call context over MCP (in process)', () => {
  it('sends log lines and progress before the result, declares logging, and records both in the ToolLog', async () => {
    const entries: ToolLogEntry[] = [];
    const { client, server } = await inMemory((e) => void entries.push(e));
    expect(client.getServerCapabilities()?.logging).toEqual({});
    const { result, logs, progress } = await callWithReports(client, 'count_up', {});
    expect(result.structuredContent).toEqual({ counted: 3 });
    expect(logs).toEqual(everyLevel);
    expect(progress).toEqual(threeSteps);
    expect(entries[0]).toMatchObject({
      tool: 'count_up',
      progressCount: 3,
      logs: everyLevel.map((l) =>
        typeof l.data === 'string' ? { level: l.level, message: l.data } : { level: 'info', message: 'with data', data: { n: 3 } },
      ),
    });
    await server.close();
  });

  it('honours logging/setLevel and sends no progress without a progressToken', async () => {
    const { client, server } = await inMemory();
    await client.setLoggingLevel('warning');
    const { logs, progress } = await callWithReports(client, 'count_up', { pauseMs: 0 }, null);
    expect(logs.map((l) => l.level)).toEqual(['warning', 'error']);
    expect(progress).toEqual([]);
    await server.close();
  });

  it('throttles a tight loop of reports: few notifications, increasing, the last one always sent', async () => {
    const entries: ToolLogEntry[] = [];
    const { client, server } = await inMemory((e) => void entries.push(e));
    const { result, progress } = await callWithReports(client, 'flood', { n: 10000 });
    expect(result.structuredContent).toEqual({ reports: 10000 });
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress.length).toBeLessThan(50);
    expect(progress.at(-1)).toEqual({ progress: 10000, total: 10000 });
    expect(progress.every((p, i) => i === 0 || p.progress > progress[i - 1]!.progress)).toBe(true);
    expect(entries[0]!.progressCount).toBe(10000);
    await server.close();
  });
});

describe('the call context through agent-tools serve', () => {
  it('stdio: a real client receives the log lines and progress', async () => {
    const { client, close } = await connectServe('fixtures/adapters/context-tools.ts');
    try {
      const { result, logs, progress } = await callWithReports(client, 'count_up', {});
      expect(result.structuredContent).toEqual({ counted: 3 });
      expect(logs).toEqual(everyLevel);
      expect(progress).toEqual(threeSteps);
    } finally {
      await close();
    }
  });

  it('HTTP: notifications arrive on the call stream, and a setLevel holds for later requests', async () => {
    const served = await serveHttp('fixtures/adapters/context-tools.ts');
    try {
      const client = new Client({ name: 't', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
      const first = await callWithReports(client, 'count_up', {});
      expect(first.logs).toEqual(everyLevel);
      expect(first.progress).toEqual(threeSteps);
      await client.setLoggingLevel('error');
      const second = await callWithReports(client, 'count_up', { pauseMs: 0 });
      expect(second.logs.map((l) => l.level)).toEqual(['error']);
      await client.close();
    } finally {
      served.stop();
    }
  });
});
