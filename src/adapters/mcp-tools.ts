/** Serves MCP `tools/list` and `tools/call` of a toolbox on one SDK server instance. */

import {
  isInputRequiredResult,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type InputRequiredResult,
  type Server,
} from '@modelcontextprotocol/server';
import { UnknownToolError } from '../core/errors.js';
import { closeMatches } from '../core/suggest.js';
import { runTool } from '../runtime/run-tool.js';
import { invalidCursor } from './list-cursor.js';
import { mcpApprover } from './mcp-approval.js';
import { requestIdentity } from './mcp-ask-modern.js';
import { isModernRequest, logFilter, withClientInput } from './mcp-era.js';
import { callNotifier, type LogLevelState } from './mcp-notify.js';
import { toCallToolResult } from './mcp-result.js';
import { InstanceToolSearch } from './mcp-tool-search.js';
import { SEARCH_TOOLS_NAME } from '../core/search-tools-listing.js';
import type { ServedToolbox } from './mcp-toolbox.js';

/** Named to a tool's `needsApproval` function (`ctx.caller`) and in the ToolLog when nobody can approve. */
const CALLER = 'the MCP server (createMcpServer, agent-tools serve)';

/** Why a tools/call names no visible tool: disabled (naming the enabled ones) or unknown (with close matches). */
function notCallable(toolbox: ServedToolbox, name: string): string {
  const { defs } = toolbox.current();
  return toolbox.all().some((d) => d.name === name)
    ? `Tool "${name}" is disabled on this server. Consider one of: ${defs.map((d) => d.name).join(', ') || '(no tools are enabled)'}.`
    : new UnknownToolError(
        name,
        closeMatches(
          name,
          defs.map((d) => d.name),
        ),
      ).message;
}

/**
 * Serves `tools/list` and `tools/call` of `toolbox` on one SDK server instance.
 *
 * - `tools/list`: the visible tools' entries (`toMcpTool`), in registry order, in one page; a
 *   request with a `cursor` (never issued here) is -32602 (`invalidCursor`).
 * - `tools/call`: runs the pipeline (`runTool`) with the request's signal; a missing
 *   `arguments` key counts as `{}`. An unknown or disabled tool is an error result naming
 *   close matches on 2025-era clients (the model reads it), and the JSON-RPC error -32602 on
 *   2026-07-28, whose spec names an unknown tool a protocol error. The tool's `ctx.log` lines
 *   go out as `notifications/message` (filtered as {@link logFilter} says) and
 *   `ctx.reportProgress` as `notifications/progress` when the request has a `progressToken`,
 *   all before the result. `ctx.elicit`/`ctx.sample`/`ctx.listRoots` reach the client as
 *   {@link withClientInput} says; a call that fails for a capability the 2026 client did not
 *   declare answers -32021 (MissingRequiredClientCapability), as that revision requires.
 *   A call that needs approval asks the client's user first through the same asker
 *   (`mcpApprover`); a client that cannot be asked gets an error result saying how to grant
 *   approval (never -32021: the tool did not need the capability, the approval did).
 */
export function serveTools(server: Server, toolbox: ServedToolbox, levels: LogLevelState, canPush: boolean): void {
  const search = InstanceToolSearch.of(toolbox);
  // a 2025-era connection that can be pushed to keeps state (stdio, an HTTP session); 2026-07-28 requests never do
  const keepsState = (ctx: Parameters<typeof isModernRequest>[0]) => canPush && !isModernRequest(ctx);
  server.setRequestHandler('tools/list', (request, ctx) => {
    const cursor = invalidCursor('tools/list', request.params);
    if (cursor !== undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, cursor);
    return { tools: search ? search.listing(keepsState(ctx)) : toolbox.listing() };
  });
  server.setRequestHandler('tools/call', async (request, ctx): Promise<CallToolResult | InputRequiredResult> => {
    const announce = () => void Promise.resolve(server.sendToolListChanged()).catch(() => undefined);
    const resolved =
      search && request.params.name === SEARCH_TOOLS_NAME
        ? { def: search.searchDef(keepsState(ctx), announce), args: request.params.arguments ?? {}, name: SEARCH_TOOLS_NAME }
        : search
          ? search.resolve(request.params.name, request.params.arguments ?? {})
          : { def: toolbox.current().byName.get(request.params.name), args: request.params.arguments ?? {}, name: request.params.name };
    const { def, name } = resolved;
    const modern = isModernRequest(ctx);
    if (!def) {
      const message = ('refusal' in resolved && resolved.refusal) || notCallable(toolbox, name);
      if (modern) throw new ProtocolError(ProtocolErrorCode.InvalidParams, message, { name });
      return { content: [{ type: 'text', text: message }], isError: true };
    }
    const args = resolved.args;
    const notifier = callNotifier(ctx.mcpReq.notify, def.name, request.params._meta?.progressToken, logFilter(ctx, levels));
    const outcome = await withClientInput(server, ctx, toolbox, requestIdentity('tools/call', name, args), notifier.sinks, canPush, (io) =>
      runTool(def, args, toolbox.options, {
        abortSignal: io.signal,
        seenCalls: toolbox.seenCalls,
        ...io.sinks,
        ask: io.ask,
        approve: mcpApprover(io.ask, toolbox.options.serveCommand),
        caller: CALLER,
      }),
    );
    const sent = notifier.drain();
    if (sent) await sent;
    if (isInputRequiredResult(outcome)) return outcome;
    if (outcome.isError && outcome.missingCapability && modern)
      throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { [outcome.missingCapability]: {} } }, outcome.error);
    return toCallToolResult(outcome);
  });
}
