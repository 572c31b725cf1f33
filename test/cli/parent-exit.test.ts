// serve --http, console and validate --watch stop when the process that started them exits without passing on SIGTERM.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { alive, until } from '../processes.js';

// npx (npm 11) starts the binary through `sh -c` and passes SIGTERM only to that shell, which dies
// without passing it on: the server was left running, holding its port. Here a parent process
// starts the CLI and is stopped by SIGTERM (Node's default: it exits and passes nothing on); the
// CLI must notice and stop as SIGTERM stops it, closing its port.

const root = new URL('../..', import.meta.url).pathname;
const bin = `${root}bin/agent-tools.js`;
const tools = `${root}fixtures/adapters/font-tools.ts`;
const env = { ...process.env, NO_COLOR: '1' } as Record<string, string>;
const left: number[] = [];

const refused = async (url: string) => {
  try {
    await fetch(url);
    return false;
  } catch (err) {
    return /ECONNREFUSED/.test(String((err as { cause?: unknown }).cause));
  }
};

/**
 * Starts a parent Node process that spawns `agent-tools <args>` (stdout and stderr shared) and
 * prints `cli <pid>`; resolves, once the CLI printed `ready`, with the parent, the CLI's pid and the first http URL it printed.
 */
async function parentOf(args: string[], cwd: string, underNpm = true, ready = /http:\/\/127\.0\.0\.1:\d+/) {
  const code = `const c = require('node:child_process').spawn(process.execPath, ${JSON.stringify([bin, ...args])}, { stdio: 'inherit' });
process.stdout.write('cli ' + c.pid + '\\n'); setInterval(() => {}, 1000);`;
  // npx and npm run set npm_lifecycle_event for what they start; the watch is only for them
  // (this test itself may run under npm test or npx vitest, which set it too)
  const { npm_lifecycle_event: _, ...outsideNpm } = env;
  const parentEnv = underNpm ? { ...env, npm_lifecycle_event: 'npx' } : outsideNpm;
  const parent = spawn(process.execPath, ['-e', code], { cwd, env: parentEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  parent.stdout.on('data', (c: Buffer) => (out += c.toString()));
  parent.stderr.on('data', (c: Buffer) => (out += c.toString()));
  await until('the CLI to be ready', () => /cli \d+/.test(out) && ready.test(out), 60_000);
  const cli = Number(/cli (\d+)/.exec(out)![1]);
  left.push(cli);
  return { parent, cli, url: /http:\/\/127\.0\.0\.1:\d+\/\S*/.exec(out)?.[0] ?? '', output: () => out };
}

afterEach(() => {
  for (const pid of left.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

describe('a long-running command whose parent exits stops', { timeout: 120_000 }, () => {
  it('serve --http: the parent is stopped by SIGTERM, the server stops and its port closes', async () => {
    const { parent, cli, url, output } = await parentOf(
      ['serve', '--http', '0', tools, '--no-skills'],
      mkdtempSync(join(tmpdir(), 'parent-exit-')),
    );
    expect(alive(cli)).toBe(true);
    parent.kill('SIGTERM');
    await until('the server to stop', () => !alive(cli));
    expect(await refused(url)).toBe(true);
    expect(output()).toMatch(/agent-tools: the process that started this one \(pid \d+\) has exited: stopping/);
  });

  it('serve --http started outside npm (nohup, a supervisor) outlives its parent', async () => {
    const { parent, cli, url } = await parentOf(
      ['serve', '--http', '0', tools, '--no-skills'],
      mkdtempSync(join(tmpdir(), 'parent-exit-')),
      false,
    );
    parent.kill('SIGTERM');
    await until('the parent to exit', () => !alive(parent.pid!));
    // two parent checks' time: the server is still there and still answers
    await new Promise((r) => setTimeout(r, 2500));
    expect(alive(cli)).toBe(true);
    expect(await refused(url)).toBe(false);
  });

  it('console: the parent is stopped by SIGTERM, the console stops and its port closes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parent-exit-'));
    const { parent, cli, url, output } = await parentOf(['console', '--store', join(dir, 'skills.db'), '--port', '0'], dir);
    parent.kill('SIGTERM');
    await until('the console to stop', () => !alive(cli));
    expect(await refused(url)).toBe(true);
    expect(output()).toMatch(/agent-tools: console stopped/);
  });

  it('validate --watch: the parent is stopped by SIGTERM, the watcher stops', async () => {
    const { parent, cli, output } = await parentOf(
      ['validate', '--watch', tools],
      mkdtempSync(join(tmpdir(), 'parent-exit-')),
      true,
      /watching .*\(Ctrl-C to stop\)/,
    );
    expect(alive(cli)).toBe(true);
    parent.kill('SIGTERM');
    await until('the watcher to stop', () => !alive(cli));
    expect(output()).toMatch(/agent-tools: the process that started this one \(pid \d+\) has exited: stopping/);
  });
});
