/** Tests that a tool writing to stdout cannot corrupt `serve`'s protocol stream or `call`'s result. */

import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { tempPackage } from '../temp-package.js';

const root = new URL('../..', import.meta.url).pathname;
const bin = join(root, 'bin/agent-tools.js');

/** A tools module whose tool writes to process.stdout itself (new-user trial s5, finding 3). */
function noisyModule(): string {
  const dir = tempPackage('tool-stdout-');
  writeFileSync(
    join(dir, 'noisy.ts'),
    `import { createRegistry, defineTool } from 'agent-tools';
const noisy = defineTool({ name: 'noisy_tool', mutates: false, description: 'Write junk to stdout, then reply with ok', params: {}, execute: () => { process.stdout.write('junk\\n'); return { ok: true }; } });
export const registry = createRegistry({ core: [noisy] });
`,
  );
  return dir;
}

describe('a tool that writes to process.stdout', { timeout: 90_000 }, () => {
  it('serve over stdio: the MCP client gets the tool result, and the junk is on the server’s stderr', async () => {
    const dir = noisyModule();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'serve', 'noisy.ts'],
      cwd: dir,
      stderr: 'pipe',
      env: { ...process.env, NO_COLOR: '1' } as Record<string, string>,
    });
    let stderr = '';
    transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const client = new Client({ name: 'tool-stdout-test', version: '1.0.0' });
    const errors: Error[] = [];
    client.onerror = (e) => errors.push(e);
    await client.connect(transport);
    const result = await client.callTool({ name: 'noisy_tool', arguments: {} });
    expect(result).toMatchObject({ structuredContent: { ok: true } });
    expect(result.isError).toBeFalsy();
    const ended = new Promise((resolve) => transport.stderr?.on('end', resolve));
    await client.close();
    await ended;
    // a junk line on stdout would reach the client's transport as a parse error
    expect(errors).toEqual([]);
    expect(stderr).toContain('junk\n');
  });

  it('call: stdout is the JSON result only, and the junk is on stderr', () => {
    const dir = noisyModule();
    const r = spawnSync(process.execPath, [bin, 'call', 'noisy.ts', 'noisy_tool'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ ok: true });
    expect(r.stderr).toContain('junk\n');
  });
});

/**
 * A tools module whose tool writes to file descriptor 1 past process.stdout: fs.writeSync(1)
 * (as pino does) and a child process started with stdio 'inherit'.
 */
function fd1Module(): string {
  const dir = tempPackage('tool-fd1-');
  writeFileSync(
    join(dir, 'fd1.ts'),
    `import { spawnSync } from 'node:child_process';
import { writeSync } from 'node:fs';
import { createRegistry, defineTool } from 'agent-tools';
const fd1 = defineTool({
  name: 'fd1_tool',
  mutates: false,
  description: 'Write to fd 1 directly and from a child, then reply with ok',
  params: {},
  execute: () => {
    writeSync(1, 'direct to fd 1\\n');
    spawnSync(process.execPath, ['-e', 'console.log("from an inherited child")'], { stdio: 'inherit' });
    return { ok: true };
  },
});
export const registry = createRegistry({ core: [fd1] });
`,
  );
  return dir;
}

// Node has no dup2: serve (stdio) and call run in a child whose fd 1 is stderr and whose fd 3 is
// the real stdout, so writes that bypass process.stdout can no longer reach the protocol.
describe('a tool that writes to file descriptor 1 past process.stdout', { timeout: 90_000 }, () => {
  it('serve over stdio: an official client gets the result with no parse error; both writes are on stderr', async () => {
    const dir = fd1Module();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'serve', 'fd1.ts'],
      cwd: dir,
      stderr: 'pipe',
      env: { ...process.env, NO_COLOR: '1' } as Record<string, string>,
    });
    let stderr = '';
    transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const client = new Client({ name: 'tool-fd1-test', version: '1.0.0' });
    const errors: Error[] = [];
    client.onerror = (e) => errors.push(e);
    await client.connect(transport);
    for (let i = 0; i < 2; i++) {
      const result = await client.callTool({ name: 'fd1_tool', arguments: {} });
      expect(result).toMatchObject({ structuredContent: { ok: true } });
    }
    const ended = new Promise((resolve) => transport.stderr?.on('end', resolve));
    await client.close();
    await ended;
    expect(errors).toEqual([]);
    expect(stderr.split('direct to fd 1\n').length).toBe(3);
    expect(stderr.split('from an inherited child\n').length).toBe(3);
  });

  it('call: stdout (a pipe, or a file) holds the JSON result only; both writes are on stderr', () => {
    const dir = fd1Module();
    const env = { ...process.env, NO_COLOR: '1' };
    const piped = spawnSync(process.execPath, [bin, 'call', 'fd1.ts', 'fd1_tool'], { cwd: dir, encoding: 'utf8', timeout: 60_000, env });
    expect([piped.status, JSON.parse(piped.stdout)]).toEqual([0, { ok: true }]);
    expect(piped.stderr).toContain('direct to fd 1\nfrom an inherited child\n');
    const file = join(dir, 'result.json');
    const fd = openSync(file, 'w');
    const toFile = spawnSync(process.execPath, [bin, 'call', 'fd1.ts', 'fd1_tool'], {
      cwd: dir,
      stdio: ['ignore', fd, 'pipe'],
      timeout: 60_000,
      env,
    });
    closeSync(fd);
    expect(toFile.status).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ ok: true });
    expect(toFile.stderr.toString()).toContain('direct to fd 1\nfrom an inherited child\n');
  });
});
