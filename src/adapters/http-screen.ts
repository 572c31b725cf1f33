/** Screening of Streamable HTTP requests before the SDK: POST body size, Host and Origin (DNS rebinding), 2025-era headers. */

import { DEFAULT_MAX_REQUEST_BODY_SIZE, readRequestBody, validateHostHeader, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { claimsModernEra, screenJsonRpc } from './jsonrpc-screen.js';

/** The largest POST body read, in bytes: the SDK's own default (4 MiB). */
export const MAX_POST_BYTES = DEFAULT_MAX_REQUEST_BODY_SIZE;

/** A JSON answer with `status`: a JSON-RPC error with `code` and `message` (id null unless given). */
export function jsonRpcErrorResponse(status: number, code: number, message: string, id: string | number | null = null): Response {
  return Response.json({ jsonrpc: '2.0', id, error: { code, message } }, { status });
}

/**
 * DNS rebinding and cross-origin protection for a server on loopback (MCP spec 2025-11-25,
 * basic/transports: servers MUST validate Origin): the `Host` header's hostname must be one of
 * the hostnames of `hosts` (any port, as the SDK's own `validateHostHeader` checks it, so a
 * local proxy or load balancer in front works; a page whose DNS name was rebound to 127.0.0.1
 * still sends its own name), and an `Origin`, when sent, must be `http://` one of `hosts`
 * exactly (`host:port`). A request without `Origin` (not from a browser) passes. Returns the
 * 403 answer, or undefined.
 */
export function hostAndOriginProblem(request: Request, hosts: readonly string[]): Response | undefined {
  const host = request.headers.get('host');
  const hostnames = [...new Set(hosts.map((h) => h.replace(/:\d+$/, '')))];
  if (!validateHostHeader(host, hostnames).ok) return jsonRpcErrorResponse(403, -32000, `Invalid Host header: ${host ?? '(none)'}`);
  const origin = request.headers.get('origin');
  if (origin !== null && !hosts.some((h) => origin.toLowerCase() === `http://${h}`))
    return jsonRpcErrorResponse(403, -32000, `Invalid Origin header: ${origin}`);
  return undefined;
}

/**
 * The 2025-era Streamable HTTP header rules for a POST (the SDK's legacy transport applies
 * them too, after reading the body, which is too late for screened errors): `Accept` must
 * list `application/json` and `text/event-stream` (406), `Content-Type` must be
 * `application/json` (415). Returns the answer, or undefined.
 */
export function legacyPostHeaderProblem(request: Request): Response | undefined {
  const accept = request.headers.get('accept') ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream'))
    return jsonRpcErrorResponse(406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
  if (!(request.headers.get('content-type') ?? '').toLowerCase().includes('application/json'))
    return jsonRpcErrorResponse(415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
  return undefined;
}

/**
 * Reads and screens the body of one POST before the SDK sees it, so that HTTP answers
 * malformed traffic as stdio does (one copy of the policy: {@link screenJsonRpc}; found by
 * `npm run soak`, row 2):
 * - a body over {@link MAX_POST_BYTES}: 413 with -32000;
 * - for a message without the 2026-07-28 envelope, the 2025 header rules first
 *   ({@link legacyPostHeaderProblem}: 406, 415);
 * - not JSON: -32700; a batch, or not a JSON-RPC 2.0 message: -32600; a request whose params
 *   break the MCP schema of a known method: -32602 with the request's id; each with HTTP 400;
 * - a cursor on a list served in one page: -32602 with HTTP 200 (a well-formed request refused,
 *   answered as a handler's error is, so that clients read the JSON-RPC error).
 * Anything else (unknown methods, notifications, responses) goes on to the SDK.
 *
 * @returns the parsed message, or the answer to send instead.
 */
export async function screenHttpPost(request: Request): Promise<{ message: JSONRPCMessage } | Response> {
  const body = await readRequestBody(request, MAX_POST_BYTES);
  let parsed: unknown;
  if (!body.tooLarge)
    try {
      parsed = JSON.parse(body.text);
    } catch {
      parsed = undefined;
    }
  if (!claimsModernEra(parsed)) {
    const headers = legacyPostHeaderProblem(request);
    if (headers) return headers;
  }
  if (body.tooLarge) return jsonRpcErrorResponse(413, -32000, `Payload Too Large: Request body must not exceed ${MAX_POST_BYTES} bytes`);
  const screened = screenJsonRpc(body.text);
  if ('reply' in screened) return Response.json(screened.reply, { status: screened.answer ? 200 : 400 });
  return screened;
}
