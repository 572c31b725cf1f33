/** Tests of HTTP skill URL templates: every placeholder form a user can write works or is refused at install with the reason. */

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/index.js';
import { parseSkillFile } from '../../src/skills/files/external-skill.js';
import { runHttpExecutor } from '../../src/skills/executors/http-executor.js';
import { fillUrlTemplate } from '../../src/skills/executors/url-fill.js';
import { parseUrlTemplate, type ParsedUrlTemplate } from '../../src/skills/executors/url-template.js';

// Every placeholder form a user can write works or is refused at install with the reason.
const lines: string[] = [];
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    lines.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const str = (extra: Record<string, unknown> = {}) => ({ type: 'string', description: 'A value.', ...extra });
const weather = (url: string, params: Record<string, unknown>) =>
  parseSkillFile({
    kind: 'tool',
    name: 'weather',
    description: 'Weather for a city.',
    params,
    executor: { type: 'http', method: 'GET', url },
  });
const problems = (r: ReturnType<typeof weather>) => (r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`));

/** Installs, parses the args as a call would (defaults filled), runs against the local server; the request line it sent. */
async function run(url: string, params: Record<string, unknown>, args: Record<string, unknown>): Promise<string> {
  const file = weather(base + url, params);
  if (!file.ok || file.skill.kind !== 'tool' || file.skill.executor.type !== 'http') throw new Error(problems(file).join('\n'));
  const parsed = parseArgs(
    { name: 'weather', description: 'd', params: file.skill.params, execute: (_api: unknown, a: Record<string, unknown>) => a },
    args,
  );
  if (!parsed.ok) throw new Error(parsed.error);
  const before = lines.length;
  const result = await runHttpExecutor(file.skill.executor, parsed.args);
  if (!result.ok) return `error: ${result.error}`;
  return lines.slice(before).join(' | ');
}

describe('URL templates: an optional query param without value leaves its pair out', () => {
  const params = { city: str({ required: true }), units: str({ default: 'metric' }), q: str() };
  it('/weather/{city}?units={units}&q={q} runs without q, and with it', async () => {
    expect(await run('/weather/{city}?units={units}&q={q}', params, { city: 'São Paulo' })).toBe(
      'GET /weather/S%C3%A3o%20Paulo?units=metric',
    );
    expect(await run('/weather/{city}?units={units}&q={q}', params, { city: 'Oslo', q: 'a&b=c' })).toBe(
      'GET /weather/Oslo?units=metric&q=a%26b%3Dc',
    );
    expect(await run('/weather/{city}?q={q}&units={units}', params, { city: 'Oslo' })).toBe('GET /weather/Oslo?units=metric');
    expect(await run('/weather/{city}?q={q}', params, { city: 'Oslo', q: '' })).toBe('GET /weather/Oslo?q=&units=metric');
  });

  it('RFC 6570 forms: {?a,b}, {&a}, {/a}, {.a}, {;a}, {a*}, {a:N}, {a,b}', async () => {
    const p = {
      city: str({ required: true }),
      units: str(),
      q: str(),
      tags: { type: 'string[]', description: 'Tags.' },
      ext: str(),
      v: str({ default: '1' }),
    };
    expect(await run('/w{/city}{.ext}{?units,q}', p, { city: 'Oslo', q: 'x y' })).toBe('GET /w/Oslo?q=x%20y&v=1');
    expect(await run('/w/{city}{;v}?fixed=1{&tags*}', p, { city: 'Oslo', v: '2', tags: ['a', 'b/c'] })).toBe(
      'GET /w/Oslo;v=2?fixed=1&tags=a&tags=b%2Fc',
    );
    expect(await run('/w/{city:3}/{city,v}', p, { city: 'Oslo', v: '2' })).toBe('GET /w/Osl/Oslo,2');
    expect(await run('/w/{city}?t={tags}', p, { city: 'Oslo', tags: ['a', 'b'] })).toBe('GET /w/Oslo?t=a,b&v=1');
  });

  it('values never change the path, the query or the host', async () => {
    const p = { city: str({ required: true }), q: str() };
    expect(await run('/w/{city}?q={q}', p, { city: '../admin?x#y', q: '1&admin=true' })).toBe(
      'GET /w/..%2Fadmin%3Fx%23y?q=1%26admin%3Dtrue',
    );
    expect(await run('/w/{city}', p, { city: '..' })).toBe(
      'error: value ".." for {city} is a dot segment and is refused: it would change the path',
    );
    expect(await run('/w{/city}', p, { city: '.' })).toBe(
      'error: value "." for {city} is a dot segment and is refused: it would change the path',
    );
    expect(await run('/w/x{.city}', p, { city: '@evil.example' })).toBe('GET /w/x.%40evil.example');
  });
});

describe('URL templates: refused at install with the reason', () => {
  it('a plain path placeholder must be required or have a default', () => {
    expect(problems(weather('http://h.example/weather/{city}', { city: str() }))).toEqual([
      '$.executor.url: path placeholder {city} needs a value on every call: make "city" required or give it a default (or write {/city} for an optional path segment)',
    ]);
    expect(problems(weather('http://h.example/weather/{city}', { city: str({ default: 'Oslo' }) }))).toEqual([]);
    expect(problems(weather('http://h.example/weather{/city}', { city: str() }))).toEqual([]);
  });

  it('forms that leave / ? # unencoded, misplaced operators, and text that is no placeholder', () => {
    const p = { a: str({ required: true }), b: str() };
    expect(problems(weather('http://h.example/{+a}', p))).toEqual([
      '$.executor.url: {+a} is refused: RFC 6570 reserved expansion leaves "/", "?" and "#" in a value unencoded, so a value could change the path or query; use {a}',
    ]);
    expect(problems(weather('http://h.example/x{#a}', p))).toEqual([
      '$.executor.url: {#a} is refused: RFC 6570 fragment expansion leaves "/", "?" and "#" in a value unencoded, so a value could change the path or query; use {a}',
    ]);
    expect(problems(weather('http://h.example/x?y=1{?b}', p))).toEqual([
      '$.executor.url: {?b} starts a query, but the query began before it; use {&b}',
    ]);
    expect(problems(weather('http://h.example/x{&b}', p))).toEqual([
      '$.executor.url: {&b} continues a query, but no query began before it; use {?b}',
    ]);
    expect(problems(weather('http://h.example/x?y={/b}', p))).toEqual([
      '$.executor.url: {/b} is a path expression but sits in the query string',
    ]);
    expect(problems(weather('http://h.example/{a-b}', p))).toEqual([
      '$.executor.url: {a-b} is not a placeholder: write {name}, {/name}, {.name}, {;name}, {?a,b}, {&a} (a name is letters, digits and _, optionally with * or :N)',
    ]);
    expect(problems(weather('http://h.example/{a}}', p))).toEqual([
      '$.executor.url: a "{" or "}" in "/{a}}" is not a placeholder; placeholders look like {param_name}',
    ]);
    expect(problems(weather('http://h.example/{a}#top', p))).toEqual([
      '$.executor.url: a #fragment is not allowed in the URL (it is never sent)',
    ]);
  });

  it('the filled URL keeps the template origin whatever the values (fill checked directly)', () => {
    const t = parseUrlTemplate('https://api.example.com/u/{id}{?q}') as ParsedUrlTemplate;
    for (const id of ['//evil.example', '@evil.example', 'a\\b', '%2e%2e', 'ä']) {
      const r = fillUrlTemplate(t, { id, q: 'http://evil.example/' });
      expect('url' in r && new URL(r.url).origin).toBe('https://api.example.com');
    }
    expect(fillUrlTemplate(t, { id: '\uD800' })).toEqual({
      error: 'a value for {id} is not valid Unicode text (a lone surrogate, or a character cut by :N)',
    });
  });
});
