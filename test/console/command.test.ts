/** Tests of `agent-tools console`: the URL alone on stdout, Ctrl-C, and bad or taken ports. */

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { bin, cli, consoleOnExamples, root } from './helpers.js';

describe('agent-tools console', { timeout: 90_000 }, () => {
  it('prints only the URL with the token on stdout, serves the store and the toolbox, and stops on Ctrl-C with exit 0', async () => {
    const { console: c, store } = await consoleOnExamples();
    await c.close();
    const child = spawn(process.execPath, [bin, 'console', '--store', store, '--tools', `${root}examples/canvas/registry.ts`], {
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    child.stdout.setEncoding('utf8');
    while (!stdout.includes('\n')) stdout += (await once(child.stdout, 'data'))[0];
    const url = stdout.trim();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/);
    const { origin, searchParams } = new URL(url);
    const auth = { authorization: `Bearer ${searchParams.get('token')}` };
    expect((await fetch(`${origin}/api/skills`)).status).toBe(403);
    const skills = (await (await fetch(`${origin}/api/skills`, { headers: auth })).json()) as { skills: { name: string }[] };
    expect(skills.skills.map((s) => s.name)).toEqual(['brand_style', 'layout_review', 'tint_palette']);
    const tools = (await (await fetch(`${origin}/api/tools`, { headers: auth })).json()) as { tools: { from: string }[] };
    expect(tools.tools.filter((t) => t.from.startsWith('toolbox')).length).toBe(32);
    child.kill('SIGINT');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(stdout).toBe(`${url}\n`);
    expect(stderr).toContain('Ctrl-C stops it');
    expect(stderr).toContain('console stopped');
    expect(stderr).not.toContain('there was no skill store');
  });

  it('says on stderr when --store names no store yet (a mistyped path would open an empty one without a word)', async () => {
    const { console: c, store } = await consoleOnExamples();
    await c.close();
    const typo = store.replace(/\.db$/, '-typo.db');
    const child = spawn(process.execPath, [bin, 'console', '--store', typo], { env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    while (!stderr.includes('there was no skill store')) await once(child.stderr, 'data');
    child.kill('SIGINT');
    await once(child, 'exit');
    expect(stderr).toContain(
      `agent-tools: there was no skill store at ${typo}: the console starts with no skills and keeps the ones you install there ` +
        '(check --store if you meant an existing store)\n',
    );
  });

  it('refuses a bad port and a port in use with exit 2, naming the flag', async () => {
    const bad = cli('console', '--port', 'eighty');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('agent-tools: --port: expected a port number from 0 to 65535, received "eighty"');
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const port = (taken.address() as { port: number }).port;
    const busy = cli('console', '--port', String(port), '--store', '/nonexistent-dir/skills.db');
    taken.close();
    expect(busy.code).toBe(2);
    expect(busy.stderr).toContain(`agent-tools: --port: cannot listen on 127.0.0.1:${port}: listen EADDRINUSE`);
    expect(busy.stdout).toBe('');
  });

  it('refuses a --store file that is no skill store with exit 2, as skill list does, and leaves it as it was', () => {
    const file = `${root}package.json`;
    const before = readFileSync(file, 'utf8');
    const r = cli('console', '--store', file);
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', `agent-tools: cannot open the skill store ${file}: file is not a database\n`]);
    expect(cli('skill', 'list', '--store', file).stderr).toBe(r.stderr);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
