/** Tests of Try it with MCP skills: their servers started for their tools, and ended when switched off or closed. */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alive } from '../processes.js';
import type { RunningConsole } from '../../src/console/server.js';
import { api, bin, cli, consoleOnExamples, root } from './helpers.js';

const until = async (what: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!what() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return what();
};

let c: RunningConsole;
let store: string;
beforeAll(async () => {
  ({ console: c, store } = await consoleOnExamples());
  const dir = join(store, '..');
  const pinger = {
    kind: 'mcp',
    name: 'pinger',
    description: 'ping over MCP',
    server: { command: process.execPath, args: [bin, 'serve', join(root, 'fixtures/skills/mcp/crashy-tools.ts'), '--no-skills'] },
    tools: ['ping'],
  };
  const ghost = { kind: 'mcp', name: 'ghost', description: 'a server that is not there', server: { command: join(dir, 'no-such-server') } };
  writeFileSync(join(dir, 'pinger.json'), JSON.stringify(pinger));
  writeFileSync(join(dir, 'ghost.json'), JSON.stringify(ghost));
  expect(cli('skill', 'install', join(dir, 'pinger.json'), join(dir, 'ghost.json'), '--store', store).code).toBe(0);
});
afterAll(() => c.close());

describe('Try it with MCP skills', { timeout: 90_000 }, () => {
  let pid = 0;
  it("lists an MCP skill's tools (its server started), says why another is missing, and runs a tool on the server", async () => {
    const { json } = await api(c).get('/api/tools');
    const ping = json.tools.find((t: any) => t.id === 'skill:pinger:pinger__ping');
    expect(ping).toMatchObject({
      name: 'pinger__ping',
      from: 'skill pinger (MCP)',
      enabled: true,
      description: 'Answers with the server process id and the text it got.',
    });
    expect(ping.inputSchema.properties.text).toMatchObject({ type: 'string', description: 'Any text', default: 'hi' });
    expect(ping.sandbox[0]).toBe(
      `Runs on the skill's MCP server (${process.execPath} ${bin} serve ${join(root, 'fixtures/skills/mcp/crashy-tools.ts')} --no-skills); the console only forwards the validated arguments with tools/call.`,
    );
    expect(json.problems).toEqual([{ name: 'ghost', message: expect.stringMatching(/^its MCP server could not be started: .*ENOENT/) }]);
    const r = await api(c).post('/api/tools/run', { id: 'skill:pinger:pinger__ping', args: { text: 'yo' } });
    expect(r.json).toMatchObject({ isError: false, value: { text: 'yo' } });
    pid = r.json.value.pid;
    expect(pid).not.toBe(process.pid);
    expect(alive(pid)).toBe(true);
    // The connection is kept: the same server answers the next call.
    expect((await api(c).post('/api/tools/run', { id: 'skill:pinger:pinger__ping', args: {} })).json.value).toEqual({ pid, text: 'hi' });
    const bad = await api(c).post('/api/tools/run', { id: 'skill:pinger:pinger__ping', args: { text: ['a'] } });
    expect(bad.json.issues).toEqual([{ path: 'text', message: 'expected string, received an array (["a"])' }]);
  });

  it('switching the skill off ends its server and lists why its tools are gone; closing the console ends the new one', async () => {
    expect(cli('skill', 'disable', 'pinger', '--store', store).code).toBe(0);
    const { json } = await api(c).get('/api/tools');
    expect(json.tools.some((t: any) => t.id.startsWith('skill:pinger:'))).toBe(false);
    expect(json.problems).toContainEqual({
      name: 'pinger',
      message: 'MCP skill switched off: switch it on to start its server and try its tools',
    });
    expect(await until(() => !alive(pid))).toBe(true);
    expect(cli('skill', 'enable', 'pinger', '--store', store).code).toBe(0);
    const again = (await api(c).post('/api/tools/run', { id: 'skill:pinger:pinger__ping', args: {} })).json.value.pid as number;
    expect(again).not.toBe(pid);
    await c.close();
    expect(await until(() => !alive(again))).toBe(true);
  });
});
