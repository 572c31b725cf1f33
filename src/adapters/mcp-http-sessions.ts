/** The 2025-era leg of `serve --http`: Streamable HTTP sessions, their idle timeout and the cap on how many are kept. */

import { randomUUID } from 'node:crypto';
import {
  isInitializeRequest,
  legacyStatelessFallback,
  WebStandardStreamableHTTPServerTransport,
  type LegacyHttpHandler,
  type McpServer,
} from '@modelcontextprotocol/server';
import { jsonRpcErrorResponse } from './http-screen.js';
import { StreamBudget, type StreamLimits } from './mcp-http-streams.js';
import { createInstance } from './mcp-instance.js';
import { GetStreamEvents } from './mcp-session-events.js';
import type { ServedToolbox } from './mcp-toolbox.js';

/** How long a 2025 session lives without a request and without an open GET stream, in ms (30 minutes). */
export const SESSION_IDLE_MS = 30 * 60_000;
/** The most 2025 sessions kept at once; past it the least recently used one is closed. */
export const MAX_SESSIONS = 1_000;

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  server: McpServer;
  lastSeen: number;
  openStreams: number;
  events: GetStreamEvents;
}

/**
 * The 2025-era leg of `serve --http`: Streamable HTTP with sessions (MCP spec 2025-11-25,
 * basic/transports, "Session Management"). An `initialize` starts a session
 * (`Mcp-Session-Id` in the answer) with its own server instance, which follows list changes
 * (sent on the session's GET stream), keeps the client's `logging/setLevel`, and can send
 * server-to-client requests (elicitation, sampling, roots) whose answers come back to it.
 * A request naming an unknown session gets 404 (-32001), so the client starts a new one;
 * `DELETE` ends a session. A request without a session id that is not an `initialize` (a
 * client that ignores the header, or a raw POST) is served statelessly by a fresh instance
 * (the SDK's `legacyStatelessFallback`), which cannot ask its client anything.
 *
 * Sessions live in this process: behind a load balancer, 2025 clients need affinity; 2026
 * clients do not. A session with neither a request nor an open GET stream for
 * {@link SESSION_IDLE_MS} is closed, and at most {@link MAX_SESSIONS} are kept. GET streams are
 * bounded per client and ended when idle (`StreamLimits`).
 */
export class LegacySessions {
  readonly #sessions = new Map<string, Session>();
  readonly #stateless: LegacyHttpHandler;
  readonly #sweep: NodeJS.Timeout;
  readonly #streams: StreamBudget;

  constructor(
    private readonly toolbox: ServedToolbox,
    onerror?: (error: Error) => void,
    streams?: StreamLimits,
  ) {
    this.#streams = new StreamBudget(streams);
    this.#stateless = legacyStatelessFallback(() => createInstance(toolbox, { canPush: false }), onerror);
    this.#sweep = setInterval(() => this.#closeIdle(), 60_000);
    this.#sweep.unref();
  }

  /** How many sessions are open. */
  get size(): number {
    return this.#sessions.size;
  }

  /**
   * Serves one 2025-era request (`parsedBody`: the screened POST body, or undefined for GET and
   * DELETE); `client` keys the GET stream bound (one key for every caller when not given).
   */
  async handle(request: Request, parsedBody: unknown, client = ''): Promise<Response> {
    const id = request.headers.get('mcp-session-id');
    if (id !== null) {
      const session = this.#sessions.get(id);
      if (!session) return jsonRpcErrorResponse(404, -32001, 'Session not found: it ended or expired; send initialize again');
      session.lastSeen = Date.now();
      const refused = request.method === 'GET' ? this.#streams.refusal(client) : undefined;
      if (refused) return refused;
      const response = await session.transport.handleRequest(request, { parsedBody });
      if (request.method !== 'GET' || response.status !== 200) return response;
      session.openStreams += 1;
      // a client of 2025-11-25 or later reads the priming event that names where to resume from
      const resumes = request.headers.get('mcp-protocol-version') !== null && request.headers.get('mcp-protocol-version')! >= '2025-11-25';
      return this.#streams.hold(
        client,
        response,
        () => {
          session.openStreams -= 1;
          session.lastSeen = Date.now();
        },
        () => (resumes ? session.events.mark() : undefined),
      );
    }
    if (request.method === 'POST' && isInitializeRequest(parsedBody)) return this.#start(request, parsedBody);
    return this.#stateless(request, { parsedBody });
  }

  async #start(request: Request, parsedBody: unknown): Promise<Response> {
    if (this.#sessions.size >= MAX_SESSIONS) {
      const [oldest] = [...this.#sessions].sort(([, a], [, b]) => a.lastSeen - b.lastSeen)[0]!;
      await this.#close(oldest);
    }
    const server = createInstance(this.toolbox, { follow: true, canPush: true });
    const session: Session = { transport: undefined as never, server, lastSeen: Date.now(), openStreams: 0, events: new GetStreamEvents() };
    session.transport = new WebStandardStreamableHTTPServerTransport({
      eventStore: session.events,
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => void this.#sessions.set(sid, session),
      onsessionclosed: (sid) => void this.#close(sid),
    });
    await server.connect(session.transport);
    return session.transport.handleRequest(request, { parsedBody });
  }

  async #close(id: string): Promise<void> {
    const session = this.#sessions.get(id);
    if (!session) return;
    this.#sessions.delete(id);
    await session.server.close().catch(() => undefined);
  }

  #closeIdle(): void {
    const before = Date.now() - SESSION_IDLE_MS;
    for (const [id, s] of this.#sessions) if (s.openStreams === 0 && s.lastSeen < before) void this.#close(id);
  }

  /** Closes every session. */
  async close(): Promise<void> {
    clearInterval(this.#sweep);
    await Promise.all([...this.#sessions.keys()].map((id) => this.#close(id)));
  }
}
