/** Tests that `serve` names itself in `serverInfo` from the module's package, or `--name` and `--server-version`. */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { tempPackage } from '../temp-package.js';

const root = new URL('../..', import.meta.url).pathname;
const bin = join(root, 'bin/agent-tools.js');
const ownVersion = (JSON.parse((await import('node:fs')).readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;

function toolbox(pkg: Record<string, unknown>): string {
  const dir = tempPackage('serve-identity-');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', ...pkg }));
  writeFileSync(
    join(dir, 'tools.ts'),
    `import { createRegistry, defineTool } from 'agent-tools';
const ping = defineTool({ name: 'ping', description: 'Reply with pong to check the server', params: {}, execute: () => 'pong' });
export const registry = createRegistry({ core: [ping] });
`,
  );
  return dir;
}

/** serverInfo as a real MCP client (SDK v2) reads it from the initialize result. */
async function serverInfo(dir: string, flags: string[]): Promise<{ name: string; version: string } | undefined> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'serve', 'tools.ts', ...flags],
    cwd: dir,
    stderr: 'pipe',
    env: { ...process.env, NO_COLOR: '1' } as Record<string, string>,
  });
  const client = new Client({ name: 'serve-identity-test', version: '1.0.0' });
  await client.connect(transport);
  const info = client.getServerVersion();
  await client.close();
  return info && { name: info.name, version: info.version };
}

describe('serve names itself in serverInfo', { timeout: 90_000 }, () => {
  it("defaults to the tools module's package name and version", async () => {
    expect(await serverInfo(toolbox({ name: 'weather-tools', version: '2.3.4' }), [])).toEqual({ name: 'weather-tools', version: '2.3.4' });
  });

  it('--name and --server-version win over the package', async () => {
    const dir = toolbox({ name: 'weather-tools', version: '2.3.4' });
    expect(await serverInfo(dir, ['--name', 'acme-weather', '--server-version', '9.0.0'])).toEqual({
      name: 'acme-weather',
      version: '9.0.0',
    });
  });

  it('falls back to agent-tools and its own version when the package has no name', async () => {
    expect(await serverInfo(toolbox({}), [])).toEqual({ name: 'agent-tools', version: ownVersion });
  });
});
