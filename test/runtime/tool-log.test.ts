import { describe, expect, it } from 'vitest';
import { buildDebugLog, type ToolLogEntry } from '../../src/runtime/tool-log.js';

const entry = (over: Partial<ToolLogEntry>): ToolLogEntry => ({ tool: 'list_nodes', args: {}, result: null, timestamp: 0, durationMs: 1, mutates: false, ...over });

describe('buildDebugLog', () => {
  it('reports repeated identical calls, no-op mutations, result bytes and per-tool counts', () => {
    const noop = entry({ tool: 'set_color', args: { id: 'n1', color: '#fff' }, result: { id: 'n1' }, mutates: true, unchangedProps: ['id', 'color'], durationMs: 2 });
    const entries = [
      entry({ args: { a: 1, b: 2 }, result: ['汉'] }),
      entry({ args: { b: 2, a: 1 }, result: ['汉'] }),
      entry({ args: { a: 1, b: 2 }, result: null, error: 'Step budget spent' }),
      noop,
      entry({ tool: 'set_color', args: { id: 'n1', color: '#f00' }, result: { id: 'n1' }, mutates: true, unchangedProps: [], durationMs: 3 }),
    ];
    const log = buildDebugLog(entries);
    expect(log.entries).toEqual(entries);
    expect(log.duplicates).toEqual([{ tool: 'list_nodes', args: { a: 1, b: 2 }, count: 3 }]);
    expect(log.noopMutations).toEqual([noop]);
    // ["汉"] is 7 bytes twice, the error 17, {"id":"n1"} 11 twice
    expect(log.totalResultBytes).toBe(7 + 7 + 17 + 11 + 11);
    expect(log.byTool).toEqual({ list_nodes: { calls: 3, errors: 1, totalMs: 3 }, set_color: { calls: 2, errors: 0, totalMs: 5 } });
  });
});
