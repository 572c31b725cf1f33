/** Tests of switching skills live with no restart: MCP `list_changed`, the AI tool set, `serve --no-skills`. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, describe, expect, it } from 'vitest';
import { toolsToAI } from '../../src/adapters/ai.js';
import { followStore } from '../../src/skills/store/store-skills.js';
import { openSkillStore } from '../../src/skills/store/store.js';
import { defineSkill } from '../../src/skills/model/skill.js';
import { SkillRegistry } from '../../src/skills/model/skill-registry.js';
import { defineTool } from '../../src/index.js';

const root = new URL('../..', import.meta.url).pathname;
const bin = `${root}bin/agent-tools.js`;
const fx = (p: string) => `${root}fixtures/skills/${p}`;
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

/** `agent-tools skill ...` in its own process, as a user would type it while the server runs. */
function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, 'skill', ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout;
}

function mcpStoreSkill(dir: string): string {
  const path = join(dir, 'crashy.json');
  const raw = {
    kind: 'mcp',
    name: 'crashy',
    description: 'ping over MCP',
    server: { command: process.execPath, args: [bin, 'serve', fx('mcp/crashy-tools.ts'), '--no-skills'] },
    tools: ['ping'],
  };
  spawnSync(process.execPath, ['-e', `require('fs').writeFileSync(${JSON.stringify(path)}, ${JSON.stringify(JSON.stringify(raw))})`]);
  return path;
}

describe('switching skills live, with no restart', { timeout: 90_000 }, () => {
  it('a disabled skill vanishes from a live MCP client’s tools/list with list_changed, and comes back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'live-switch-'));
    const store = join(dir, 'skills.db');
    cli('install', '--store', store, fx('word-count.json'), fx('tone.json'), mcpStoreSkill(dir));
    const client = new Client({ name: 'live-test', version: '1.0.0' });
    let changed = 0;
    let waiter: (() => void) | undefined;
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      changed++;
      waiter?.();
    });
    const nextChange = () => new Promise<void>((resolve) => (waiter = resolve));
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'serve', `${root}fixtures/adapters/font-tools.ts`, '--store', store],
        cwd: dir,
        stderr: 'ignore',
      }),
    );
    cleanup.push(() => client.close());
    const names = async () => (await client.listTools()).tools.map((t) => t.name);
    const base = ['set_font', 'describe_font', 'explode', 'find_node', 'list_nodes'];

    expect(await names()).toEqual([...base, 'crashy__ping', 'word_count']);
    expect(await client.callTool({ name: 'word_count', arguments: { text: 'a b c d' } })).toMatchObject({
      structuredContent: { words: 4 },
    });
    expect(await client.callTool({ name: 'crashy__ping', arguments: { text: 'via store' } })).toMatchObject({
      structuredContent: { text: 'via store' },
    });

    let change = nextChange();
    cli('disable', 'word_count', '--store', store);
    await change;
    expect(await names()).toEqual([...base, 'crashy__ping']);
    const gone = await client.callTool({ name: 'word_count', arguments: { text: 'x' } });
    expect(gone.isError).toBe(true);

    change = nextChange();
    cli('disable', 'crashy', '--store', store);
    await change;
    expect(await names()).toEqual(base);

    change = nextChange();
    cli('enable', 'word_count', '--store', store);
    await change;
    expect(await names()).toEqual([...base, 'word_count']);
    expect(await client.callTool({ name: 'word_count', arguments: { text: 'back again' } })).toMatchObject({
      structuredContent: { words: 2 },
    });

    // Switching a prompt skill changes no tool: no list_changed for it.
    const before = changed;
    cli('disable', 'tone', '--store', store);
    change = nextChange();
    cli('enable', 'crashy', '--store', store);
    await change;
    expect(changed).toBe(before + 1);
    expect(await names()).toEqual([...base, 'crashy__ping', 'word_count']);
  });

  it('the AI tool set is rebuilt per request from the registry and follows the store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'live-ai-'));
    const path = join(dir, 'skills.db');
    const store = await openSkillStore(path);
    cleanup.push(() => store.close());
    cli('install', '--store', path, fx('word-count.json'));
    const builtin = defineSkill({
      name: 'fonts',
      description: 'Font tools',
      tools: [defineTool({ name: 'list_fonts', description: 'List fonts', params: {}, execute: () => ['f1'] })],
    });
    const registry = new SkillRegistry([builtin]);
    const follower = await followStore(store, registry, { intervalMs: 20 });
    cleanup.push(() => follower.stop());
    expect(Object.keys(toolsToAI(registry))).toEqual(['list_fonts', 'word_count']);
    registry.disable('fonts');
    expect(Object.keys(toolsToAI(registry))).toEqual(['word_count']);
    const changed = new Promise<void>((resolve) => {
      const off = registry.on('change', () => {
        off();
        resolve();
      });
    });
    cli('disable', 'word_count', '--store', path);
    await changed;
    expect(Object.keys(toolsToAI(registry))).toEqual([]);
    registry.enable('fonts');
    expect(Object.keys(toolsToAI(registry))).toEqual(['list_fonts']);
  });
});

describe('serve --no-skills', { timeout: 90_000 }, () => {
  it('serves the module alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'no-skills-'));
    const store = join(dir, 'skills.db');
    cli('install', '--store', store, fx('word-count.json'));
    const client = new Client({ name: 'no-skills-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'serve', `${root}fixtures/skills/mcp/crashy-tools.ts`, '--store', store, '--no-skills'],
        cwd: dir,
        stderr: 'ignore',
      }),
    );
    cleanup.push(() => client.close());
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['ping', 'crash']);
  });
});
