/** Tests that over MCP a hook throwing after execute leaves the call standing: the client gets the result, the ToolLog the hook error. */

import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { createMcpServer } from 'agent-tools/mcp';
import type { HookErrorReport, ToolLogEntry } from 'agent-tools';
import { ledger } from '../runtime/ledger.js';

describe('createMcpServer: a hook that throws after execute ran', () => {
  it('the client gets the result (not isError), the change is made once, the ToolLog and onHookError record the hook', async () => {
    const { db, addCredit } = ledger();
    const log: ToolLogEntry[] = [];
    const reports: HookErrorReport[] = [];
    const server = createMcpServer([addCredit], {
      name: 't',
      version: '1',
      onAfterExecute: () => {
        throw new Error('metrics down');
      },
      onToolLog: (e) => void log.push(e),
      onHookError: (h) => void reports.push(h),
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(b);
    const client = new Client({ name: 't', version: '1' });
    await client.connect(a);
    try {
      const result = await client.callTool({ name: 'add_credit', arguments: {} });
      expect(result.isError ?? false).toBe(false);
      expect(result.structuredContent ?? JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual({ n: 1 });
      expect(db.n).toBe(1);
      expect(log.map((e) => [e.tool, e.result, e.hookError])).toEqual([
        ['add_credit', { n: 1 }, { hook: 'onAfterExecute', message: 'metrics down' }],
      ]);
      expect(reports.map((r) => [r.hook, r.tool, r.message])).toEqual([['onAfterExecute', 'add_credit', 'metrics down']]);
    } finally {
      await client.close();
    }
  });
});
