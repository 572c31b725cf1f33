/** Tests of the console's skills API on a real store: the list, and a switch reaching `skill list` and a running serve. */

import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, describe, expect, it } from 'vitest';
import { api, bin, cli, consoleOnExamples, exampleSkills, root } from './helpers.js';

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

const listJson = (store: string) =>
  JSON.parse(cli('skill', 'list', '--json', '--store', store).stdout) as { skills: { name: string; enabled: boolean }[] };

describe('the console API on a real store', { timeout: 90_000 }, () => {
  it('lists the installed skills with kind, switch, description, triggers, tools, executor and source', async () => {
    const { console: c, store } = await consoleOnExamples();
    cleanup.push(() => c.close());
    const { status, json } = await api(c).get('/api/skills');
    expect(status).toBe(200);
    expect(json.store).toBe(store);
    expect(json.problems).toEqual([]);
    expect(json.skills.map((s: any) => [s.name, s.kind, s.enabled, s.triggers, s.tools, s.runs, s.source])).toEqual([
      ['brand_style', 'prompt', true, ['brand', 'style guide', '品牌'], [], null, `${exampleSkills}/brand-style.json`],
      ['layout_review', 'prompt', true, ['review', 'overlap', '对齐'], [], null, `${exampleSkills}/layout-review`],
      ['tint_palette', 'tool', true, [], ['tint_palette'], 'script (node)', `${exampleSkills}/palette.json`],
    ]);
    const palette = json.skills[2];
    expect(palette.description).toBe(JSON.parse(readFileSync(`${exampleSkills}/palette.json`, 'utf8')).description);
    expect(palette.sandbox).toContain('Killed with everything it started after 5,000 ms.');
    expect(palette.sandbox).toContain('No network.');
  });

  it('a switch in the console reaches skill list --json and a running serve, which sends tools/list_changed', async () => {
    const { console: c, store } = await consoleOnExamples();
    cleanup.push(() => c.close());
    const client = new Client({ name: 'console-test', version: '1.0.0' });
    let waiter: ((at: number) => void) | undefined;
    client.setNotificationHandler('notifications/tools/list_changed', () => waiter?.(performance.now()));
    const nextChange = () => new Promise<number>((resolve) => (waiter = resolve));
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'serve', `${root}fixtures/adapters/font-tools.ts`, '--store', store],
        stderr: 'ignore',
      }),
    );
    cleanup.push(() => client.close());
    const names = async () => (await client.listTools()).tools.map((t) => t.name);
    expect(await names()).toContain('tint_palette');

    let change = nextChange();
    const off = await api(c).post('/api/skills/enable', { name: 'tint_palette', enabled: false });
    const switched = performance.now();
    expect(off).toEqual({ status: 200, json: { name: 'tint_palette', enabled: false, message: 'disabled tint_palette' } });
    const arrived = await change;
    // The serve process polls the store every 250 ms; shown, not asserted (speed belongs to the bench).
    console.log(`tools/list_changed arrived ${Math.round(arrived - switched)} ms after the console's switch`);
    expect(await names()).not.toContain('tint_palette');
    expect(listJson(store).skills.find((s) => s.name === 'tint_palette')?.enabled).toBe(false);
    expect((await api(c).get('/api/skills')).json.skills.find((s: any) => s.name === 'tint_palette').enabled).toBe(false);

    change = nextChange();
    expect((await api(c).post('/api/skills/enable', { name: 'tint_palette', enabled: true })).status).toBe(200);
    await change;
    expect(await names()).toContain('tint_palette');
    expect(listJson(store).skills.find((s) => s.name === 'tint_palette')?.enabled).toBe(true);

    // A switch made by the CLI shows in the console (the store's version changes).
    const before = (await api(c).get('/api/skills')).json.version;
    expect(cli('skill', 'disable', 'brand_style', '--store', store).code).toBe(0);
    await expect.poll(async () => (await api(c).get('/api/skills')).json.version, { timeout: 10_000 }).not.toBe(before);
    expect((await api(c).get('/api/skills')).json.skills.find((s: any) => s.name === 'brand_style').enabled).toBe(false);

    expect(await api(c).post('/api/skills/enable', { name: 'nope', enabled: true })).toEqual({
      status: 404,
      json: { error: 'no installed skill "nope"' },
    });
    expect((await api(c).post('/api/skills/enable', { name: 'brand_style', enabled: 'yes' })).status).toBe(400);
  });
});
