/** Tests that Ctrl-C, SIGTERM and a client's cancel end a script skill's process group and remove its temp folder. */

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { alive, until } from '../processes.js';
import { newClient } from '../adapters/mcp-child.js';

// Ctrl-C on `skill run`, SIGTERM to `serve` and an official client cancelling a call over
// `serve --http` left a script skill's processes running and its temp folder behind. Each now
// ends the script's process group and removes its temp folder: the script (unsandboxed here, so
// its temp folder is on this machine) writes its pid and folder, and the test checks both are gone.

const root = new URL('../..', import.meta.url).pathname;
const bin = `${root}bin/agent-tools.js`;
// AGENT_TOOLS_BWRAP='' stands for a machine without bubblewrap: with --unsandboxed the script runs
// on the host, in a temp folder of its own there
const env = { ...process.env, NO_COLOR: '1', AGENT_TOOLS_BWRAP: '' } as Record<string, string>;

/** A store with one script skill, `sleeper`, that writes "<pid> <temp folder>" to the returned file and sleeps. */
function sleeperStore(): { store: string; info: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'script-signals-'));
  const info = join(dir, 'info');
  const skill = {
    kind: 'tool',
    name: 'sleeper',
    description: 'Writes its pid and folder, then sleeps',
    params: {},
    executor: { type: 'script', runtime: 'bash', code: `echo "$$ $PWD" > ${info}.tmp && mv ${info}.tmp ${info}; sleep 60 & wait` },
  };
  writeFileSync(join(dir, 'sleeper.json'), JSON.stringify(skill));
  const store = join(dir, 'skills.db');
  const r = spawnSync(process.execPath, [bin, 'skill', 'install', '--store', store, join(dir, 'sleeper.json')], { encoding: 'utf8', env });
  expect(r.status).toBe(0);
  return { store, info, dir };
}
async function running(info: string): Promise<{ pid: number; folder: string }> {
  await until('the script to start', () => existsSync(info));
  const [pid, folder] = readFileSync(info, 'utf8').trim().split(' ');
  expect(alive(Number(pid))).toBe(true);
  expect(existsSync(folder!)).toBe(true);
  return { pid: Number(pid), folder: folder! };
}
async function gone(run: { pid: number; folder: string }): Promise<void> {
  await until('the script process to end', () => !alive(run.pid));
  await until('the temp folder to be removed', () => !existsSync(run.folder));
}

describe('signals and aborts reach script skills', { timeout: 120_000 }, () => {
  it('Ctrl-C (SIGINT) on skill run: the script group killed, its temp folder removed, exit 130', async () => {
    const { store, info } = sleeperStore();
    const child = spawn(process.execPath, [bin, 'skill', 'run', 'sleeper', '--store', store, '--unsandboxed', '--yes'], { env });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const run = await running(info);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    await gone(run);
  });

  it('SIGTERM to serve over stdio, during a call from an official client: the script group killed, its temp folder removed', async () => {
    const { store, info, dir } = sleeperStore();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'serve', `${root}fixtures/adapters/font-tools.ts`, '--store', store, '--unsandboxed', '--approve', 'sleeper'],
      cwd: dir,
      env,
      stderr: 'pipe',
    });
    const client = newClient('2025-11-25');
    await client.connect(transport);
    const call = client.callTool({ name: 'sleeper', arguments: {} }).catch((e: Error) => e);
    const run = await running(info);
    process.kill(transport.pid!, 'SIGTERM');
    await gone(run);
    expect(await call).toBeInstanceOf(Error); // the server went away mid-call
    await client.close();
  });

  it('an official client cancelling the call over serve --http: the script group killed and its temp folder removed', async () => {
    const { store, info, dir } = sleeperStore();
    const child = spawn(
      process.execPath,
      [
        bin,
        'serve',
        `${root}fixtures/adapters/font-tools.ts`,
        '--store',
        store,
        '--unsandboxed',
        '--approve',
        'sleeper',
        '--http',
        '0',
        '--no-auth',
      ],
      { cwd: dir, env },
    );
    try {
      let err = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr.on('data', (c: Buffer) => {
          err += c.toString();
          const m = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
          if (m) resolve(m[1]!);
        });
        child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
      });
      for (const revision of ['2025-11-25', '2026-07-28'] as const) {
        const client = newClient(revision);
        await client.connect(new StreamableHTTPClientTransport(new URL(url)));
        const ac = new AbortController();
        const call = client.callTool({ name: 'sleeper', arguments: {} }, { signal: ac.signal }).catch((e: Error) => e);
        const run = await running(info);
        ac.abort();
        expect(await call).toBeInstanceOf(Error);
        await gone(run);
        spawnSync('rm', ['-f', info]);
        // the server is still there for the next call
        expect((await client.listTools()).tools.map((t) => t.name)).toContain('sleeper');
        await client.close();
      }
    } finally {
      child.kill();
    }
  });
});
