/** Tests that `serve --store postgres://` follows the shared store live, also across a lost connection. */

import { spawn } from 'node:child_process';
import { createConnection, createServer, type Socket } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from './postgres-server.js';

const root = new URL('../..', import.meta.url).pathname;
const bin = `${root}bin/agent-tools.js`;
const fx = (p: string) => `${root}fixtures/skills/${p}`;
const base = ['set_font', 'describe_font', 'explode', 'find_node', 'list_nodes'];
const cleanup: (() => unknown)[] = [];

let pg: TestPostgres;
beforeAll(async () => {
  pg = await startPostgres();
}, 120_000);
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
  pg?.close();
});

/** `agent-tools skill ...` from a third process. */
function cli(...args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'skill', ...args], { env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`skill ${args.join(' ')}: exit ${code}: ${stderr}`))));
  });
}

/** A real MCP client on `agent-tools serve --store <url>`, counting tools/list_changed. */
async function serve(url: string) {
  const client = new Client({ name: 'pg-live', version: '1.0.0' });
  let waiters: (() => void)[] = [];
  client.setNotificationHandler('notifications/tools/list_changed', () => {
    for (const w of waiters) w();
    waiters = [];
  });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'serve', `${root}fixtures/adapters/font-tools.ts`, '--store', url],
    cwd: mkdtempSync(join(tmpdir(), 'pg-serve-')),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  await client.connect(transport);
  cleanup.push(() => client.close());
  return {
    names: async () => (await client.listTools()).tools.map((t) => t.name),
    nextChange: () => new Promise<void>((resolve) => waiters.push(resolve)),
    stderr: () => stderr,
  };
}

/** A TCP relay to the server that the test can cut (dropping every connection, refusing new ones) and restore. */
async function relay(port: number) {
  let open = true;
  const sockets = new Set<Socket>();
  const server = createServer((down) => {
    if (!open) return void down.destroy();
    const up = createConnection(port, '127.0.0.1');
    for (const s of [down, up]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    down.pipe(up).pipe(down);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanup.push(() => server.close());
  return {
    port: (server.address() as { port: number }).port,
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      open = true;
    },
  };
}

const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!check()) throw new Error(`gave up waiting for ${what}`);
};

describe('serve --store postgres:// follows the shared store live', { timeout: 120_000 }, () => {
  it('two servers on one database both send list_changed and the new list when a third process disables a skill', async () => {
    const url = await pg.createDatabase('live_two');
    await cli('install', '--store', url, fx('word-count.json'), fx('tone.json'));
    const [a, b] = await Promise.all([serve(url), serve(url)]);
    expect(await a.names()).toEqual([...base, 'word_count']);
    expect(await b.names()).toEqual([...base, 'word_count']);

    let changes = [a.nextChange(), b.nextChange()];
    await cli('disable', 'word_count', '--store', url);
    await Promise.all(changes);
    expect(await a.names()).toEqual(base);
    expect(await b.names()).toEqual(base);

    changes = [a.nextChange(), b.nextChange()];
    await cli('install', '--store', url, fx('weather.json'));
    await Promise.all(changes);
    expect(await a.names()).toEqual([...base, 'get_weather']);
    expect(await b.names()).toEqual([...base, 'get_weather']);
    expect(a.stderr()).not.toMatch(/skill store|skill "/);
  });

  it('keeps serving the last known skills while the connection is lost, logs it, and resyncs on reconnect', async () => {
    const url = await pg.createDatabase('live_lost');
    await cli('install', '--store', url, fx('word-count.json'));
    const link = await relay(pg.port);
    const s = await serve(url.replace(`:${pg.port}/`, `:${link.port}/`));
    expect(await s.names()).toEqual([...base, 'word_count']);

    link.cut();
    await until(() => s.stderr().includes('connection lost'), 'the lost connection to be logged');
    expect(s.stderr()).toMatch(
      /^agent-tools: skill store postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/live_lost: connection lost \(.+\); serving the last known skills, retrying in \d+ ms$/m,
    );
    expect(await s.names()).toEqual([...base, 'word_count']);
    // A change the cut-off server cannot hear of: it must find it when it reconnects.
    const change = s.nextChange();
    await cli('disable', 'word_count', '--store', url);
    link.restore();
    await change;
    expect(await s.names()).toEqual(base);
    expect(s.stderr()).toContain('reconnected; syncing the skills');
    expect(s.stderr()).not.toContain(pg.password);
  });
});
