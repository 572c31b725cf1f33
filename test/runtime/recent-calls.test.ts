/** Tests of `RecentCalls`: the bounded memory of call keys that marks duplicates. */

import { describe, expect, it } from 'vitest';
import { RECENT_CALLS_MAX_KEYS, RecentCalls } from '../../src/runtime/recent-calls.js';
import { runTool } from '../../src/runtime/run-tool.js';
import { defineTool } from '../../src/core/tool.js';
import type { ToolLogEntry } from '../../src/runtime/tool-log.js';

describe('RecentCalls: the bounded memory of call keys', () => {
  it('keeps at most maxKeys keys however many distinct calls are added, dropping the least recently seen', () => {
    const recent = new RecentCalls();
    for (let i = 0; i < 10 * RECENT_CALLS_MAX_KEYS; i++) recent.add(`k${i}`);
    expect(recent.size).toBe(1000);
    expect(recent.has('k0')).toBe(false);
    expect(recent.has(`k${10 * RECENT_CALLS_MAX_KEYS - 1000}`)).toBe(true);
    expect(recent.has(`k${10 * RECENT_CALLS_MAX_KEYS - 1001}`)).toBe(false);
  });

  it('bounds the key text too, and seeing a key again makes it the most recent', () => {
    const recent = new RecentCalls(3, 10);
    recent.add('aaaa').add('bbbb');
    expect([recent.size, recent.chars]).toEqual([2, 8]);
    recent.add('aaaa'); // a repeat: now the most recent, nothing added
    recent.add('cccc'); // 12 code units > 10: the least recently seen (bbbb) goes
    expect([recent.has('aaaa'), recent.has('bbbb'), recent.has('cccc'), recent.chars]).toEqual([true, false, true, 8]);
    recent.add('x'.repeat(11)); // longer than the whole budget: not kept, nothing dropped
    expect([recent.size, recent.chars, recent.has('x'.repeat(11))]).toEqual([2, 8, false]);
    expect(() => new RecentCalls(0)).toThrow('RecentCalls: maxKeys must be a positive integer, received 0');
  });

  it('marks duplicates through runTool like a Set, within its bound', async () => {
    const echo = defineTool({
      name: 'echo',
      description: 'Echo.',
      params: { n: { type: 'number', required: true, description: 'N' } },
      execute: (_api, { n }) => n,
    });
    const seenCalls = new RecentCalls(2);
    const log: ToolLogEntry[] = [];
    for (const n of [1, 2, 1, 3, 2, 1]) await runTool(echo, { n }, { onToolLog: (e) => void log.push(e) }, { seenCalls });
    // 1, 2, 1 (dup), 3 (drops 2), 2 (not remembered; drops 1), 1 (not remembered)
    expect(log.map((e) => e.isDuplicate ?? false)).toEqual([false, false, true, false, false, false]);
    expect(seenCalls.size).toBe(2);
  });
});

describe('RecentCalls: a key seen again right away', () => {
  it('stays the most recent, and the least recent one is still the one dropped', () => {
    const r = new RecentCalls(2);
    for (const key of ['a', 'b', 'a', 'a', 'a', 'c']) r.add(key);
    expect([r.has('a'), r.has('b'), r.has('c')]).toEqual([true, false, true]);
    for (const key of ['c', 'c', 'd']) r.add(key);
    expect([r.has('a'), r.has('c'), r.has('d'), r.size]).toEqual([false, true, true, 2]);
    const long = new RecentCalls(5, 3);
    for (const key of ['ab', 'toolong', 'ab', 'cd']) long.add(key);
    expect([long.has('ab'), long.has('toolong'), long.has('cd'), long.chars]).toEqual([false, false, true, 2]);
  });
});
