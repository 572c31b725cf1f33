/** Tests of installing and removing skills through the console API, with the same problem lines as `skill install`. */

import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startConsole } from '../../src/console/server.js';
import { api, cli, consoleOnExamples, root } from './helpers.js';

const fx = (p: string) => `${root}fixtures/skills/${p}`;
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

describe('install and remove through the console API', { timeout: 90_000 }, () => {
  it('refuses an invalid set with the same problem lines as skill install, and changes nothing', async () => {
    const { console: c, store } = await consoleOnExamples();
    cleanup.push(() => c.close());
    const paths = [fx('tone.json'), fx('broken.json'), fx('agent/bad-yaml')];
    const viaCli = cli('skill', 'install', ...paths, '--store', store);
    expect(viaCli.code).toBe(2);
    const cliLines = viaCli.stderr.trimEnd().split('\n');
    const r = await api(c).post('/api/skills/install', { paths });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('nothing installed; 6 problems:');
    expect(`agent-tools: ${r.json.error}`).toBe(cliLines[0]);
    expect(r.json.problems).toEqual(cliLines.slice(1));
    expect(r.json.problems[4]).toBe(`${fx('broken.json')}: $.params.size.min: min 10 is greater than max 1`);
    expect((await api(c).get('/api/skills')).json.skills.map((s: any) => s.name)).toEqual(['brand_style', 'layout_review', 'tint_palette']);
  });

  it('installs from a path and from dropped .json and SKILL.md files; a taken name needs replace', async () => {
    const { console: c, store } = await consoleOnExamples();
    cleanup.push(() => c.close());
    const fromPath = await api(c).post('/api/skills/install', { paths: [fx('word-count.json')] });
    expect(fromPath.status).toBe(200);
    expect(fromPath.json.message).toBe(`installed word_count (tool) from ${fx('word-count.json')}`);
    const dropped = await api(c).post('/api/skills/install', {
      files: [
        { name: 'tone.json', text: `\uFEFF${readFileSync(fx('tone.json'), 'utf8')}` },
        { name: 'SKILL.md', text: readFileSync(fx('agent/cn-writer/SKILL.md'), 'utf8').replace(/\n/g, '\r\n') },
      ],
    });
    expect(dropped.status).toBe(200);
    expect(dropped.json.installed.map((s: any) => [s.name, s.kind, s.source])).toEqual([
      ['tone', 'prompt', 'tone.json (dropped in the console)'],
      ['cn-writer', 'prompt', 'SKILL.md (dropped in the console)'],
    ]);
    const names = JSON.parse(cli('skill', 'list', '--json', '--store', store).stdout).skills.map((s: any) => s.name);
    expect(names).toEqual(expect.arrayContaining(['word_count', 'tone', dropped.json.installed[1].name]));

    // the same skill again is unchanged, as `skill install` says it; a changed one needs replace
    const same = await api(c).post('/api/skills/install', { files: [{ name: 'tone.json', text: readFileSync(fx('tone.json'), 'utf8') }] });
    expect(same).toEqual({
      status: 200,
      json: { installed: [], unchanged: ['tone'], message: 'unchanged tone (installed already as it is)' },
    });
    const changed = JSON.stringify({
      ...JSON.parse(readFileSync(fx('tone.json'), 'utf8')),
      description: 'Another tone guide for the writer.',
    });
    const again = await api(c).post('/api/skills/install', { files: [{ name: 'tone.json', text: changed }] });
    expect(again).toEqual({
      status: 409,
      json: { error: 'nothing installed: Skill "tone" already installed; tick "Replace installed skills" to replace them' },
    });
    expect((await api(c).post('/api/skills/install', { files: [{ name: 'tone.json', text: changed }], replace: true })).status).toBe(200);
  });

  it('names each problem of a dropped file by its JSON path, and two files defining one name', async () => {
    const { console: c } = await consoleOnExamples();
    cleanup.push(() => c.close());
    const r = await api(c).post('/api/skills/install', {
      files: [
        { name: 'broken.json', text: readFileSync(fx('broken.json'), 'utf8') },
        { name: 'oops.json', text: '{"kind": "prompt",' },
        { name: 'SKILL.md', text: readFileSync(fx('agent/bad-yaml/SKILL.md'), 'utf8') },
        { name: 'a.json', text: readFileSync(fx('tone.json'), 'utf8') },
        { name: 'b.json', text: readFileSync(fx('tone.json'), 'utf8') },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.json.problems).toContain(
      'broken.json: $.executor.runtime: runtime "/usr/bin/python3; rm -rf x" is not allowed; use exactly one of python3, bash, node',
    );
    expect(r.json.problems).toContain(
      'oops.json: $: invalid JSON at line 1, column 19: expected a property name in double quotes, found the end of the input',
    );
    expect(r.json.problems.find((p: string) => /^SKILL\.md:\d+:\d+: /.test(p))).toBeDefined();
    expect(r.json.problems.at(-1)).toBe('b.json: $.name: skill "tone" is also defined by a.json');
  });

  it('removes a skill; an unknown one is 404; a missing store is read as empty and created only by an install', async () => {
    const { console: c, store } = await consoleOnExamples();
    cleanup.push(() => c.close());
    expect(await api(c).post('/api/skills/remove', { name: 'brand_style' })).toEqual({
      status: 200,
      json: { name: 'brand_style', message: 'removed brand_style' },
    });
    expect(JSON.parse(cli('skill', 'list', '--json', '--store', store).stdout).skills.map((s: any) => s.name)).toEqual([
      'layout_review',
      'tint_palette',
    ]);
    expect((await api(c).post('/api/skills/remove', { name: 'brand_style' })).status).toBe(404);

    const fresh = join(mkdtempSync(join(tmpdir(), 'console-empty-')), 'sub', 'skills.db');
    const empty = await startConsole({ store: fresh });
    cleanup.push(() => empty.close());
    expect((await api(empty).get('/api/skills')).json).toMatchObject({ skills: [], problems: [], version: '' });
    // the console made no store: the CLI finds none there
    expect(existsSync(dirname(fresh))).toBe(false);
    expect(cli('skill', 'list', '--store', fresh)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^agent-tools: no skill store at /),
    });
    expect((await api(empty).post('/api/skills/install', { paths: [fx('tone.json')] })).status).toBe(200);
    expect(JSON.parse(cli('skill', 'list', '--json', '--store', fresh).stdout).skills.map((s: any) => s.name)).toEqual(['tone']);
  });
});
