/** Tests of `runTool`, the execution pipeline: parsing, hooks, snapshots, errors, the step budget and the ToolLog. */

import { describe, expect, it } from 'vitest';
import { defineTool } from '../../src/core/tool.js';
import { runTool } from '../../src/runtime/run-tool.js';
import { createStepBudget } from '../../src/runtime/step-budget.js';
import type { ToolLogEntry } from '../../src/runtime/tool-log.js';

interface Api {
  nodes: Map<string, { id: string; color: string; name: string }>;
}
const makeApi = (): Api => ({ nodes: new Map([['n1', { id: 'n1', color: '#000', name: 'a' }]]) });

const setColor = defineTool({
  name: 'set_color',
  description: 'Sets the color of a node.',
  mutates: true,
  destructive: false,
  params: {
    id: { type: 'string', description: 'Node id', required: true },
    color: { type: 'color', description: 'New color', required: true },
  },
  execute(api: Api, args) {
    const node = api.nodes.get(args.id);
    if (!node) return { error: `Node "${args.id}" not found` };
    if (args.color !== '#fff') node.color = args.color; // ignores white: a silent no-op
    return { id: args.id };
  },
  snapshot: (api: Api, args) => api.nodes.get(args.id),
});

const count = defineTool({ name: 'count', mutates: false, description: 'Counts.', params: {}, execute: () => 7 });

