/** Tests of the HTTP executor against a real server: URLs, query strings, bodies, env headers, timeouts, caps. */

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/index.js';
import { buildHttpRequest, runHttpExecutor } from '../../src/skills/executors/http-executor.js';
import type { HttpExecutorSpec } from '../../src/skills/files/skill-file-schema.js';
import { parseSkillFile } from '../../src/skills/files/external-skill.js';

interface Seen {
  line: string;
  headers: IncomingMessage['headers'];
  body: string;
}
const seen: Seen[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      // req.url is the raw request target from the request line, not normalised.
      seen.push({ line: `${req.method} ${req.url} HTTP/${req.httpVersion}`, headers: req.headers, body });
      const path = req.url ?? '';
      if (path.startsWith('/hang')) return; // never answers
      if (path.startsWith('/missing')) return res.writeHead(404, { 'content-type': 'text/plain' }).end('no such user: ' + 'x'.repeat(1000));
      if (path.startsWith('/redirect')) return res.writeHead(302, { location: 'http://example.com/' }).end();
      if (path.startsWith('/text')) return res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('plain 文本');
      if (path.startsWith('/big')) return res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('字'.repeat(100_000));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echoed: path }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
);

const spec = (url: string, extra: Partial<HttpExecutorSpec> = {}): HttpExecutorSpec => ({
  type: 'http',
  method: 'GET',
  url: base + url,
  ...extra,
});
async function call(s: HttpExecutorSpec, args: Record<string, unknown>, env: Record<string, string> = {}) {
  const before = seen.length;
  const result = await runHttpExecutor(s, args, { env });
  return { result, requests: seen.slice(before) };
}

