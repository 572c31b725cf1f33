// The console's MCP connections check the server's tools against the ones accepted in the store.
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startConsole, type RunningConsole } from '../../src/console/server.js';
import { DRIFT_V2, POISONED, stdioServer, toolsFile } from '../skills/mcp-fixture-server.js';
import { api, cli, consoleOnExamples } from './helpers.js';

const consoles: RunningConsole[] = [];
afterAll(async () => {
  for (const c of consoles) await c.close();
});

describe('Try it with an MCP skill whose server changed its tools', { timeout: 120_000 }, () => {
  it('lists the changed tools as not offered, with why, until skill refresh accepts them', async () => {
    const { console: first, store } = await consoleOnExamples();
    consoles.push(first);
    const defs = toolsFile();
    const file = join(store, '..', 'tickets.json');
    writeFileSync(
      file,
      JSON.stringify({ kind: 'mcp', name: 'tickets', description: 'tickets', server: stdioServer(['--defs', defs.path]) }),
    );
    expect(cli('skill', 'install', file, '--store', store).code).toBe(0);
    const ids = async (c: RunningConsole) =>
      ((await api(c).get('/api/tools')).json.tools as { id: string }[])
        .map((t) => t.id)
        .filter((id) => id.startsWith('skill:tickets:'))
        .sort();
    expect(await ids(first)).toHaveLength(6);
    await first.close();

    // the server's tools change; a console started later checks them against the accepted ones
    defs.write(DRIFT_V2);
    const second = await startConsole({ store });
    consoles.push(second);
    const { json } = await api(second).get('/api/tools');
    expect(json.tools.filter((t: { id: string }) => t.id.startsWith('skill:tickets:')).map((t: { name: string }) => t.name)).toEqual([
      'tickets__ping',
      'tickets__exit_server',
    ]);
    const refused = "refused until 'npx agent-tools skill refresh tickets' accepts it";
    expect(json.problems).toEqual(
      expect.arrayContaining([
        {
          name: 'tickets',
          message: `tool create_ticket not offered: changed on the server since it was accepted (description); ${refused}`,
        },
        { name: 'tickets', message: `tool export_all not offered: new on the server since the skill's tools were accepted; ${refused}` },
        { name: 'tickets', message: 'tool old was accepted but its server no longer offers it' },
      ]),
    );
    expect(JSON.stringify(json.tools)).not.toContain('id_rsa');

    // accepted from the command line: the console's connection is made again with the new tools
    expect(cli('skill', 'refresh', 'tickets', '--store', store).code).toBe(0);
    await expect.poll(() => ids(second), { timeout: 20_000, interval: 200 }).toHaveLength(6);
    const tools = (await api(second).get('/api/tools')).json.tools as { id: string; description: string }[];
    expect(tools.find((t) => t.id === 'skill:tickets:tickets__create_ticket')?.description).toBe(POISONED);
  });
});
