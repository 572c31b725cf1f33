import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_MAX_REQUEST_BODY_SIZE, requestBodyTooLargeMessage } from '@modelcontextprotocol/sdk/server/requestBody.js';
import {
  WebStandardStreamableHTTPServerTransport,
  type WebStandardStreamableHTTPServerTransportOptions,
} from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { screenJsonRpc } from './jsonrpc-screen.js';

/** The largest POST body read, in bytes: the SDK transport's own default (4 MiB). */
export const MAX_POST_BYTES = DEFAULT_MAX_REQUEST_BODY_SIZE;

/** The body as UTF-8 text, or undefined when it is over `max` bytes (read to its end and dropped, so the connection stays usable). */
function readBody(req: IncomingMessage, max: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = Number(req.headers['content-length']) > max;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > max) ((over = true), (chunks.length = 0));
      else chunks.push(chunk);
    });
    req.once('end', () => resolve(over ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
    req.once('close', () => reject(new Error('the client closed the connection before the request body ended')));
  });
}

/**
 * The SDK transport's verdict on the request's headers alone (Host and Origin against the
 * allowed lists, Accept, Content-Type, MCP-Protocol-Version), from a throwaway transport with
 * the same options given an empty body: 202 when they pass, else the SDK's own error response.
 * Asking the SDK keeps one copy of those rules, checked before any screened error is sent.
 */
function headerVerdict(req: IncomingMessage, options: WebStandardStreamableHTTPServerTransportOptions): Promise<Response> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) for (const v of [value ?? []].flat()) headers.append(name, v);
  const request = new Request(new URL(req.url ?? '/mcp', 'http://127.0.0.1'), { method: 'POST', headers });
  return new WebStandardStreamableHTTPServerTransport(options).handleRequest(request, { parsedBody: [] });
}

async function answer(res: ServerResponse, status: number, headers: Headers | Record<string, string>, body: string): Promise<void> {
  res.writeHead(status, Object.fromEntries(headers instanceof Headers ? headers.entries() : Object.entries(headers)));
  await new Promise<void>((resolve) => res.end(body, resolve));
}

/**
 * Reads and screens the body of one POST to the Streamable HTTP endpoint before the SDK's
 * transport sees it, so that HTTP answers malformed traffic as stdio does (one copy of the
 * policy: {@link screenJsonRpc}; found by `npm run soak`, row 2: the SDK answered a bad
 * `jsonrpc` or a missing method with -32700, params of the wrong type with -32603, and took
 * batches, which MCP 2025-06-18 removed):
 * - not JSON: -32700; a batch, or not a JSON-RPC 2.0 message: -32600; a request whose params
 *   break the MCP schema of a known method: -32602 with the request's id. Each is sent with
 *   HTTP 400 and `application/json`, the status and type the SDK gives its own -32700.
 * - a body over {@link MAX_POST_BYTES}: 413 with the SDK's own -32000 message.
 * - anything else (unknown methods, notifications of any params, responses) goes on to the SDK,
 *   which answers -32601 for an unknown method and 202 with no body for a notification.
 * Bad Host, Origin, Accept or Content-Type headers get the SDK's answer (403, 406, 415) first.
 *
 * @returns the message to pass to the SDK transport as `parsedBody`, or undefined when the request has been answered here.
 * @throws when the request stream fails or the client goes away before the body ended.
 */
export async function screenHttpPost(
  req: IncomingMessage,
  res: ServerResponse,
  options: WebStandardStreamableHTTPServerTransportOptions,
): Promise<{ message: JSONRPCMessage } | undefined> {
  const text = await readBody(req, MAX_POST_BYTES);
  const screened = text === undefined ? undefined : screenJsonRpc(text);
  if (screened && 'message' in screened) return screened;
  const verdict = await headerVerdict(req, options);
  if (verdict.status !== 202) await answer(res, verdict.status, verdict.headers, await verdict.text());
  else if (!screened)
    await answer(
      res,
      413,
      { 'content-type': 'application/json' },
      JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: requestBodyTooLargeMessage(MAX_POST_BYTES) } }),
    );
  else await answer(res, 400, { 'content-type': 'application/json' }, JSON.stringify(screened.reply));
  return undefined;
}
