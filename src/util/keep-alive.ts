/** How long our HTTP servers keep an idle keep-alive connection open. */

/**
 * How long (ms) our HTTP servers (`serve --http`, the skill console) keep an idle keep-alive
 * connection open: 65 s, far longer than clients keep an idle socket (Node's fetch, undici:
 * 4 s unless the response names a Keep-Alive timeout, and the MCP SDK's SSE answers carry
 * `Connection: keep-alive` without one). With Node's own 5 s (it closes at 6 s: 5 s plus a 1 s
 * buffer) the margin was two seconds, which a loaded machine's stalls can eat: a client reuses a
 * socket the server is just closing, and the call fails (ECONNRESET, "fetch failed": seen in
 * the console's tests, and the likeliest cause of one failed call in 10 000 in the soak's load
 * row). Source: Node's `server.keepAliveTimeout`; undici's `keepAliveTimeout`.
 */
export const IDLE_KEEP_ALIVE_MS = 65_000;

/** Sets {@link IDLE_KEEP_ALIVE_MS} on a Node HTTP server (or any server with `keepAliveTimeout`). */
export function keepIdleConnections(server: object): void {
  (server as { keepAliveTimeout?: number }).keepAliveTimeout = IDLE_KEEP_ALIVE_MS;
}
