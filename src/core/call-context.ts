/** What a tool's `execute` receives as `ctx`: the call's signal, log levels and logger, progress reports and client access. */

import type { ClientAccess } from './client-input.js';

/**
 * The log levels a tool may use, lowest first: the first five of the MCP logging levels
 * (RFC 5424 severities as MCP spec 2025-06-18, server/utilities/logging, names them).
 */
export const TOOL_LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error'] as const;

/** One of {@link TOOL_LOG_LEVELS}. */
export type ToolLogLevel = (typeof TOOL_LOG_LEVELS)[number];

/**
 * A progress report: `progress` so far (a finite number that should grow with each
 * report, as MCP requires), `total` when known (same unit), and a short `message`.
 */
export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** One log line of a tool call, as the ToolLog records it and adapters receive it. `data` is JSON-safe. */
export interface ToolLogLine {
  level: ToolLogLevel;
  message: string;
  data?: unknown;
}

/** `ctx.log` of a tool call: one method per level, each taking a message and optional data. */
export type ToolLogger = { [L in ToolLogLevel]: (message: string, data?: unknown) => void };

/**
 * The third argument of `execute(api, args, ctx)`: what a tool can use of the call it runs in.
 *
 * - `signal`: the call's AbortSignal (the MCP request's, the AI SDK step's), or a signal
 *   that never aborts when the caller gave none. `abortSignal` is the caller's signal or
 *   `undefined` (the older name, kept for tools written before `signal`).
 * - `reportProgress({ progress, total?, message? })`: MCP sends `notifications/progress`
 *   when the request asked for it (throttled); the CLI shows a progress line on a terminal;
 *   the AI SDK adapter ignores it. @throws {TypeError} when `progress` (or `total`) is not a finite number.
 * - `log.debug|info|notice|warning|error(message, data?)`: MCP sends `notifications/message`
 *   (filtered by `logging/setLevel`); the CLI writes to stderr; every adapter records the
 *   line in the ToolLog entry (`logs`). `data` is made JSON-safe (capped at
 *   `LOG_DATA_MAX_BYTES`, 10 000).
 *
 * - `elicit(message, requestedSchema)`, `sample(request)`, `listRoots()`: ask the MCP client
 *   that called the tool (see `ClientAccess`): a form for the user, a completion from the
 *   client's model, the client's roots. Over MCP the same code serves 2025-era clients (a
 *   server-to-client request) and 2026-07-28 clients (an `input_required` result, the call
 *   resuming when the client retries). Other adapters reject with `ClientInputUnavailableError`.
 *
 * Reports made after the call finished are ignored; asks made after it reject.
 */
export interface ToolCallContext extends ClientAccess {
  readonly signal: AbortSignal;
  readonly abortSignal: AbortSignal | undefined;
  reportProgress(progress: ToolProgress): void;
  readonly log: ToolLogger;
}
