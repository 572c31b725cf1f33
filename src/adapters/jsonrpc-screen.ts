/** Screening of incoming JSON-RPC text before the SDK: depth limit, malformed messages and cursors answered with JSON-RPC 2.0 errors. */

import { ClientRequestSchema, JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import { ProtocolErrorCode as ErrorCode, type JSONRPCErrorResponse, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { invalidCursor } from './list-cursor.js';
import { isPlainObject } from '../util/is-plain-object.js';

/**
 * What {@link screenJsonRpc} made of one incoming text: a message to hand to the MCP server,
 * or the JSON-RPC error response to send back instead. `answer: true` marks the error of a
 * well-formed request the server refuses (sent over HTTP with status 200, as a handler's error
 * is, so clients read it as a JSON-RPC error); without it the text was malformed (HTTP 400).
 */
export type Screened = { message: JSONRPCMessage } | { reply: JSONRPCErrorResponse; answer?: true };

type Schema = { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } };

const REQUEST_SCHEMAS = new Map<string, Schema>(
  (ClientRequestSchema.options as unknown as { shape: { method: { value: string } } }[]).map((s) => [
    s.shape.method.value,
    s as unknown as Schema,
  ]),
);

const error = (id: string | number | null, code: number, message: string): { reply: JSONRPCErrorResponse } => ({
  reply: { jsonrpc: '2.0', id: id as string | number, error: { code, message } },
});

function usableId(value: unknown): string | number | null {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

/**
 * The deepest nesting of arrays and objects a message may have (128 levels). MCP messages and
 * tool arguments are far shallower; a deeper one (200 000 levels in a security trial) overflowed
 * the call stack of the schema checks and was answered -32603 Internal error.
 */
export const MAX_JSON_DEPTH = 128;

/** True when the JSON `text` nests arrays and objects deeper than `max`: one pass over its characters, strings skipped. */
export function nestedDeeperThan(text: string, max: number): boolean {
  if (text.length <= max * 2) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // a string: skip to its closing quote, past escapes
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * True for a JSON-RPC message carrying the MCP 2026-07-28 per-request envelope (a string
 * `params._meta["io.modelcontextprotocol/protocolVersion"]`). Such a message is checked by the
 * SDK's 2026 codec, which knows that revision's methods and answers its own errors (a method the
 * revision removed, such as `initialize` or `ping`, is -32601); the 2025 params schemas below do
 * not apply to it.
 */
export function claimsModernEra(message: unknown): boolean {
  const meta = (message as { params?: { _meta?: Record<string, unknown> } } | null)?.params?._meta;
  return isPlainObject(meta) && typeof meta['io.modelcontextprotocol/protocolVersion'] === 'string';
}

/**
 * A `tools/call` whose params the SDK's `CallToolRequestSchema` accepts without a doubt: an
 * object with a string `name`, `arguments` absent or an object, no `_meta` and no `task` (a
 * call with those is checked by the schema). Most calls are such, and the SDK's server parses
 * every tools/call with that schema itself, so the screen does not parse it a third time.
 * test/adapters/jsonrpc-screen.test.ts proves it never accepts what the schema refuses.
 */
export function plainToolCall(message: { method: string; params?: unknown }): boolean {
  if (message.method !== 'tools/call' || !isPlainObject(message.params)) return false;
  const p = message.params;
  return (
    typeof p.name === 'string' && p._meta === undefined && p.task === undefined && (p.arguments === undefined || isPlainObject(p.arguments))
  );
}

/**
 * Screens one JSON-RPC text from an MCP client before the SDK's server sees it, so that every
 * malformed message gets the error JSON-RPC 2.0 prescribes (found by `npm run soak`, seed 1, row
 * 2: over stdio the SDK dropped them without an answer, leaving the client waiting, and answered
 * params of the wrong type with -32603 Internal error):
 * - text that is not JSON: -32700 Parse error, id null;
 * - a batch (an array; MCP 2025-06-18 removed JSON-RPC batching): -32600 Invalid Request, id null;
 * - nesting deeper than {@link MAX_JSON_DEPTH} levels: -32602 Invalid params for a request with a
 *   usable id (its params are what nests), else -32600 Invalid Request;
 * - JSON that is not a JSON-RPC 2.0 message (wrong or missing `jsonrpc`, no `method`, a bad
 *   `id`): -32600 Invalid Request, with the message's id when it has a usable one, else null;
 * - a request for a method of the MCP client-to-server protocol whose params break the
 *   protocol's schema: -32602 Invalid params, naming the first bad field (2025-era messages;
 *   a 2026-07-28 message, see {@link claimsModernEra}, is left to the SDK's 2026 codec);
 * - a `cursor` on a list this server answers in one page (`invalidCursor`), any era: -32602
 *   Invalid params (MCP spec, utilities/pagination), never the whole list as if none were sent.
 * Anything else (valid requests, unknown methods, notifications, responses) passes unchanged.
 * Source of the codes: JSON-RPC 2.0 specification, section 5.1.
 */
export function screenJsonRpc(text: string): Screened {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return error(null, ErrorCode.ParseError, `Parse error: ${(e as Error).message}`);
  }
  if (Array.isArray(value))
    return error(
      null,
      ErrorCode.InvalidRequest,
      'Invalid Request: JSON-RPC batches are not supported (MCP 2025-06-18 removed them); send one message at a time',
    );
  if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
    const id = usableId(value);
    const request = id !== null && typeof (value as { method?: unknown }).method === 'string';
    return error(
      id,
      request ? ErrorCode.InvalidParams : ErrorCode.InvalidRequest,
      `${request ? 'Invalid params' : 'Invalid Request'}: nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`,
    );
  }
  const parsed = JSONRPCMessageSchema.safeParse(value);
  if (!parsed.success)
    return error(
      usableId(value),
      ErrorCode.InvalidRequest,
      'Invalid Request: not a JSON-RPC 2.0 message (it needs "jsonrpc": "2.0" and a "method", or a "result" or "error" with an "id")',
    );
  const message = parsed.data;
  const cursor = 'method' in message && 'id' in message ? invalidCursor(message.method, message.params) : undefined;
  if (cursor !== undefined) return { ...error((message as { id: string | number }).id, ErrorCode.InvalidParams, cursor), answer: true };
  if ('method' in message && 'id' in message && !plainToolCall(message) && !claimsModernEra(message)) {
    const schema = REQUEST_SCHEMAS.get(message.method);
    const check = schema?.safeParse(message);
    if (check && !check.success) {
      const issue = check.error!.issues[0]!;
      return error(
        message.id,
        ErrorCode.InvalidParams,
        `Invalid params: ${issue.path.map(String).join('.') || 'params'}: ${issue.message}`,
      );
    }
  }
  return { message };
}
