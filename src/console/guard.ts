/** The console's rules for every request: Host and Origin checks and the per-launch token. */

import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/** Headers on every answer: no framing, no sniffing, no referrer (the token is in the page URL), only our own scripts and styles. */
const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

const sameToken = (given: string, token: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The console's rules for every request:
 * - `Host` must be `127.0.0.1:<port>` or `localhost:<port>` (a page whose DNS name was
 *   rebound to 127.0.0.1 is refused), and an `Origin`, when sent, the same origin;
 * - only GET, HEAD and POST;
 * - under `/api/`: the per-launch token as `Authorization: Bearer <token>` (403 without it;
 *   a custom header, so no simple cross-site request can carry it), and POST bodies must be
 *   `application/json` (415 otherwise), so no HTML form can make a change.
 *
 * `port()` is read per request: the port is known only once the server listens.
 */
export function guard(token: string, port: () => number): MiddlewareHandler {
  return async (c, next) => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) c.header(k, v);
    const hosts = [`127.0.0.1:${port()}`, `localhost:${port()}`];
    if (!hosts.includes(c.req.header('host') ?? '')) return c.json({ error: `Host must be one of ${hosts.join(', ')}` }, 403);
    const origin = c.req.header('origin');
    if (origin !== undefined && !hosts.some((h) => origin === `http://${h}`))
      return c.json({ error: 'cross-origin requests are refused' }, 403);
    if (!['GET', 'HEAD', 'POST'].includes(c.req.method)) return c.json({ error: `method ${c.req.method} is not allowed` }, 405);
    if (c.req.path.startsWith('/api/')) {
      const auth = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '');
      if (!auth || !sameToken(auth[1]!, token))
        return c.json({ error: 'the access token is missing or wrong: open the URL agent-tools console printed' }, 403);
      if (c.req.method === 'POST' && !/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
        return c.json({ error: 'a change must be a POST with a JSON body (Content-Type: application/json)' }, 415);
      }
    }
    await next();
  };
}
