import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { AgentToolsMcpServer } from '../adapters/mcp.js';
import { keepIdleConnections } from '../util/keep-alive.js';
import { UsageError } from '../shared/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/server';

/** The path of the MCP endpoint. */
export const MCP_PATH = '/mcp';

/**
 * Listens on 127.0.0.1:`port` (0 picks a free one) and serves `served` at `/mcp` over
 * Streamable HTTP (see `httpHandler`); other paths get 404. Only the server's own loopback
 * `host:port` names are accepted as Host and Origin: a web page that rebinds its DNS name
 * to 127.0.0.1, or a page of another origin, gets 403. With `gate` (see `staticTokenGate`)
 * every request to `/mcp` must pass it first: a refused one gets the gate's answer (401 with
 * `WWW-Authenticate: Bearer`) and reaches no tool. Resolves with the endpoint's URL.
 *
 * @throws {UsageError} when the port cannot be listened on.
 */
export async function listenMcpHttp(
  served: AgentToolsMcpServer,
  port: number,
  gate?: (request: Request) => Promise<AuthInfo | Response>,
): Promise<string> {
  let actual = 0;
  const handler = served.httpHandler({
    hosts: () => [`127.0.0.1:${actual}`, `localhost:${actual}`],
    onerror: (err) => process.stderr.write(`agent-tools: HTTP: ${err.message}\n`),
  });
  const listener = getRequestListener(
    async (request) => {
      if (new URL(request.url).pathname !== MCP_PATH)
        return new Response(`Not found: the MCP endpoint is ${MCP_PATH}\n`, { status: 404, headers: { 'content-type': 'text/plain' } });
      if (gate) {
        const caller = await gate(request);
        if (caller instanceof Response) return caller;
      }
      return handler.fetch(request);
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
  return `http://127.0.0.1:${actual}${MCP_PATH}`;
}
