/** Tests of `screenJsonRpc`'s tools/call shortcut: a call is plain only when the SDK schema accepts it. */

import { CallToolRequestSchema } from '@modelcontextprotocol/core';
import { describe, expect, it } from 'vitest';
import { plainToolCall, screenJsonRpc } from '../../src/adapters/jsonrpc-screen.js';

const VALUES: unknown[] = [
  undefined,
  null,
  'echo',
  '',
  3,
  true,
  [],
  ['x'],
  {},
  { text: 'hi' },
  { progressToken: 1 },
  { ttl: 5 },
  { nested: { a: [1] } },
];

/** Every combination of these values for the params' fields, plus params that are not objects. */
function* messages(): Generator<{ jsonrpc: '2.0'; id: number; method: string; params?: unknown }> {
  let id = 0;
  for (const params of [undefined, null, 'x', [], [{ name: 'echo' }]]) yield { jsonrpc: '2.0', id: id++, method: 'tools/call', params };
  for (const name of VALUES)
    for (const args of VALUES)
      for (const meta of [undefined, null, {}, { progressToken: 'p' }, { progressToken: {} }])
        for (const task of [undefined, {}, { ttl: 'x' }]) {
          const params: Record<string, unknown> = { extra: 1 };
          for (const [k, v] of [
            ['name', name],
            ['arguments', args],
            ['_meta', meta],
            ['task', task],
          ] as const)
            if (v !== undefined) params[k] = v;
          yield { jsonrpc: '2.0', id: id++, method: 'tools/call', params };
        }
  yield { jsonrpc: '2.0', id, method: 'tools/list', params: { name: 'echo' } };
}

describe('screenJsonRpc: the tools/call shortcut', () => {
  it('takes a call as plain only when the SDK schema accepts it (every combination of name, arguments, _meta, task)', () => {
    let plain = 0;
    let total = 0;
    for (const m of messages()) {
      total += 1;
      if (!plainToolCall(m)) continue;
      plain += 1;
      expect(CallToolRequestSchema.safeParse(m).success, JSON.stringify(m)).toBe(true);
    }
    expect(plain).toBeGreaterThan(10);
    expect(total).toBeGreaterThan(2000);
  });

  it('answers as before: a plain call passes unchanged, bad params get -32602 naming the field', () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } };
    expect(screenJsonRpc(JSON.stringify(call))).toEqual({ message: call });
    for (const [params, field] of [
      [{ name: 3 }, 'params.name'],
      [{ name: 'echo', arguments: [1] }, 'params.arguments'],
      [{ name: 'echo', task: { ttl: 'x' } }, 'params.task.ttl'],
      [{ arguments: {} }, 'params.name'],
    ] as const) {
      const r = screenJsonRpc(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params }));
      expect(r).toMatchObject({ reply: { id: 2, error: { code: -32602 } } });
      expect((r as { reply: { error: { message: string } } }).reply.error.message).toMatch(
        new RegExp(`^Invalid params: ${field.replace(/\./g, '\\.')}: `),
      );
    }
  });
});
