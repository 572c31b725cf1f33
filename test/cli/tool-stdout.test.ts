import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
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
const noisy = defineTool({ name: 'noisy_tool', description: 'Write junk to stdout, then reply with ok', params: {}, execute: () => { process.stdout.write('junk\\n'); return { ok: true }; } });
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
