/** Tests of `agent-tools skill` on PostgreSQL: a catalog moved between SQLite and PostgreSQL byte for byte, clear errors. */

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../skills/postgres-server.js';

const root = new URL('../..', import.meta.url).pathname;
const fx = (p: string) => `${root}fixtures/skills/${p}`;

/** `agent-tools skill ...` in its own process (asynchronous: the test's own server must keep answering). */
function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`${root}bin/agent-tools.js`, 'skill', ...args], {
      cwd: mkdtempSync(join(tmpdir(), 'skill-pg-cli-')),
      env: { ...process.env, NO_COLOR: '1', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let pg: TestPostgres;
beforeAll(async () => {
  pg = await startPostgres();
}, 120_000);
afterAll(() => pg?.close());

describe('agent-tools skill --store postgres://', { timeout: 120_000 }, () => {
  it('moves a catalog SQLite -> PostgreSQL -> SQLite, byte for byte, switches and times included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-'));
    const a = join(dir, 'a.db');
    const b = await pg.createDatabase('roundtrip');
    expect(
      (await run(['install', '--store', a, fx('tone.json'), fx('word-count.json'), fx('weather.json'), `${root}examples/canvas/skills`]))
        .code,
    ).toBe(0);
    expect((await run(['disable', 'tone', '--store', a])).code).toBe(0);
    const exported = await run(['export', '--store', a]);
    expect([exported.code, exported.stderr]).toEqual([0, '']);
    const catalog = JSON.parse(exported.stdout) as { format: string; skills: { name: string; enabled: boolean }[] };
    expect(catalog.format).toBe('agent-tools-skill-catalog');
    expect(catalog.skills.map((s) => [s.name, s.enabled])).toEqual([
      ['brand_style', true],
      ['get_weather', true],
      ['layout_review', true],
      ['tint_palette', true],
      ['tone', false],
      ['word_count', true],
    ]);

    const file = join(dir, 'skills.json');
    expect((await run(['export', '--store', a, '--out', file])).code).toBe(0);
    const into = await run(['install', file, '--store', b]);
    expect([into.code, into.stderr]).toEqual([0, '']);
    expect(into.stdout).toContain('installed tone (prompt, disabled) from ');
    expect((await run(['export', '--store', b])).stdout).toBe(exported.stdout);

    const back = join(dir, 'back.db');
    const file2 = join(dir, 'from-pg.json');
    expect((await run(['export', '--store', b, '--out', file2])).code).toBe(0);
    expect((await run(['install', file2, '--store', back])).code).toBe(0);
    expect(readFileSync(file2, 'utf8')).toBe(exported.stdout);
    expect((await run(['export', '--store', back])).stdout).toBe(exported.stdout);

    // Every command gives the same answer on both engines.
    for (const args of [
      ['list', '--json'],
      ['show', 'word_count', '--json'],
      ['export', 'get_weather'],
      ['route', 'make the tone brief', '--json'],
    ]) {
      const [fromA, fromB] = await Promise.all([run([...args, '--store', a]), run([...args, '--store', b])]);
      expect(fromB).toEqual(fromA);
    }
    const [ranA, ranB] = await Promise.all([
      run(['run', 'word_count', '--args', '{"text":"one two three"}', '--store', a]),
      run(['run', 'word_count', '--args', '{"text":"one two three"}', '--store', b]),
    ]);
    expect(ranA).toMatchObject({ code: 0, stderr: '' });
    expect(ranB).toEqual(ranA);
    // Installing the same catalog again changes nothing (each skill is unchanged, no --force needed);
    // once a skill differs in the store (tone switched on), the catalog is refused as a whole without --force.
    const again = await run(['install', file, '--store', b]);
    expect([again.code, again.stderr]).toEqual([0, '']);
    expect(again.stdout).toContain('unchanged tone (installed already as it is)');
    expect((await run(['export', '--store', b])).stdout).toBe(exported.stdout);
    expect((await run(['enable', 'tone', '--store', b])).code).toBe(0);
    const differs = await run(['install', file, '--store', b]);
    expect(differs.code).toBe(2);
    expect(differs.stderr).toContain('nothing installed');
    expect(differs.stderr).toContain('tone');
  });

  it('takes the store from AGENT_TOOLS_STORE; --store wins over it', async () => {
    const url = await pg.createDatabase('from_env');
    expect((await run(['install', fx('tone.json')], { AGENT_TOOLS_STORE: url })).code).toBe(0);
    expect(
      JSON.parse((await run(['list', '--json'], { AGENT_TOOLS_STORE: url })).stdout).skills.map((s: { name: string }) => s.name),
    ).toEqual(['tone']);
    const sqlite = join(mkdtempSync(join(tmpdir(), 'env-')), 's.db');
    // --store wins: it names the SQLite file, which is not there, and not the PostgreSQL store
    const listed = await run(['list', '--json', '--store', sqlite], { AGENT_TOOLS_STORE: url });
    expect([listed.code, listed.stdout]).toEqual([2, '']);
    expect(listed.stderr).toMatch(/^agent-tools: no skill store at \S+s\.db \(no such file\); install a skill to create it: /);
  });

  it('says in one line which store cannot be used and why, password masked, exit 2', async () => {
    const port = pg.port;
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const silentPort = (silent.address() as { port: number }).port;
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise((r) => closed.close(r));
    const cases: [string, RegExp][] = [
      [
        `postgres://postgres:wrong-pw@127.0.0.1:${port}/postgres`,
        new RegExp(
          `^agent-tools: cannot open the skill store postgres://postgres:\\*\\*\\*@127\\.0\\.0\\.1:${port}/postgres: password authentication failed for user "postgres" \\(28P01\\)\\n$`,
        ),
      ],
      [
        `postgres://postgres:${pg.password}@127.0.0.1:${port}/no_such_db`,
        new RegExp(
          `^agent-tools: cannot open the skill store postgres://postgres:\\*\\*\\*@127\\.0\\.0\\.1:${port}/no_such_db: database "no_such_db" does not exist \\(3D000\\)\\n$`,
        ),
      ],
      [
        `postgres://postgres:${pg.password}@127.0.0.1:${closedPort}/db`,
        new RegExp(
          `^agent-tools: cannot open the skill store postgres://postgres:\\*\\*\\*@127\\.0\\.0\\.1:${closedPort}/db: connection refused at 127\\.0\\.0\\.1:${closedPort} \\(is PostgreSQL running there\\?\\)\\n$`,
        ),
      ],
      [
        `postgres://postgres:${pg.password}@127.0.0.1:${silentPort}/db?connect_timeout=1`,
        new RegExp(
          `^agent-tools: cannot open the skill store postgres://postgres:\\*\\*\\*@127\\.0\\.0\\.1:${silentPort}/db\\?connect_timeout=1: no answer from the server within 1000 ms \\(connect timeout\\)\\n$`,
        ),
      ],
      [
        `postgres://postgres:${pg.password}@127.0.0.1:notaport/db`,
        /^agent-tools: cannot open the skill store postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:notaport\/db: not a valid URL \(Invalid URL\); expected postgres:\/\/user:password@host:port\/database\n$/,
      ],
    ];
    try {
      for (const [url, message] of cases) {
        for (const cmd of [['list'], ['install', fx('tone.json')], ['disable', 'tone']]) {
          const r = await run([...cmd, '--store', url]);
          expect(r.stderr).toMatch(message);
          expect(r.stderr).not.toContain(pg.password);
          expect(r.stderr).not.toContain('wrong-pw');
          expect([r.code, r.stdout]).toEqual([2, '']);
        }
      }
      // serve refuses to start on a store it cannot open, the same way.
      const [url, message] = cases[2]!;
      const served = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          [`${root}bin/agent-tools.js`, 'serve', `${root}fixtures/adapters/font-tools.ts`, '--store', url],
          { stdio: ['pipe', 'pipe', 'pipe'] },
        );
        let stderr = '';
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
        child.on('close', (code) => resolve({ code, stderr }));
      });
      expect(served.code).toBe(2);
      expect(
        served.stderr
          .split('\n')
          .filter((l) => l.startsWith('agent-tools: '))
          .join('\n') + '\n',
      ).toMatch(message);
    } finally {
      silent.close();
    }
  });
});
