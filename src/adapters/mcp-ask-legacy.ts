/** Asking a 2025-era MCP client for input: server-to-client requests (elicitation, sampling, roots) with a 10-minute timeout. */

import type { Server, ServerContext } from '@modelcontextprotocol/server';
import {
  CAPABILITY_OF,
  ClientInputUnavailableError,
  MissingClientCapabilityError,
  type ClientAnswers,
  type ClientAsker,
  type ClientRequest,
} from '../core/client-input.js';

/**
 * How long a server-to-client request waits for its answer, in ms: 10 minutes, as a person
 * fills in an elicitation form (the SDK's own input_required shim waits as long; its plain
 * request timeout, 60 s, is meant for machines).
 */
export const CLIENT_ANSWER_TIMEOUT_MS = 600_000;

/** The capabilities a 2025-era client declared at `initialize`. */
function declared(server: Server): Record<string, unknown> {
  return server.getClientCapabilities() ?? {};
}

/**
 * The asker of one request on a 2025-era connection: each request is a server-to-client
 * request (`elicitation/create`, `sampling/createMessage`, `roots/list`) sent with the
 * request's id, answered by the client before the call goes on (MCP spec 2025-11-25,
 * client/elicitation, client/sampling, client/roots). A capability the client did not
 * declare at `initialize` rejects at once with {@link MissingClientCapabilityError}; where no
 * answer can come back (`canPush` false: a 2025 HTTP request without a session, whose answer
 * would reach another server instance) it rejects at once with
 * {@link ClientInputUnavailableError}. The wait ends with the call's signal or after
 * {@link CLIENT_ANSWER_TIMEOUT_MS}.
 */
export function legacyAsker(server: Server, ctx: ServerContext, canPush: boolean): ClientAsker {
  return async <M extends ClientRequest['method']>(request: Extract<ClientRequest, { method: M }>) => {
    const capability = CAPABILITY_OF[request.method];
    if (!canPush)
      throw new ClientInputUnavailableError(
        request.method,
        'a 2025-era HTTP request without a session (the answer would reach another server instance); connect with a client that keeps the Mcp-Session-Id header, or with MCP 2026-07-28',
      );
    if (declared(server)[capability] === undefined) throw new MissingClientCapabilityError(capability, request.method);
    const options = { signal: ctx.mcpReq.signal, timeout: CLIENT_ANSWER_TIMEOUT_MS };
    const r = request as ClientRequest;
    if (r.method === 'elicitation/create') return (await ctx.mcpReq.elicitInput(r.params as never, options)) as unknown as ClientAnswers[M];
    if (r.method === 'sampling/createMessage') return (await ctx.mcpReq.requestSampling(r.params, options)) as unknown as ClientAnswers[M];
    return (await ctx.mcpReq.send({ method: 'roots/list' }, options)) as unknown as ClientAnswers[M];
  };
}
