/** Tells a 2026-07-28 request from a 2025-era one by its `_meta` envelope, and runs each with its era's asker and log filter. */

import {
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  type InputRequiredResult,
  type LoggingLevel,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { CallReportSinks } from '../runtime/call-context.js';
import { legacyAsker } from './mcp-ask-legacy.js';
import type { RunIO } from './mcp-ask-modern.js';
import type { ServedToolbox } from './mcp-toolbox.js';
import { NO_LOGS, type LogLevelState } from './mcp-notify.js';

/**
 * True for a request of the MCP 2026-07-28 revision: it carries the per-request `_meta`
 * envelope (`io.modelcontextprotocol/protocolVersion`), which 2025-era clients never send
 * (the `io.modelcontextprotocol/` prefix is reserved in 2025-11-25 too).
 */
export function isModernRequest(ctx: ServerContext): boolean {
  return envelopeOf(ctx)?.[PROTOCOL_VERSION_META_KEY] !== undefined;
}

/** The request's 2026-07-28 `_meta` envelope keys (the SDK's public type hides them: they are wire-only). */
export function envelopeOf(ctx: ServerContext): Record<string, unknown> | undefined {
  return ctx.mcpReq.envelope;
}

/**
 * The log filter of one request: on 2026-07-28 the request's own `io.modelcontextprotocol/logLevel`
 * (absent: no log notifications at all, as that revision says); on 2025 the level the
 * client set with `logging/setLevel` on this connection (`levels`).
 */
export function logFilter(ctx: ServerContext, levels: LogLevelState): LogLevelState {
  if (!isModernRequest(ctx)) return levels;
  const level = envelopeOf(ctx)?.[LOG_LEVEL_META_KEY] as LoggingLevel | undefined;
  return level === undefined ? NO_LOGS : { level };
}

/**
 * Runs one request that may ask its client for input (`tools/call`, `prompts/get`,
 * `resources/read`): on a 2026-07-28 request through the toolbox's waiting calls (an
 * `input_required` result until the call finishes); on a 2025-era connection straight, its
 * asks sent as server-to-client requests (`canPush` false: where no answer could come back).
 *
 * @param of what the request is (see `requestIdentity`): a 2026 retry must match it.
 */
export function withClientInput<R>(
  server: Server,
  ctx: ServerContext,
  toolbox: ServedToolbox,
  of: string,
  sinks: CallReportSinks,
  canPush: boolean,
  start: (io: RunIO) => Promise<R>,
): Promise<R | InputRequiredResult> {
  if (isModernRequest(ctx)) return toolbox.suspended.run(ctx, of, sinks, start);
  return start({ ask: legacyAsker(server, ctx, canPush), signal: ctx.mcpReq.signal, sinks });
}
