/** Tests of the call context handed to `execute`: progress checks, JSON-safe log data, signals, `createToolCallContext`. */

import { describe, expect, it } from 'vitest';
import { defineTool } from '../../src/core/tool.js';
import { createToolCallContext } from '../../src/runtime/call-context.js';
import { runTool } from '../../src/runtime/run-tool.js';
import type { ToolLogEntry } from '../../src/runtime/tool-log.js';

describe('the call context handed to execute', () => {
  it('a bad progress value is an error result naming it; the ToolLog keeps what came before', async () => {
    const bad = defineTool({
      name: 'bad',
      mutates: false,
      description: 'Bad progress.',
      params: {},
      execute: (_a, _b, ctx) => {
        ctx.log.info('starting');
        ctx.reportProgress({ progress: Number.NaN });
        return 1;
      },
    });
    const log: ToolLogEntry[] = [];
    expect(await runTool(bad, {}, { onToolLog: (e) => void log.push(e) })).toEqual({
      isError: true,
      error: 'reportProgress: progress must be a finite number, received NaN',
    });
    expect(log[0]).toMatchObject({ logs: [{ level: 'info', message: 'starting' }] });
    expect(log[0]!.progressCount).toBeUndefined();
  });

  it('makes log data JSON-safe, ignores a throwing sink, and ignores reports made after the call ended', async () => {
    let late: (() => void) | undefined;
    const circular: Record<string, unknown> = { big: 10n };
    circular.self = circular;
    const t = defineTool({
      name: 't',
      mutates: false,
      description: 'Logs odd data.',
      params: {},
      execute: (_a, _b, ctx) => {
        ctx.log.debug('big', { big: 10n, when: new Date(0) });
        ctx.log.error('loop', circular);
        late = () => {
          ctx.log.info('late');
          ctx.reportProgress({ progress: 9 });
        };
        return 'ok';
      },
    });
    const seen: unknown[] = [];
    const log: ToolLogEntry[] = [];
    const r = await runTool(
      t,
      {},
      { onToolLog: (e) => void log.push(e) },
      {
        onLog: (l) => {
          seen.push(l.message);
          throw new Error('sink broke');
        },
        onProgress: (p) => void seen.push(p),
      },
    );
    expect(r).toMatchObject({ isError: false, value: 'ok' });
    late!();
    expect(seen).toEqual(['big', 'loop']);
    expect(log[0]!.logs).toEqual([
      { level: 'debug', message: 'big', data: { big: '10', when: '1970-01-01T00:00:00.000Z' } },
      { level: 'error', message: 'loop', data: expect.stringMatching(/^\[data left out: .*circular/i) },
    ]);
  });

  it("gives a signal that never aborts when the caller has none, and the caller's signal otherwise", async () => {
    const signals: [AbortSignal, AbortSignal | undefined][] = [];
    const t = defineTool({
      name: 't',
      mutates: false,
      description: 'Reads the signal.',
      params: {},
      execute: (_a, _b, ctx) => void signals.push([ctx.signal, ctx.abortSignal]),
    });
    await runTool(t, {});
    const controller = new AbortController();
    await runTool(t, {}, {}, { abortSignal: controller.signal });
    expect(signals[0]![0].aborted).toBe(false);
    expect(signals[0]![1]).toBeUndefined();
    expect(signals[1]).toEqual([controller.signal, controller.signal]);
  });

  it('createToolCallContext: a context for calling execute in a unit test', () => {
    const progress: unknown[] = [];
    const { ctx, reports } = createToolCallContext({ onProgress: (p) => void progress.push(p) });
    ctx.reportProgress({ progress: 1, total: 4, message: 'a' });
    ctx.log.notice('hello');
    expect(progress).toEqual([{ progress: 1, total: 4, message: 'a' }]);
    expect(reports.progressCount).toBe(1);
    expect(reports.logs).toEqual([{ level: 'notice', message: 'hello' }]);
  });
});
