/** Serves a toolbox over Streamable HTTP, both MCP eras from one endpoint, each request screened first. */

import { createMcpHandler, isLegacyRequest, type ServerEventBus } from '@modelcontextprotocol/server';
import { hostAndOriginProblem, MAX_POST_BYTES, screenHttpPost } from './http-screen.js';
import { LegacySessions } from './mcp-http-sessions.js';
import type { StreamLimits } from './mcp-http-streams.js';
import { createInstance } from './mcp-instance.js';
import type { ServedToolbox } from './mcp-toolbox.js';
import { assertKnownOptions } from '../core/known-options.js';

/**
 * Options of `httpHandler()`.
 * - `hosts`: the `host:port` values a request's `Host` may name (and `http://` + one of them,
 *   its `Origin`): DNS rebinding protection. Default: any host (put your own check in front).
 * - `bus`: where 2026-07-28 list changes are published for `subscriptions/listen` streams
 *   (default: in this process; see the SDK's `ServerEventBus` for several processes).
 * - `onerror`: out-of-band errors (reporting only).
 * - `streams`: bounds on 2025-era `GET` event streams, per client and when idle (see `StreamLimits`:
 *   64 per client, ended after 5 minutes without an event, by default).
 */
export interface McpHttpOptions {
  hosts?: () => readonly string[];
  bus?: ServerEventBus;
  onerror?: (error: Error) => void;
  streams?: StreamLimits;
}

/** Every option name of `httpHandler`. */
const HTTP_OPTION_NAMES = { hosts: true, bus: true, onerror: true, streams: true } as const satisfies Record<keyof McpHttpOptions, true>;

/**
 * A Streamable HTTP endpoint for one served toolbox, web-standard: `fetch(request)` answers
 * one HTTP request (mount it with `@hono/node-server`'s `getRequestListener`, or any runtime
 * with `fetch` handlers); `client` names the caller for per-client bounds (such as its address
 * and token; one shared key when left out). `close()` ends every session and subscription stream.
 * `sessions` counts the open 2025 sessions.
 */
export interface McpHttpServing {
  fetch(request: Request, caller?: { client?: string }): Promise<Response>;
  close(): Promise<void>;
  readonly sessions: number;
}

/**
 * Serves `toolbox` over Streamable HTTP, both eras from one endpoint:
 * - every request: `Host` and `Origin` checked first (403, see `hostAndOriginProblem`);
 *   every POST body screened (`screenHttpPost`: 413, 406, 415, and the JSON-RPC errors of
 *   malformed messages with 400) before any server instance is built;
 * - MCP 2026-07-28 requests (the per-request `_meta` envelope): the SDK's `createMcpHandler`
 *   (stateless, one instance per request, `server/discover`, `subscriptions/listen`, the
 *   SEP-2243 header checks); list changes of the toolbox are published to its listen streams;
 * - 2025-era requests: sessions (`LegacySessions`), with the GET stream for list changes and
 *   server-to-client requests.
 */
export function serveMcpHttp(toolbox: ServedToolbox, options: McpHttpOptions = {}): McpHttpServing {
  assertKnownOptions('httpHandler', options, HTTP_OPTION_NAMES);
  const modern = createMcpHandler(() => createInstance(toolbox, { follow: false }), {
    legacy: 'reject',
    maxRequestBodySize: MAX_POST_BYTES,
    ...(options.bus ? { bus: options.bus } : {}),
    ...(options.onerror ? { onerror: options.onerror } : {}),
  });
  const legacy = new LegacySessions(toolbox, options.onerror, options.streams);
  const offChanges = toolbox.onListChanged((kind) => {
    if (kind === 'tools') modern.notify.toolsChanged();
    else if (kind === 'prompts') modern.notify.promptsChanged();
    else modern.notify.resourcesChanged(); // resources, and the skills extension's listing
  });
  return {
    async fetch(request, caller) {
      if (options.hosts) {
        const refused = hostAndOriginProblem(request, options.hosts());
        if (refused) return refused;
      }
      let parsedBody: unknown;
      if (request.method === 'POST') {
        const screened = await screenHttpPost(request);
        if (screened instanceof Response) return screened;
        parsedBody = screened.message;
      }
      return (await isLegacyRequest(request, parsedBody))
        ? legacy.handle(request, parsedBody, caller?.client)
        : modern.fetch(request, { parsedBody });
    },
    async close() {
      offChanges();
      await Promise.all([modern.close(), legacy.close()]);
    },
    get sessions() {
      return legacy.size;
    },
  };
}