describe('HTTP executor: the request line', () => {
  it('percent-encodes each value as one path segment: spaces, non-ASCII, / & # % ?', async () => {
    const { result, requests } = await call(spec('/users/{id}/posts'), { id: 'a b/c&d#e%f?g' });
    expect(requests.map((r) => r.line)).toEqual(['GET /users/a%20b%2Fc%26d%23e%25f%3Fg/posts HTTP/1.1']);
    expect(result).toEqual({ ok: true, status: 200, value: { echoed: '/users/a%20b%2Fc%26d%23e%25f%3Fg/posts' }, truncated: false });
    const cn = await call(spec('/fonts/{name}'), { name: '字体 é' });
    expect(cn.requests[0]!.line).toBe('GET /fonts/%E5%AD%97%E4%BD%93%20%C3%A9 HTTP/1.1');
  });

  it('puts params not in the URL in the query string for GET and DELETE (string[] as repeated keys)', async () => {
    const { requests } = await call(spec('/search?lang=en'), { q: 'hello world&x=1', tags: ['a', 'b#c'], n: 3 });
    expect(requests[0]!.line).toBe('GET /search?lang=en&q=hello%20world%26x%3D1&tags=a&tags=b%23c&n=3 HTTP/1.1');
    const del = await call(spec('/items/{id}', { method: 'DELETE' }), { id: '7', hard: true });
    expect(del.requests[0]!.line).toBe('DELETE /items/7?hard=true HTTP/1.1');
  });

  it('sends the other params as a JSON body for POST, over the executor body', async () => {
    const { requests } = await call(spec('/notes/{book}', { method: 'POST', body: { source: 'agent', title: 'default' } }), {
      book: 'b1',
      title: '标题',
      tags: ['x'],
    });
    expect(requests[0]!.line).toBe('POST /notes/b1 HTTP/1.1');
    expect(requests[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(requests[0]!.body)).toEqual({ source: 'agent', title: '标题', tags: ['x'] });
  });

  it('fills defaults through parseArgs before the request', async () => {
    const file = parseSkillFile({
      kind: 'tool',
      name: 'w',
      description: 'd',
      params: { city: { type: 'string', required: true, description: 'c' }, days: { type: 'number', default: 3, description: 'd' } },
      executor: { type: 'http', method: 'GET', url: `${base}/w/{city}` },
    });
    if (!file.ok || file.skill.kind !== 'tool' || file.skill.executor.type !== 'http') throw new Error('bad fixture');
    const args = parseArgs(
      { name: 'w', description: 'd', params: file.skill.params, execute: (_api: unknown, a: Record<string, unknown>) => a },
      { city: 'Zürich' },
    );
    if (!args.ok) throw new Error(args.error);
    const { requests } = await call(file.skill.executor, args.args);
    expect(requests[0]!.line).toBe('GET /w/Z%C3%BCrich?days=3 HTTP/1.1');
  });

  it('refuses dot segments and sends nothing', async () => {
    for (const id of ['.', '..']) {
      const { result, requests } = await call(spec('/files/{id}/raw'), { id });
      expect(result).toEqual({
        ok: false,
        error: `value ${JSON.stringify(id)} for {id} is a dot segment and is refused: it would change the path`,
      });
      expect(requests).toEqual([]);
    }
    const empty = await call(spec('/files/{id}/raw'), { id: '' });
    expect(empty).toEqual({
      result: { ok: false, error: 'empty value for {id} is refused: it would leave an empty path segment' },
      requests: [],
    });
    const encoded = await call(spec('/files/{id}'), { id: '../etc' });
    expect(encoded.requests[0]!.line).toBe('GET /files/..%2Fetc HTTP/1.1');
  });

  it('reads ${env:NAME} in headers at call time and never sends without it', async () => {
    const s = spec('/secure', { headers: { authorization: 'Bearer ${env:SKILL_TEST_TOKEN}', 'x-fixed': 'v' } });
    const { requests } = await call(s, {}, { SKILL_TEST_TOKEN: 's3cret' });
    expect(requests[0]!.headers.authorization).toBe('Bearer s3cret');
    expect(requests[0]!.headers['x-fixed']).toBe('v');
    const missing = await call(s, {});
    expect(missing).toEqual({
      result: { ok: false, error: 'header "authorization" needs the environment variable SKILL_TEST_TOKEN, which is not set' },
      requests: [],
    });
  });

  it('reads only the variables the skill declares: an undeclared one counts as unset, whatever the environment holds', () => {
    const s = spec('/secure', { headers: { a: '${env:DECLARED}', b: '${env:HIDDEN}' } });
    const env = { DECLARED: 'd', HIDDEN: 'h' };
    expect(buildHttpRequest(s, {}, env, ['DECLARED'])).toEqual({
      error: 'header "b" needs the environment variable HIDDEN, which is not set',
    });
    const both = buildHttpRequest(s, {}, env, ['DECLARED', 'HIDDEN']);
    expect('init' in both && both.init.headers).toEqual({ a: 'd', b: 'h' });
  });
});

describe('HTTP executor: responses', () => {
  it('returns text as text and JSON parsed', async () => {
    expect((await call(spec('/text'), {})).result).toEqual({ ok: true, status: 200, value: 'plain 文本', truncated: false });
  });

  it('turns a non-2xx status into an error with the status and a short excerpt', async () => {
    const { result } = await call(spec('/missing/{id}'), { id: 'u1' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(404);
    expect(result.error).toBe(`HTTP 404 Not Found from GET ${base}/missing/u1: no such user: ${'x'.repeat(300 - 'no such user: '.length)}`);
  });

  it('does not follow redirects', async () => {
    const { result, requests } = await call(spec('/redirect'), {});
    expect(result).toEqual({
      ok: false,
      status: 302,
      error: `HTTP 302 Found from GET ${base}/redirect (redirect to http://example.com/ not followed)`,
    });
    expect(requests).toHaveLength(1);
  });

  it('times out', async () => {
    const { result } = await call(spec('/hang', { timeoutMs: 300 }), {});
    expect(result).toEqual({ ok: false, error: `timed out after 300 ms (GET ${base}/hang)` });
  });

  it('caps the response without splitting a character', async () => {
    const { result } = await call(spec('/big', { maxResponseBytes: 1000 }), {});
    if (!result.ok) throw new Error(result.error);
    expect(result.truncated).toBe(true);
    // 1000 bytes hold 333 three-byte characters; the cut one is dropped, never U+FFFD.
    expect((result.value as string).slice(990)).toBe('');
    expect(result.value).toBe(`${'字'.repeat(333)}\n[truncated: response was more than 1000 bytes, kept 999]`);
    expect(String(result.value)).not.toContain('\uFFFD');
  });

  it('reports a refused connection as an error result', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const { result } = await call({ type: 'http', method: 'GET', url: `http://127.0.0.1:${port}/x` }, {});
    expect(result).toEqual({ ok: false, error: `request failed (GET http://127.0.0.1:${port}/x): connect ECONNREFUSED 127.0.0.1:${port}` });
  });
});
