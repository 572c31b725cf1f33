/** Tests that serve with an MCP skill in the store exits on a busy --http port (2) and when stdin ends (0); a skill that fails says why. */

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempPackage } from '../temp-package.js';

const root = new URL('../..', import.meta.url).pathname;
const bin = join(root, 'bin/agent-tools.js');

/** Runs the built CLI in `dir`, stdin at its end; a run still going after 30 s is stopped (status null). */
const cli = (dir: string, ...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], {
    cwd: dir,
    input: '',
    encoding: 'utf8',
    timeout: 30_000,
    killSignal: 'SIGKILL',
    env: { ...process.env, NO_COLOR: '1' },
  });

const REGISTRY = `import { createRegistry, defineTool } from 'agent-tools';
const ping = defineTool({ name: 'ping', description: 'Reply with pong to check the server', params: {}, execute: () => 'pong' });
export const registry = createRegistry({ core: [ping] });
`;

/** An MCP skill whose server is this checkout serving the same module: a live child process with open pipes. */
const skill = (name: string, module: string) => ({
  kind: 'mcp',
  name,
  description: 'Ping tools from a local MCP server.',
  server: { command: process.execPath, args: [bin, 'serve', module, '--no-skills'] },
});

describe('serve with an MCP skill in the store', { timeout: 240_000 }, () => {
  const dir = tempPackage('serve-skill-shutdown-');
  let busy: Server;
  let port = 0;
  beforeAll(async () => {
    writeFileSync(join(dir, 'registry.ts'), REGISTRY);
    writeFileSync(join(dir, 'pings.json'), JSON.stringify(skill('pings', 'registry.ts')));
    writeFileSync(join(dir, 'broken.json'), JSON.stringify(skill('broken', 'nothere.ts')));
    writeFileSync(
      join(dir, 'greet.json'),
      JSON.stringify({ kind: 'prompt', name: 'greet', description: 'Greets the user.', triggers: ['hello'], content: 'Hi.' }),
    );
    for (const file of ['pings.json', 'broken.json', 'greet.json']) {
      const r = cli(dir, 'skill', 'install', file);
      expect(r.status, r.stderr).toBe(0);
    }
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    port = (busy.address() as { port: number }).port;
  });
  afterAll(() => busy?.close());

  it.each([
    ['enabled', 'enable'],
    ['disabled', 'disable'],
  ])('%s: --http on a busy port exits 2 naming it; stdio exits 0 when stdin ends', (_, verb) => {
    expect(cli(dir, 'skill', verb, 'pings').status).toBe(0);
    expect(cli(dir, 'skill', 'disable', 'broken').status).toBe(0);
    const http = cli(dir, 'serve', 'registry.ts', '--http', String(port));
    expect([http.status, http.stderr.split('\n').find((l) => l.includes('--http'))]).toEqual([
      2,
      `agent-tools: --http: cannot listen on 127.0.0.1:${port}: listen EADDRINUSE: address already in use 127.0.0.1:${port}`,
    ]);
    const stdio = cli(dir, 'serve', 'registry.ts');
    expect([stdio.status, stdio.stderr.split('\n').find((l) => l.includes('serving'))]).toEqual([
      0,
      `agent-tools: serving ${verb === 'enable' ? 2 : 1} tools from registry.ts (registry + skills of ${join(dir, '.agent-tools/skills.db')}, tier core) over stdio`.replace(
        'serving 1 tools',
        'serving 1 tool',
      ),
    ]);
  });

  it('--skills with its one enabled skill failing to start says so, not that every skill is disabled', () => {
    for (const name of ['pings', 'greet']) expect(cli(dir, 'skill', 'disable', name).status).toBe(0);
    expect(cli(dir, 'skill', 'enable', 'broken').status).toBe(0);
    const r = cli(dir, 'serve', 'registry.ts', '--skills');
    expect(r.status).toBe(0);
    // the server's own words say why it closed the connection
    expect(r.stderr.split('\n').filter((l) => l.includes('"broken"'))).toEqual([
      `agent-tools: skill "broken": MCP skill "broken" (server: ${process.execPath} ${bin} serve nothere.ts --no-skills): ` +
        "Connection closed (the server's stderr: agent-tools: tools module not found: nothere.ts)",
    ]);
    expect(r.stderr.split('\n').filter((l) => l.includes('--skills'))).toEqual([
      `agent-tools: serve --skills: no skills found in ${join(dir, '.agent-tools/skills.db')}: its one enabled skill could not start (see above)`,
    ]);
  });
});
