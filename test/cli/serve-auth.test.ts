/** Tests of `serve --http`'s bearer token: made per launch, from a file or the environment, refused when short, `--no-auth`. */

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { bin, newClient, REVISIONS, root } from '../adapters/mcp-child.js';

// serve --http asks every caller for "Authorization: Bearer <token>": from --token-file, from
// AGENT_TOOLS_SERVE_TOKEN, else a token made for this launch and printed on stderr; 401 with a
// WWW-Authenticate challenge otherwise. --no-auth is the explicit opt-out, with a warning.
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill();
});

/** The environment without a token of the machine running the tests. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...extra };
  if (!('AGENT_TOOLS_SERVE_TOKEN' in extra)) delete env.AGENT_TOOLS_SERVE_TOKEN;
  return env;
}

/** `serve fixtures/adapters/font-tools.ts --http 0 ...extra`; resolves once both stderr lines are out. */
async function serve(extra: string[], env = cleanEnv()): Promise<{ url: string; stderr: string }> {
  const child = spawn(process.execPath, [bin, 'serve', 'fixtures/adapters/font-tools.ts', '--http', '0', ...extra], { cwd: root, env });
  children.push(child);
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)\n.*(callers must send|--no-auth).*\n/.exec(err);
      if (m) resolve({ url: m[1]!, stderr: err });
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
}

const LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
const CALL = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_fonts', arguments: {} } });

async function post(url: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body,
  });
}

/** The tool names an official client (SDK v2, `revision`) lists over HTTP with `headers`. */
async function listed(url: string, revision: (typeof REVISIONS)[number], headers: Record<string, string>): Promise<string[]> {
  const client = newClient(revision);
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  try {
    return (await client.listTools()).tools.map((t) => t.name).sort();
  } finally {
    await client.close();
  }
}

describe('serve --http: bearer token', { timeout: 90_000 }, () => {
  it('makes a token per launch, prints it with the URL, and answers 401 with a challenge to anyone without it', async () => {
    const { url, stderr } = await serve([]);
    const token = /"Authorization: Bearer ([A-Za-z0-9_-]{43})"/.exec(stderr)?.[1];
    expect(token, stderr).toBeDefined();
    for (const [headers, error] of [
      [{}, 'Missing Authorization header'],
      [{ authorization: 'Bearer not-the-token' }, 'the bearer token is not the one this server asks for'],
      [{ authorization: `Basic ${token}` }, "Invalid Authorization header format, expected 'Bearer TOKEN'"],
    ] as const) {
      for (const body of [LIST, CALL]) {
        const res = await post(url, body, headers);
        expect(res.status).toBe(401);
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
        expect(await res.json()).toEqual({ error: 'invalid_token', error_description: error });
      }
    }
    const get = await fetch(url, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(401);
    // a second launch has another token
    const second = await serve([]);
    expect(second.stderr).not.toContain(token);
    // the official client with the token, both revisions
    for (const revision of REVISIONS) {
      expect(await listed(url, revision, { authorization: `Bearer ${token}` })).toHaveLength(5);
      await expect(listed(url, revision, { authorization: 'Bearer wrong-token-0123456789' })).rejects.toThrow(
        /invalid_token|requires authorization \(HTTP 401\)/,
      );
    }
  });

  it('takes the token from --token-file or AGENT_TOOLS_SERVE_TOKEN, and never prints it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'serve-auth-'));
    const file = join(dir, 'token');
    const fromFile = 'file-token-0123456789abcdef';
    writeFileSync(file, `${fromFile}\n`);
    const fromEnv = 'env-token-0123456789abcdef';
    const a = await serve(['--token-file', file], cleanEnv({ AGENT_TOOLS_SERVE_TOKEN: fromEnv }));
    expect(a.stderr).toContain('with the token of --token-file');
    expect(a.stderr).not.toContain(fromFile);
    expect((await post(a.url, LIST, { authorization: `Bearer ${fromFile}` })).status).toBe(200);
    expect((await post(a.url, LIST, { authorization: `Bearer ${fromEnv}` })).status).toBe(401);
    const b = await serve([], cleanEnv({ AGENT_TOOLS_SERVE_TOKEN: fromEnv }));
    expect(b.stderr).toContain('with the token of AGENT_TOOLS_SERVE_TOKEN');
    expect(b.stderr).not.toContain(fromEnv);
    expect(await listed(b.url, '2025-11-25', { authorization: `Bearer ${fromEnv}` })).toHaveLength(5);
  });

  it('refuses a short or unreadable token, and --no-auth with --token-file or without --http, exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'serve-auth-'));
    writeFileSync(join(dir, 'short'), 'abc\n');
    const run = (args: string[], env = cleanEnv()) =>
      spawnSync(process.execPath, [bin, 'serve', 'fixtures/adapters/font-tools.ts', ...args], {
        cwd: root,
        env,
        encoding: 'utf8',
        input: '',
      });
    const short = run(['--http', '0', '--token-file', join(dir, 'short')]);
    expect(short.status).toBe(2);
    expect(short.stderr).toContain(`--token-file ${join(dir, 'short')}: the token has 3 characters; use at least 16`);
    const shortEnv = run(['--http', '0'], cleanEnv({ AGENT_TOOLS_SERVE_TOKEN: 'short' }));
    expect(shortEnv.status).toBe(2);
    expect(shortEnv.stderr).toContain('AGENT_TOOLS_SERVE_TOKEN: the token has 5 characters');
    const missing = run(['--http', '0', '--token-file', join(dir, 'nope')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain(`--token-file ${join(dir, 'nope')}: cannot read it`);
    const both = run(['--http', '0', '--no-auth', '--token-file', join(dir, 'short')]);
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('--no-auth and --token-file contradict each other');
    const stdio = run(['--no-auth']);
    expect(stdio.status).toBe(2);
    expect(stdio.stderr).toContain('--no-auth applies only with --http');
  });

  it('--no-auth serves without a token, and warns', async () => {
    const { url, stderr } = await serve(['--no-auth']);
    expect(stderr).toMatch(/warning: --no-auth: any local user or process that reaches 127\.0\.0\.1:\d+ can call every tool served/);
    expect(await listed(url, '2026-07-28', {})).toHaveLength(5);
  });
});
