/** Tests that `serve --http` bounds GET streams per client with 429 and ends idle ones with the id to resume from. */

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectHttp } from '../adapters/mcp-child.js';

// GET /mcp event streams were never closed: 1 000 held open kept 1 000 sessions alive. serve
// --http bounds the open streams of each client and ends a stream that sent no event for the
// idle time; an official client then reconnects with Last-Event-ID and gets what was sent
// meanwhile. The bounds come from AGENT_TOOLS_SERVE_MAX_STREAMS and
// AGENT_TOOLS_SERVE_STREAM_IDLE_MS (64 and 300 000 ms by default), small here.

const root = new URL('../..', import.meta.url).pathname;
const bin = `${root}bin/agent-tools.js`;
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill()));

async function serve(store: string, env: Record<string, string>): Promise<string> {
  const child = spawn(
    process.execPath,
    [bin, 'serve', `${root}fixtures/adapters/font-tools.ts`, '--store', store, '--http', '0', '--no-auth'],
    {
      cwd: mkdtempSync(join(tmpdir(), 'serve-streams-')),
      env: { ...process.env, NO_COLOR: '1', ...env },
    },
  );
  children.push(child);
  let err = '';
  return new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
}

const V = '2025-11-25';
/** A raw 2025 session: its id after initialize and notifications/initialized. */
async function session(url: string): Promise<string> {
  const post = (body: unknown, sid?: string) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(sid ? { 'mcp-session-id': sid, 'mcp-protocol-version': V } : {}),
      },
      body: JSON.stringify(body),
    });
  const init = await post({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: V, capabilities: {}, clientInfo: { name: 'streams', version: '1' } },
  });
  await init.text();
  const sid = init.headers.get('mcp-session-id')!;
  await (await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, sid)).text();
  return sid;
}
const openGet = (url: string, sid: string) =>
  fetch(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': sid, 'mcp-protocol-version': V } });

/** Everything a stream sends until it ends. */
async function readToEnd(res: Response): Promise<string> {
  let text = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body!) text += decoder.decode(chunk as Uint8Array);
  return text;
}

function skill(...args: string[]): void {
  const r = spawnSync(process.execPath, [bin, 'skill', ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  expect([r.status, r.stderr]).toEqual([0, '']);
}

describe('serve --http: GET streams bounded per client and ended when idle', { timeout: 90_000 }, () => {
  it('refuses a client a stream past the bound with 429, and ends idle streams with the id to resume from', async () => {
    const store = join(mkdtempSync(join(tmpdir(), 'serve-streams-db-')), 'skills.db');
    const url = await serve(store, { AGENT_TOOLS_SERVE_MAX_STREAMS: '2', AGENT_TOOLS_SERVE_STREAM_IDLE_MS: '1500' });
    const sids = [await session(url), await session(url), await session(url)];
    const first = await openGet(url, sids[0]!);
    const second = await openGet(url, sids[1]!);
    const third = await openGet(url, sids[2]!);
    expect([first.status, second.status, third.status]).toEqual([200, 200, 429]);
    expect(await third.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message: 'Too many open GET streams: this client holds 2, the most allowed; close one (or end its session with DELETE) first',
      },
    });
    // no event for 1.5 s: each stream ends, its last event the id a client resumes from
    const ends = await Promise.all([readToEnd(first), readToEnd(second)]);
    expect(ends).toEqual(['id: _GET_stream:0\ndata: \n\n', 'id: _GET_stream:0\ndata: \n\n']);
    // the bound counts open streams: now the third session gets one
    const again = await openGet(url, sids[2]!);
    expect(again.status).toBe(200);
    await again.body!.cancel();
  });

  it('an official client whose stream was ended when idle reconnects and still gets tools/list_changed', async () => {
    const store = join(mkdtempSync(join(tmpdir(), 'serve-streams-db-')), 'skills.db');
    skill('install', '--store', store, `${root}fixtures/skills/word-count.json`);
    const url = await serve(store, { AGENT_TOOLS_SERVE_STREAM_IDLE_MS: '300' });
    const client = await connectHttp(url, '2025-11-25');
    const errors: string[] = [];
    client.onerror = (e) => errors.push(e.message);
    let changed = 0;
    client.setNotificationHandler('notifications/tools/list_changed', () => void (changed += 1));
    try {
      // the stream is ended every 0.3 s; the client reconnects after its retry delay (1 s):
      // a change made in a gap arrives on the next stream, replayed from the id it resumes from
      for (const [i, verb] of [
        [1, 'disable'],
        [2, 'enable'],
      ] as const) {
        await new Promise((r) => setTimeout(r, 1_100));
        skill(verb, 'word_count', '--store', store);
        for (const until = Date.now() + 10_000; changed < i && Date.now() < until;) await new Promise((r) => setTimeout(r, 50));
        expect(changed).toBe(i);
      }
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('word_count');
      expect(errors).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
