/** Tests that skill switches reach HTTP clients of `serve`, on SQLite and on two replicas sharing PostgreSQL. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp, type Revision } from '../adapters/mcp-child.js';
import { startPostgres, type TestPostgres } from './postgres-server.js';

// A skill switched on or off in the store (by another process) reaches HTTP clients of serve
// within 2 s: 2026-07-28 clients on their subscriptions/listen stream, 2025 clients on their
// session's GET stream. With two serve processes on one PostgreSQL store behind a round-robin
// TCP proxy, the change reaches the clients subscribed on either.

const root = new URL('../..', import.meta.url).pathname;
const bin = `${root}bin/agent-tools.js`;
const fx = (p: string) => `${root}fixtures/skills/${p}`;
const BASE = ['set_font', 'describe_font', 'explode', 'find_node', 'list_nodes'];
const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

/** `agent-tools skill ...` in its own process, as a user would type it while the servers run. */
function skill(...args: string[]): void {
  const r = spawnSync(process.execPath, [bin, 'skill', ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
}

/** `serve --http 0 --store <store>` in a folder of its own; resolves with its URL and a stop function. */
async function serve(store: string): Promise<string> {
  const { spawn } = await import('node:child_process');
  const child = spawn(
    process.execPath,
    [bin, 'serve', `${root}fixtures/adapters/font-tools.ts`, '--store', store, '--http', '0', '--no-auth'],
    {
      cwd: mkdtempSync(join(tmpdir(), 'http-changes-')),
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
  cleanup.push(() => child.kill());
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

/** A client of `revision` on `url`, counting tools/list_changed; a 2026 client opens its listen stream. */
async function watcher(url: string, revision: Revision) {
  const client = await connectHttp(url, revision);
  cleanup.push(() => client.close());
  const waiters: (() => void)[] = [];
  client.setNotificationHandler('notifications/tools/list_changed', () => {
    for (const w of waiters.splice(0)) w();
  });
  if (revision === '2026-07-28') {
    const sub = await client.listen({ toolsListChanged: true });
    expect(sub.honoredFilter).toEqual({ toolsListChanged: true });
  }
  return { client, nextChange: () => within2s(new Promise<void>((resolve) => waiters.push(resolve)), revision) };
}

const within2s = (p: Promise<void>, what: string) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no tools/list_changed within 2 s (${what})`)), 2000)),
  ]);

const names = async (client: Client) => (await client.listTools()).tools.map((t) => t.name);

describe('list changes reach HTTP clients of serve', { timeout: 120_000 }, () => {
  it('SQLite store: a skill switched off and on in another process reaches a 2026 and a 2025 client within 2 s', async () => {
    const store = join(mkdtempSync(join(tmpdir(), 'http-changes-sqlite-')), 'skills.db');
    skill('install', '--store', store, fx('word-count.json'));
    const url = await serve(store);
    const modern = await watcher(url, '2026-07-28');
    const legacy = await watcher(url, '2025-11-25');
    expect(await names(modern.client)).toEqual([...BASE, 'word_count']);

    let changes = [modern.nextChange(), legacy.nextChange()];
    skill('disable', 'word_count', '--store', store);
    await Promise.all(changes);
    expect(await names(modern.client)).toEqual(BASE);
    expect(await names(legacy.client)).toEqual(BASE);

    changes = [modern.nextChange(), legacy.nextChange()];
    skill('enable', 'word_count', '--store', store);
    await Promise.all(changes);
    expect(await names(legacy.client)).toEqual([...BASE, 'word_count']);
  });

  describe('two serve --http replicas on one PostgreSQL store behind a round-robin TCP proxy', () => {
    let pg: TestPostgres;
    beforeAll(async () => {
      pg = await startPostgres();
      cleanup.push(() => pg.close());
    }, 120_000);

    it('a switch made in the store reaches the 2026 clients subscribed on either replica within 2 s', async () => {
      const store = await pg.createDatabase('replicas');
      skill('install', '--store', store, fx('word-count.json'), fx('weather.json'));
      const replicas = await Promise.all([serve(store), serve(store)]);
      const proxy = await roundRobin(replicas.map((u) => Number(new URL(u).port)));
      const url = `http://127.0.0.1:${proxy.port}/mcp`;
      // The proxy passes the clients' Host (127.0.0.1:<proxy port>) on: serve accepts any port of its loopback name.
      const clients = [];
      for (let i = 0; i < 4; i++) clients.push(await watcher(url, '2026-07-28'));
      // the four listen streams are open, and each replica holds at least one of them
      const streams = proxy.listening();
      expect(streams[0]! + streams[1]!).toBe(4);
      expect(Math.min(...streams)).toBeGreaterThanOrEqual(1);

      const changes = clients.map((c) => c.nextChange());
      skill('disable', 'get_weather', '--store', store);
      await Promise.all(changes);
      for (const c of clients) expect(await names(c.client)).toEqual([...BASE, 'word_count']);
    });
  });
});

/**
 * A round-robin TCP proxy: each new connection goes to the next of `ports` in turn, bytes are
 * piped both ways unchanged. `listening()` counts, per backend, the open connections that
 * carried a `subscriptions/listen` request (a listen stream holds its connection while open).
 */
async function roundRobin(ports: number[]) {
  let next = 0;
  const listens = ports.map(() => 0);
  const sockets = new Set<Socket>();
  const server = createServer((down) => {
    const i = next++ % ports.length;
    const up = createConnection(ports[i]!, '127.0.0.1');
    let listen = false;
    down.on('data', (chunk: Buffer) => {
      if (!listen && chunk.includes('"method":"subscriptions/listen"')) {
        listen = true;
        listens[i]! += 1;
      }
    });
    up.once('close', () => {
      if (listen) listens[i]! -= 1;
    });
    for (const s of [down, up]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    down.pipe(up).pipe(down);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanup.push(() => {
    for (const s of sockets) s.destroy();
    server.close();
  });
  return { port: (server.address() as { port: number }).port, listening: () => [...listens] };
}
