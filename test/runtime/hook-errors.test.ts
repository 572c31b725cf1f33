/** Tests of the rule for hooks that throw: before `execute` the call is an error; after it, the call stands and the error is recorded. */

import { describe, expect, it } from 'vitest';
import type { HookErrorReport } from '../../src/runtime/hook-error.js';
import { runTool } from '../../src/runtime/run-tool.js';
import { defineTool } from '../../src/core/tool.js';
import type { ToolLogEntry } from '../../src/runtime/tool-log.js';
import { ledger } from './ledger.js';

const metricsDown = () => {
  throw new Error('metrics down');
};

describe('runTool: a hook that throws after execute ran', () => {
  it('onAfterExecute throws: the result reaches the caller, the log keeps it and records hookError, onHookError hears of it', async () => {
    const { db, addCredit } = ledger();
    const log: ToolLogEntry[] = [];
    const reports: HookErrorReport[] = [];
    const r = await runTool(
      addCredit,
      {},
      { onAfterExecute: metricsDown, onToolLog: (e) => void log.push(e), onHookError: (h) => void reports.push(h) },
    );
    expect(db.n).toBe(1);
    expect(r.isError).toBe(false);
    expect(r.isError ? undefined : r.value).toEqual({ n: 1 });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ tool: 'add_credit', result: { n: 1 }, hookError: { hook: 'onAfterExecute', message: 'metrics down' } });
    expect(log[0]).not.toHaveProperty('error');
    expect(reports.map(({ hook, tool, message }) => ({ hook, tool, message }))).toEqual([
      { hook: 'onAfterExecute', tool: 'add_credit', message: 'metrics down' },
    ]);
    expect(reports[0]!.error).toBeInstanceOf(Error);
  });

  it('an async onAfterExecute that rejects is the same: the call stands', async () => {
    const { db, addCredit } = ledger();
    const log: ToolLogEntry[] = [];
    const r = await runTool(addCredit, {}, { onAfterExecute: async () => metricsDown(), onToolLog: (e) => void log.push(e) });
    expect([db.n, r.isError, log[0]!.result, log[0]!.hookError]).toEqual([
      1,
      false,
      { n: 1 },
      { hook: 'onAfterExecute', message: 'metrics down' },
    ]);
  });

  it('when execute itself threw, the call is its error, not the hook’s; the hook’s error is still recorded', async () => {
    const boom = defineTool({
      name: 'boom',
      description: 'Throws.',
      mutates: false,
      params: {},
      execute: () => {
        throw new Error('disk full');
      },
    });
    const log: ToolLogEntry[] = [];
    const r = await runTool(boom, {}, { onAfterExecute: metricsDown, onToolLog: (e) => void log.push(e) });
    expect(r).toEqual({ isError: true, error: 'disk full' });
    expect(log[0]).toMatchObject({ result: null, error: 'disk full', hookError: { hook: 'onAfterExecute', message: 'metrics down' } });
  });

  it('the snapshot after a mutating call throws: the result stands, nodeBefore is kept, hookError names the snapshot', async () => {
    const { db, addCredit } = ledger();
    let calls = 0;
    const log: ToolLogEntry[] = [];
    const r = await runTool(
      addCredit,
      {},
      {
        snapshot: () => {
          if (calls++ > 0) throw new Error('replica lagging');
          return { n: db.n };
        },
        onToolLog: (e) => void log.push(e),
      },
    );
    expect([db.n, r.isError]).toEqual([1, false]);
    expect(log[0]).toMatchObject({ result: { n: 1 }, nodeBefore: { n: 0 }, hookError: { hook: 'snapshot', message: 'replica lagging' } });
    expect(log[0]).not.toHaveProperty('nodeAfter');
  });

  it('onAffected throws: recorded in the log and reported, the result stands', async () => {
    const tag = defineTool({
      name: 'tag',
      description: 'Tag a node.',
      mutates: true,
      destructive: false,
      params: {},
      execute: () => ({ id: 'n1' }),
    });
    const log: ToolLogEntry[] = [];
    const reports: HookErrorReport[] = [];
    const r = await runTool(
      tag,
      {},
      { onAffected: metricsDown, onToolLog: (e) => void log.push(e), onHookError: (h) => void reports.push(h) },
    );
    expect(r.isError ? r.error : r.value).toEqual({ id: 'n1' });
    expect(log[0]!.hookError).toEqual({ hook: 'onAffected', message: 'metrics down' });
    expect(reports.map((h) => h.hook)).toEqual(['onAffected']);
  });

  it('onToolLog throws: the result stands and onHookError hears of it (the log cannot hold its own failure)', async () => {
    const { db, addCredit } = ledger();
    const reports: HookErrorReport[] = [];
    const r = await runTool(addCredit, {}, { onToolLog: metricsDown, onHookError: (h) => void reports.push(h) });
    expect([db.n, r.isError]).toEqual([1, false]);
    expect(reports.map(({ hook, tool, message }) => ({ hook, tool, message }))).toEqual([
      { hook: 'onToolLog', tool: 'add_credit', message: 'metrics down' },
    ]);
  });

  it('a throwing onHookError changes nothing either', async () => {
    const { db, addCredit } = ledger();
    const r = await runTool(addCredit, {}, { onAfterExecute: metricsDown, onHookError: metricsDown });
    expect([db.n, r.isError]).toEqual([1, false]);
  });
});

describe('runTool: a hook that throws before execute', () => {
  it('onBeforeExecute throws: the call is an error result, execute never ran, onAfterExecute is not called', async () => {
    const { db, addCredit } = ledger();
    const log: ToolLogEntry[] = [];
    let after = 0;
    const r = await runTool(
      addCredit,
      {},
      { onBeforeExecute: () => metricsDown(), onAfterExecute: () => void after++, onToolLog: (e) => void log.push(e) },
    );
    expect(r).toEqual({ isError: true, error: 'metrics down' });
    expect([db.n, after]).toEqual([0, 0]);
    expect(log[0]).toMatchObject({ result: null, error: 'metrics down' });
    expect(log[0]).not.toHaveProperty('hookError');
  });

  it('the snapshot before throws: an error result, nothing ran', async () => {
    const { db, addCredit } = ledger();
    const r = await runTool(addCredit, {}, { snapshot: metricsDown });
    expect(r).toEqual({ isError: true, error: 'metrics down' });
    expect(db.n).toBe(0);
  });
});
