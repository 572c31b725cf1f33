/** Tests that a skill installed into a running serve's store with the name of a module tool leaves the server working and says so. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const bin = `${root}bin/agent-tools.js`;
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

/** `agent-tools skill ...` in its own process, as a user would type it while the server runs. */
function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, 'skill', ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  expect([r.status, r.stderr]).toEqual([0, '']);
  return r.stdout;
}

/** Waits until `done()` holds, checking every 50 ms, for at most `ms`. */
async function until(done: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
}

const module = `${root}fixtures/skills/mcp/crashy-tools.ts`;

/** A temp folder with a script skill file whose tool is named `ping`, as the module's tool is; its store path and the file. */
function clashingSkill(prefix: string): { dir: string; store: string; ping: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const ping = join(dir, 'ping.json');
  const executor = { type: 'script', runtime: 'bash', code: 'echo pong' };
  writeFileSync(ping, JSON.stringify({ kind: 'tool', name: 'ping', description: 'Says pong', params: {}, executor }));
  return { dir, store: join(dir, 'skills.db'), ping };
}

/** `serve <module> --store <store>` over stdio with the real MCP client; `stderr()` is what the server wrote there so far. */
async function serve(dir: string, store: string): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'serve', module, '--store', store],
    cwd: dir,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const client = new Client({ name: 'clash-test', version: '1.0.0' });
  await client.connect(transport);
  cleanup.push(() => client.close());
  return { client, stderr: () => stderr };
}

describe('serve with a store: a skill tool named like a module tool', { timeout: 90_000 }, () => {
  it('installed while it runs, is left out with one line on stderr; the module’s tool keeps answering', async () => {
    const { dir, store, ping } = clashingSkill('serve-clash-');
    cli('install', '--store', store, `${root}fixtures/skills/word-count.json`);
    const { client, stderr } = await serve(dir, store);
    const names = async () => (await client.listTools()).tools.map((t) => t.name);
    expect(await names()).toEqual(['ping', 'crash', 'word_count']);

    cli('install', '--store', store, ping);
    await until(() => stderr().includes('skill "ping"'));
    const line =
      `agent-tools: skill "ping": its tool "ping" is not served: the module has a tool of that name (${module}:5:3), and the module's ` +
      `tools come first; rename the skill (the "name" of its file) and install it again, or disable it: ` +
      `npx agent-tools skill disable ping --store ${store}\n`;
    expect(stderr()).toContain(line);
    expect(await names()).toEqual(['ping', 'crash', 'word_count']);
    const called = await client.callTool({ name: 'ping', arguments: { text: 'still the module' } });
    expect(called.isError).toBeFalsy();
    expect(called.structuredContent).toMatchObject({ text: 'still the module' });
    expect(await names()).toEqual(['ping', 'crash', 'word_count']);
    // said once, not at every tools/list or tools/call
    expect(stderr().split(line).length - 1).toBe(1);
    expect(stderr()).not.toContain('Duplicate tool name');
  });

  it('already in the store when serve starts, is left out the same way: the server starts and serves the module', async () => {
    const { dir, store, ping } = clashingSkill('serve-clash-start-');
    cli('install', '--store', store, ping, `${root}fixtures/skills/word-count.json`);
    const { client, stderr } = await serve(dir, store);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['ping', 'crash', 'word_count']);
    expect(await client.callTool({ name: 'ping', arguments: { text: 'module' } })).toMatchObject({ structuredContent: { text: 'module' } });
    await until(() => stderr().includes('serving'));
    expect(stderr().match(/agent-tools: skill "ping": its tool "ping" is not served: /g)).toHaveLength(1);
  });
});
