/** Soak row 2's cases: malformed and edge MCP messages and the answers that are right for each. */

/** One malformed (or edge) message for `serve`, and the answers that are right for it. */
export interface MalformedCase {
  name: string;
  /** The text sent: one line over stdio, one POST body over HTTP. */
  text: string;
  /**
   * `codes`: a JSON-RPC error with one of these codes, for `id` (null for an unusable id);
   * `result`: a result for `id`; `none`: no answer (a notification); `any`: an answer of any kind.
   */
  expect: { codes: number[]; id: string | number | null } | { result: string | number } | 'none' | 'any';
}

const msg = (o: object) => JSON.stringify({ jsonrpc: '2.0', ...o });

/**
 * The malformed traffic of row 2, the same over stdio and HTTP. Over HTTP an error the server
 * screens out comes with status 400 (`httpStatus`); a 10 MB body is over the SDK transport's
 * 4 MiB limit and gets 413 (`http` overrides the answer), where stdio has no size limit.
 */
export function malformedCases(): (MalformedCase & { http?: MalformedCase['expect']; httpStatus?: number })[] {
  return [
    { name: 'invalid JSON', text: '{"jsonrpc":"2.0","id":"c1",', expect: { codes: [-32700], id: null }, httpStatus: 400 },
    {
      name: 'wrong jsonrpc version',
      text: '{"jsonrpc":"1.0","id":"c2","method":"tools/list"}',
      expect: { codes: [-32600], id: 'c2' },
      httpStatus: 400,
    },
    { name: 'no method', text: '{"jsonrpc":"2.0","id":"c3"}', expect: { codes: [-32600], id: 'c3' }, httpStatus: 400 },
    { name: 'not an object', text: '"just a string"', expect: { codes: [-32600], id: null }, httpStatus: 400 },
    { name: 'unknown method', text: msg({ id: 'c5', method: 'no/such/method' }), expect: { codes: [-32601], id: 'c5' } },
    {
      name: 'tools/call name of the wrong type',
      text: msg({ id: 'c6', method: 'tools/call', params: { name: 5 } }),
      expect: { codes: [-32602], id: 'c6' },
      httpStatus: 400,
    },
    {
      name: 'tools/list params not an object',
      text: msg({ id: 'c7', method: 'tools/list', params: 'x' }),
      expect: { codes: [-32600], id: 'c7' },
      httpStatus: 400,
    },
    {
      name: 'tool argument of the wrong type',
      text: msg({ id: 'c8', method: 'tools/call', params: { name: 'wait', arguments: { ms: 'soon' } } }),
      expect: 'any',
    },
    { name: 'unknown tool', text: msg({ id: 'c9', method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } }), expect: 'any' },
    // MCP 2025-06-18 removed batches.
    {
      name: 'a batch',
      text: `[${msg({ id: 'c10a', method: 'ping' })},${msg({ id: 'c10b', method: 'ping' })}]`,
      expect: { codes: [-32600], id: null },
      httpStatus: 400,
    },
    { name: 'shutdown (MCP has none)', text: msg({ id: 'c11', method: 'shutdown' }), expect: { codes: [-32601], id: 'c11' } },
    { name: 'request after shutdown', text: msg({ id: 'c12', method: 'tools/list' }), expect: { result: 'c12' } },
    {
      name: 'cancel for an unknown id',
      text: msg({ method: 'notifications/cancelled', params: { requestId: 'never-sent' } }),
      expect: 'none',
    },
    { name: 'unknown notification', text: msg({ method: 'notifications/no_such_thing' }), expect: 'none' },
    {
      name: 'notification with params of the wrong type',
      text: msg({ method: 'notifications/cancelled', params: { requestId: {} } }),
      expect: 'none',
    },
    {
      name: '10 MB message',
      text: msg({ id: 'c15', method: 'tools/call', params: { name: 'echo', arguments: { text: 'x'.repeat(10_000_000) } } }),
      expect: { result: 'c15' },
      http: { codes: [-32000], id: null },
      httpStatus: 413,
    },
  ];
}
