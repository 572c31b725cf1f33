/** Tests of `buildDebugLog` and `callKey`. */

import { describe, expect, it } from 'vitest';
import { buildDebugLog, callKey, type ToolLogEntry } from '../../src/runtime/tool-log.js';

const entry = (over: Partial<ToolLogEntry>): ToolLogEntry => ({
  tool: 'list_nodes',
  args: {},
  result: null,
  timestamp: 0,
  durationMs: 1,
  mutates: false,
  ...over,
});

describe('buildDebugLog', () => {
  it('reports repeated identical calls, no-op mutations, result bytes and per-tool counts', () => {
    const noop = entry({
      tool: 'set_color',
      args: { id: 'n1', color: '#fff' },
      result: { id: 'n1' },
      mutates: true,
      unchangedProps: ['id', 'color'],
      durationMs: 2,
    });
    const entries = [
      entry({ args: { a: 1, b: 2 }, result: ['汉'] }),
      entry({ args: { b: 2, a: 1 }, result: ['汉'] }),
      entry({ args: { a: 1, b: 2 }, result: null, error: 'Step budget spent' }),
      noop,
      entry({
        tool: 'set_color',
        args: { id: 'n1', color: '#f00' },
        result: { id: 'n1' },
        mutates: true,
        unchangedProps: [],
        durationMs: 3,
      }),
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

describe('callKey', () => {
  /** The documented key, written out plainly: the tool name, then the arguments as JSON with every object's keys sorted. */
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : typeof v === 'object' && v !== null
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
          )
        : v;

  it('equals the tool name plus key-sorted JSON for 2 000 generated arguments, sorted or not, flat or nested', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const KEYS = ['a', 'b', 'id', 'size', '0', '1', '10', '2', '__proto__', 'Z', 'é'];
    const LEAVES = ['x', '', 0, -0, 1.5, true, null, undefined, NaN];
    const value = (depth: number): unknown => {
      const r = next();
      if (depth > 2 || r < 0.5) return LEAVES[Math.floor(next() * LEAVES.length)];
      if (r < 0.7) return Array.from({ length: Math.floor(next() * 3) }, () => value(depth + 1));
      const o: Record<string, unknown> = next() < 0.1 ? Object.create(null) : {};
      const keys = [...KEYS].sort(() => next() - 0.5).slice(0, Math.floor(next() * 5));
      if (next() < 0.5) keys.sort();
      for (const k of keys) Object.defineProperty(o, k, { value: value(depth + 1), enumerable: true, writable: true, configurable: true });
      return o;
    };
    let flat = 0;
    for (let i = 0; i < 2000; i++) {
      const args = value(0);
      if (typeof args === 'object' && args !== null && Object.values(args).every((v) => typeof v !== 'object' || v === null)) flat += 1;
      expect(callKey('t', args), `case ${i}`).toBe(`t ${JSON.stringify(sorted(args)) ?? 'null'}`);
    }
    expect(flat).toBeGreaterThan(100);
    expect(callKey('t', { b: 1, a: [2, 1] })).toBe('t {"a":[2,1],"b":1}');
    expect(callKey('t', { big: 1n })).toBe('t [object Object]');
  });
});
