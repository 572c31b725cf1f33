/** Listens on 127.0.0.1 and serves the MCP endpoint at `/mcp` over Streamable HTTP, behind the auth gate. */

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { AgentToolsMcpServer } from '../adapters/mcp.js';
import type { StreamLimits } from '../adapters/mcp-http-streams.js';
import { keepIdleConnections } from '../util/keep-alive.js';
import { UsageError } from '../shared/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/server';

/**
 * How `serve --http` admits callers, made once the endpoint's URL is known: `gate` runs before
 * every request to `/mcp` (the verified caller, or the answer to send: 401 with a challenge);
 * `routes` may answer other paths first (the OAuth discovery documents); `hosts` are more
 * `host[:port]` names a request's Host may carry (the public name of a proxy in front).
 */
export interface HttpAuth {
  gate: (request: Request) => Promise<AuthInfo | Response>;
  routes?: (request: Request) => Response | undefined;
  hosts?: readonly string[];
}

/** The path of the MCP endpoint. */
export const MCP_PATH = '/mcp';

/**
 * Listens on 127.0.0.1:`port` (0 picks a free one) and serves `served` at `/mcp` over
 * Streamable HTTP (see `httpHandler`); other paths get 404. Only the server's own loopback
 * `host:port` names are accepted as Host and Origin: a web page that rebinds its DNS name
 * to 127.0.0.1, or a page of another origin, gets 403. With `auth` (see `staticTokenGate`,
 * `issuerAuth`), called with the endpoint's URL once listening and before any request is read,
 * every request to `/mcp` must pass its gate first: a refused one gets the gate's answer (401
 * with `WWW-Authenticate: Bearer`) and reaches no tool. GET event streams are bounded per client,
 * the peer address with the token's client id (see {@link streamLimitsFromEnv}). Resolves with the endpoint's URL.
 *
 * @throws {UsageError} when the port cannot be listened on, or a stream limit variable is not a whole number.
 */
export async function listenMcpHttp(served: AgentToolsMcpServer, port: number, auth?: (endpoint: URL) => HttpAuth): Promise<string> {
  const streams = streamLimitsFromEnv();
  let actual = 0;
  // set once the server listens (the auth needs its URL); the handler reads it before that
  // eslint-disable-next-line prefer-const
  let admit: HttpAuth | undefined;
  const handler = served.httpHandler({
    hosts: () => [`127.0.0.1:${actual}`, `localhost:${actual}`, ...(admit?.hosts ?? [])],
    onerror: (err) => process.stderr.write(`agent-tools: HTTP: ${err.message}\n`),
    streams,
  });
  const listener = getRequestListener(
    async (request, env) => {
      if (auth && !admit) return new Response(null, { status: 503 }); // not reachable: admit is set before the first request is read
      const routed = admit?.routes?.(request);
      if (routed) return routed;
      if (new URL(request.url).pathname !== MCP_PATH)
        return new Response(`Not found: the MCP endpoint is ${MCP_PATH}\n`, { status: 404, headers: { 'content-type': 'text/plain' } });
      let clientId = '';
      if (admit) {
        const caller = await admit.gate(request);
        if (caller instanceof Response) return caller;
        clientId = caller.clientId;
      }
      return handler.fetch(request, { client: `${clientId}@${env.incoming.socket.remoteAddress ?? ''}` });
    },
    {
      overrideGlobalObjects: false,
      errorHandler: (err) => {
        process.stderr.write(`agent-tools: HTTP request failed: ${err instanceof Error ? err.message : String(err)}\n`);
        return new Response(null, { status: 500 });
      },
    },
  );
  const http = createServer((req, res) => void listener(req, res));
  // Idle keep-alive sockets stay open longer than clients keep them (soak row 3, seed 1717: one
  // call in 10 000 failed with "fetch failed"; a reused socket the server was closing fits it).
  keepIdleConnections(http);
  await new Promise<void>((resolve, reject) => {
    http.once('error', (err) => reject(new UsageError(`--http: cannot listen on 127.0.0.1:${port}: ${err.message}`, 'serve')));
    http.listen(port, '127.0.0.1', resolve);
  });
  actual = (http.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${actual}${MCP_PATH}`;
  admit = auth?.(new URL(url));
  return url;
}

/**
 * The GET stream bounds of `serve --http` (`StreamLimits`): `AGENT_TOOLS_SERVE_MAX_STREAMS`
 * (open streams per client, default 64) and `AGENT_TOOLS_SERVE_STREAM_IDLE_MS` (ms without an
 * event before a stream is ended, default 300 000), each a whole number from 1.
 *
 * @throws {UsageError} for a value that is not a whole number from 1.
 */
export function streamLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): StreamLimits {
  const read = (name: string): number | undefined => {
    const v = env[name];
    if (v === undefined || v === '') return undefined;
    if (!/^\d+$/.test(v) || Number(v) < 1) throw new UsageError(`${name}: expected a whole number from 1, received "${v}"`, 'serve');
    return Number(v);
  };
  const maxPerClient = read('AGENT_TOOLS_SERVE_MAX_STREAMS');
  const idleMs = read('AGENT_TOOLS_SERVE_STREAM_IDLE_MS');
  return { ...(maxPerClient ? { maxPerClient } : {}), ...(idleMs ? { idleMs } : {}) };
}
