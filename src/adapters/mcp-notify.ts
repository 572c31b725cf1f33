/** A tool call's log lines and progress as MCP `notifications/message` and `notifications/progress`, filtered and rate-limited. */

import { LoggingLevelSchema } from '@modelcontextprotocol/core';
import type { LoggingLevel, ProgressToken, ServerNotification } from '@modelcontextprotocol/server';
import type { ToolLogLine, ToolProgress } from '../core/call-context.js';
import type { CallReportSinks } from '../runtime/call-context.js';

/**
 * The minimum level of `notifications/message`, as a 2025-era client last set it with
 * `logging/setLevel` (`undefined`: never set, every level is sent). Each server instance
 * keeps its own (a stdio connection, an HTTP session); servers built per request may share
 * one. On MCP 2026-07-28 the level rides each request instead (`_meta` key
 * `io.modelcontextprotocol/logLevel`; absent: no log notifications), and this state is unused.
 */
export interface LogLevelState {
  level: LoggingLevel | undefined;
}

/** No `notifications/message` at all: a 2026-07-28 request that named no log level. */
export const NO_LOGS: LogLevelState = { level: 'emergency' };

/** The least time between two `notifications/progress` of one call, in ms (at most 40 a second). */
export const PROGRESS_INTERVAL_MS = 25;

const SEVERITY = new Map<string, number>(LoggingLevelSchema.options.map((level, index) => [level, index]));

/** True when a line at `level` passes the level the client set (RFC 5424 order, as MCP spec 2025-06-18 logging). */
export function logLevelPasses(level: LoggingLevel, state: LogLevelState): boolean {
  if (state === NO_LOGS) return false;
  return state.level === undefined || (SEVERITY.get(level) ?? 0) >= (SEVERITY.get(state.level) ?? 0);
}

/** The `notifications/message` params for a tool's log line: `data` is the message, or `{ message, data }` when it has data. */
export function logNotification(line: ToolLogLine, tool: string): ServerNotification {
  return {
    method: 'notifications/message',
    params: { level: line.level, logger: tool, data: line.data === undefined ? line.message : { message: line.message, data: line.data } },
  };
}

/**
 * The report sinks of one `tools/call`: log lines become `notifications/message` (when
 * the level passes), progress becomes `notifications/progress` when the request carried
 * `_meta.progressToken`. Progress is throttled to one notification per
 * {@link PROGRESS_INTERVAL_MS} (the latest value waits and is sent when the interval
 * ends), and a value not above the last one is dropped (MCP: progress MUST increase).
 * `drain()` sends what waits and returns a promise that resolves once every notification
 * left, so the client sees them before the result (`undefined` when the call sent none).
 */
export function callNotifier(
  send: (n: ServerNotification) => Promise<void>,
  tool: string,
  token: ProgressToken | undefined,
  levels: LogLevelState,
): { sinks: CallReportSinks; drain: () => Promise<void> | undefined } {
  let chain: Promise<void> | undefined; // made by the first notification: most calls send none
  const post = (n: ServerNotification) => {
    chain = (chain ?? Promise.resolve()).then(() => send(n)).catch(() => undefined);
  };
  const sinks: CallReportSinks = {
    onLog: (line) => {
      if (logLevelPasses(line.level, levels)) post(logNotification(line, tool));
    },
  };
  let pending: ToolProgress | undefined;
  let timer: NodeJS.Timeout | undefined;
  let lastAt = -Infinity;
  let lastValue = -Infinity;
  const emit = () => {
    if (!pending || token === undefined) return;
    lastAt = performance.now();
    lastValue = pending.progress;
    post({ method: 'notifications/progress', params: { progressToken: token, ...pending } });
    pending = undefined;
  };
  if (token !== undefined) {
    sinks.onProgress = (p) => {
      if (p.progress <= lastValue || (pending && p.progress <= pending.progress)) return;
      pending = p;
      if (timer) return;
      const wait = lastAt + PROGRESS_INTERVAL_MS - performance.now();
      if (wait <= 0) emit();
      else
        timer = setTimeout(() => {
          timer = undefined;
          emit();
        }, wait);
    };
  }
  return {
    sinks,
    drain: () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      const last = pending !== undefined;
      emit();
      if (!chain) return undefined; // nothing was sent: nothing to wait for
      // The SDK client handles a notification a microtask after reading it, and forgets the
      // progress token once the response is read: give the last report a turn of its own.
      return last ? chain.then(() => new Promise<void>((resolve) => setImmediate(resolve))) : chain;
    },
  };
}