describe('runTool: the execution pipeline', () => {
  it('parses arguments, runs hooks in order and records snapshots and affected ids', async () => {
    const api = makeApi();
    const events: string[] = [];
    const log: ToolLogEntry[] = [];
    const affected: unknown[] = [];
    const r = await runTool(
      setColor,
      { id: 'n1', color: '#f00' },
      {
        getApi: () => api,
        onBeforeExecute: (def, args) => void events.push(`before ${def.name} ${JSON.stringify(args)}`),
        onAfterExecute: async (def, _args, result) => {
          await new Promise((res) => setTimeout(res, 5));
          events.push(`after ${def.name} ${JSON.stringify(result)}`);
        },
        onAffected: (ids) => void affected.push(ids),
        onToolLog: (e) => void log.push(e),
      },
    );
    expect({ ...r, json: r.isError ? undefined : r.json }).toEqual({ isError: false, value: { id: 'n1' }, json: '{"id":"n1"}' });
    expect(events).toEqual(['before set_color {"id":"n1","color":"#f00"}', 'after set_color {"id":"n1"}']);
    expect(affected).toEqual([['n1']]);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      tool: 'set_color',
      args: { id: 'n1', color: '#f00' },
      result: { id: 'n1' },
      mutates: true,
      nodeBefore: { id: 'n1', color: '#000', name: 'a' },
      nodeAfter: { id: 'n1', color: '#f00', name: 'a' },
      unchangedProps: ['id'],
    });
    expect(log[0]!.error).toBeUndefined();
  });

  it('lists the argument keys a successful mutation left unchanged', async () => {
    const log: ToolLogEntry[] = [];
    await runTool(setColor, { id: 'n1', color: '#fff' }, { getApi: makeApi, onToolLog: (e) => void log.push(e) });
    expect(log[0]!.unchangedProps).toEqual(['id', 'color']);
  });

  it('returns a bad argument as an error result with issues, logs it and does not execute', async () => {
    const log: ToolLogEntry[] = [];
    let before = 0;
    const r = await runTool(
      setColor,
      { id: 'n1', color: 'red' },
      { getApi: makeApi, onBeforeExecute: () => void before++, onToolLog: (e) => void log.push(e) },
    );
    expect(r).toEqual({
      isError: true,
      error:
        'Invalid arguments for tool "set_color":\n- color: expected a hex color (#RGB, #RGBA, #RRGGBB or #RRGGBBAA), received string "red"',
      issues: [{ path: 'color', message: 'expected a hex color (#RGB, #RGBA, #RRGGBB or #RRGGBBAA), received string "red"' }],
    });
    expect(before).toBe(0);
    expect(log[0]).toMatchObject({ tool: 'set_color', args: { id: 'n1', color: 'red' }, result: null, error: r.isError ? r.error : '' });
  });

  it('a thrown error and a returned { error } become error results; onAfterExecute still runs', async () => {
    const after: unknown[] = [];
    const boom = defineTool({
      name: 'boom',
      mutates: false,
      description: 'Throws.',
      params: {},
      execute: () => {
        throw new Error('Boom');
      },
    });
    expect(await runTool(boom, {}, { onAfterExecute: (_d, _a, res) => void after.push(res) })).toEqual({ isError: true, error: 'Boom' });
    expect(after).toEqual([{ error: 'Boom' }]);
    expect(await runTool(setColor, { id: 'nope', color: '#fff' }, { getApi: makeApi })).toEqual({
      isError: true,
      error: 'Node "nope" not found',
    });
  });

  it('a throwing hook and a circular result are error results, never a crash', async () => {
    expect(
      await runTool(
        count,
        {},
        {
          onBeforeExecute: () => {
            throw new Error('denied');
          },
        },
      ),
    ).toEqual({ isError: true, error: 'denied' });
    const loop = defineTool({
      name: 'loop',
      mutates: false,
      description: 'Circular.',
      params: {},
      execute: () => {
        const o: Record<string, unknown> = {};
        o.self = o;
        return o;
      },
    });
    expect(await runTool(loop, {})).toEqual({
      isError: true,
      error: 'The result is circular: the object at $.self contains itself, so it cannot be sent as JSON.',
    });
  });

  it('stops at the budget, warns when a fifth of it (rounded up) or fewer remain and logs the refused call', async () => {
    const budget = createStepBudget(7);
    const log: ToolLogEntry[] = [];
    const results = [];
    for (let i = 0; i < 8; i++) results.push(await runTool(count, {}, { getStepBudget: () => budget, onToolLog: (e) => void log.push(e) }));
    expect(JSON.parse(JSON.stringify(results[0]))).toEqual({ isError: false, value: 7, json: '7' });
    expect(JSON.parse(JSON.stringify(results[3]))).toEqual({ isError: false, value: 7, json: '7' });
    expect(JSON.parse(JSON.stringify(results[4]))).toEqual({
      isError: false,
      value: { result: 7, _warning: '2 steps remaining. Wrap up.' },
      json: '{"result":7,"_warning":"2 steps remaining. Wrap up."}',
    });
    expect(results[6]).toMatchObject({ value: { result: 7, _warning: '0 steps remaining. Wrap up.' } });
    expect(results[7]).toEqual({
      isError: true,
      error:
        'Step budget spent: all 7 tool calls have been used, so this call was not executed. Stop and report your progress; the user can extend the budget to allow more tool calls.',
    });
    expect(log.map((e) => e.error?.slice(0, 17))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      'Step budget spent',
    ]);
    const obj = await runTool(setColor, { id: 'n1', color: '#123' }, { getApi: makeApi, getStepBudget: () => createStepBudget(2) });
    expect(obj).toMatchObject({ value: { id: 'n1', _warning: '1 step remaining. Wrap up.' } });
  });

  it('a budget of 5 warns only from 1 step left, a budget of 50 from 5 left', async () => {
    const warnings = async (max: number) => {
      const budget = createStepBudget(max);
      const left: number[] = [];
      for (let i = 0; i < max; i++) {
        const r = await runTool(count, {}, { getStepBudget: () => budget });
        if (!r.isError && typeof r.value === 'object' && r.value !== null && '_warning' in r.value) left.push(budget.remaining);
      }
      return left;
    };
    expect(await warnings(5)).toEqual([1, 0]);
    expect(await warnings(50)).toEqual([5, 4, 3, 2, 1, 0]);
  });

  it('marks repeated identical calls (key order ignored), passes the abort signal and notes truncation', async () => {
    const seenCalls = new Set<string>();
    const log: ToolLogEntry[] = [];
    const signals: unknown[] = [];
    const echo = defineTool({
      name: 'echo',
      mutates: false,
      description: 'Echo.',
      params: { a: { type: 'string', description: 'a' }, b: { type: 'string', description: 'b' } },
      execute: (_api, args, extra?: { abortSignal?: AbortSignal }) => {
        signals.push(extra?.abortSignal);
        return 'x'.repeat(300);
      },
    });
    const controller = new AbortController();
    const opts = { maxResultBytes: 120, onToolLog: (e: ToolLogEntry) => void log.push(e) };
    await runTool(echo, { a: '1', b: '2' }, opts, { seenCalls, abortSignal: controller.signal });
    await runTool(echo, { b: '2', a: '1' }, opts, { seenCalls });
    expect(log.map((e) => e.isDuplicate)).toEqual([undefined, true]);
    expect(signals[0]).toBe(controller.signal);
    expect(log[0]!.truncated).toMatchObject({ originalBytes: 300 });
  });

  it('the log notes the truncation of a 5 000 000-character result', async () => {
    const big = defineTool({ name: 'big', mutates: false, description: 'Big.', params: {}, execute: () => 'a'.repeat(5_000_000) });
    const log: ToolLogEntry[] = [];
    const r = await runTool(big, {}, { onToolLog: (e) => void log.push(e) });
    expect(r.isError).toBe(false);
    expect(log[0]!.truncated!.originalBytes).toBe(5_000_000);
    expect(log[0]!.truncated!.keptBytes).toBeGreaterThan(99_000);
    expect(Buffer.byteLength(log[0]!.result as string)).toBeLessThanOrEqual(100_000);
  });

  it('caps an error message as it caps a result: a 5 000 000-character throw, a 300 000-character { error }', async () => {
    const throws = defineTool({
      name: 'throws',
      mutates: false,
      description: 'Throws a long message.',
      params: {},
      execute: () => {
        throw new Error('é'.repeat(5_000_000));
      },
    });
    const returns = defineTool({
      name: 'returns',
      mutates: false,
      description: 'Returns a long error.',
      params: {},
      execute: () => ({ error: `bad ${'x'.repeat(300_000)} end` }),
    });
    const log: ToolLogEntry[] = [];
    for (const [tool, max] of [
      [throws, undefined],
      [returns, 1_000],
    ] as const) {
      const r = await runTool(tool, {}, { onToolLog: (e) => void log.push(e), ...(max ? { maxResultBytes: max } : {}) });
      if (!r.isError) throw new Error('expected an error result');
      expect(Buffer.byteLength(r.error)).toBeLessThanOrEqual(max ?? 100_000);
      expect(r.error).toMatch(/\.\.\.\[result truncated: \d+ UTF-8 bytes, kept \d+ \(head and tail\)\]\.\.\./);
      expect(r.error).not.toContain('\ufffd');
      expect(log.at(-1)!.error).toBe(r.error);
    }
    expect((await runTool(returns, {}, { maxResultBytes: 400_000 })) as unknown).toMatchObject({
      isError: true,
      error: `bad ${'x'.repeat(300_000)} end`,
    });
  });
});
