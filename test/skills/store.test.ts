/** Tests of the skill store on each engine: round trips, order, force, restores, corrupt rows, migrations. */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followStore } from '../../src/skills/store/store-skills.js';
import { InvalidSkillError, openSkillStore, SkillExistsError, SkillStoreError } from '../../src/skills/store/store.js';
import { MIGRATIONS } from '../../src/skills/store/store-schema.js';
import { openDatabase } from '../../src/skills/store/sqlite-driver.js';
import { nodeWithStore, postgres, prompt, sqlite, writer } from './store-engines.js';

// The same suite runs against both engines: the results must not tell them apart.
describe.each([sqlite, postgres])('SkillStore on $name', { timeout: 90_000 }, (engine) => {
  beforeAll(() => engine.start(), 120_000);
  afterAll(() => engine.stop());

  it('round-trips install, list, get, names, enable, disable, remove', async () => {
    const store = await openSkillStore(await engine.fresh());
    const [installed] = await store.install([{ raw: prompt('tone'), source: '/x/tone.json' }]);
    expect(installed).toMatchObject({ name: 'tone', kind: 'prompt', enabled: true, source: '/x/tone.json', raw: prompt('tone') });
    expect(installed!.installedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await store.setEnabled('tone', false)).toBe(true);
    expect(await store.list()).toMatchObject({ skills: [{ name: 'tone', enabled: false }], problems: [] });
    expect(await store.get('tone')).toMatchObject({ name: 'tone', enabled: false });
    expect(await store.get('nope')).toBeUndefined();
    expect(await store.setEnabled('nope', true)).toBe(false);
    expect(await store.remove('tone')).toBe(true);
    expect(await store.remove('tone')).toBe(false);
    expect(await store.list()).toEqual({ skills: [], problems: [] });
    await store.close();
  });

  it('orders by code point, as both engines compare bytes', async () => {
    const store = await openSkillStore(await engine.fresh());
    await store.install(['b', 'B', 'a_1', 'a-1', 'A'].map((n) => ({ raw: prompt(n) })));
    expect(await store.names()).toEqual(['A', 'B', 'a-1', 'a_1', 'b']);
    expect((await store.list()).skills.map((s) => s.name)).toEqual(['A', 'B', 'a-1', 'a_1', 'b']);
    await store.close();
  });

  it('refuses an existing name without force (nothing written), replaces it with force keeping its switch and install time', async () => {
    const store = await openSkillStore(await engine.fresh());
    const [first] = await store.install([{ raw: prompt('a') }]);
    await store.setEnabled('a', false);
    await expect(store.install([{ raw: prompt('b') }, { raw: prompt('a', 'new') }])).rejects.toThrow(new SkillExistsError(['a']));
    expect(await store.names()).toEqual(['a']);
    const [a] = await store.install([{ raw: prompt('a', 'new') }], { force: true });
    expect(a).toMatchObject({ raw: { content: 'new' }, enabled: false, installedAt: first!.installedAt });
    await store.close();
  });

  it('restores a skill exactly as exported: switch, source and times', async () => {
    const store = await openSkillStore(await engine.fresh());
    const entry = {
      raw: prompt('old'),
      source: '/from/old.json',
      enabled: false,
      installedAt: '2020-01-02T03:04:05.006Z',
      updatedAt: '2021-01-02T03:04:05.006Z',
    };
    const [got] = await store.install([entry]);
    expect(got).toMatchObject({
      name: 'old',
      source: '/from/old.json',
      enabled: false,
      installedAt: entry.installedAt,
      updatedAt: entry.updatedAt,
    });
    const [again] = await store.install([{ ...entry, enabled: true, installedAt: '2019-01-01T00:00:00.000Z' }], { force: true });
    expect(again).toMatchObject({ enabled: true, installedAt: '2019-01-01T00:00:00.000Z' });
    await store.close();
  });

  it('refuses an invalid skill with its problems and writes nothing', async () => {
    const store = await openSkillStore(await engine.fresh());
    const bad = { kind: 'prompt', name: 'x', description: 'd', triggers: [], content: 'c' };
    await expect(store.install([{ raw: prompt('ok') }, { raw: bad }])).rejects.toThrow(InvalidSkillError);
    await expect(store.install([{ raw: bad }])).rejects.toThrow('Invalid skill:\n  $.triggers: needs at least one trigger word');
    expect(await store.names()).toEqual([]);
    await store.close();
  });

  it('reports a corrupt row and still loads the others', async () => {
    const location = await engine.fresh();
    const store = await openSkillStore(location);
    await store.install([{ raw: prompt('a') }, { raw: prompt('b') }, { raw: prompt('c') }]);
    await engine.exec(location, "UPDATE skills SET json = '{not json' WHERE name = 'b'");
    await engine.exec(location, "UPDATE skills SET json = ? WHERE name = 'c'", [JSON.stringify({ ...prompt('c'), kind: 'plugin' })]);
    const { skills, problems } = await store.list();
    expect(skills.map((s) => s.name)).toEqual(['a']);
    expect(problems.map((p) => p.name)).toEqual(['b', 'c']);
    expect(problems[0]!.message).toMatch(/^stored JSON is unreadable: .*; reinstall it with --force or remove it$/);
    expect(problems[1]!.message).toBe(
      'stored skill is invalid: $.kind: expected "kind" to be "prompt", "tool" or "mcp"; reinstall it with --force or remove it',
    );
    await store.close();
  });

  it('takes concurrent writes from four processes without losing any', async () => {
    const location = await engine.fresh();
    await (await openSkillStore(location)).close();
    const results = await Promise.all(['w0', 'w1', 'w2', 'w3'].map((p) => writer(location, p, 25)));
    expect(results).toEqual(Array(4).fill({ code: 0, stderr: '' }));
    const store = await openSkillStore(location);
    const { skills, problems } = await store.list();
    expect(problems).toEqual([]);
    expect(skills).toHaveLength(100);
    expect(skills.filter((s) => s.enabled)).toHaveLength(52);
    await store.close();
  });

  it('lets exactly one of several processes installing the same new name win; the others are told it exists', async () => {
    const location = await engine.fresh();
    await (await openSkillStore(location)).close();
    const racer = (i: number) =>
      new Promise<string>((resolve) => {
        const child = nodeWithStore(
          `const store = await openSkillStore(${JSON.stringify(location)});
try { await store.install([{ raw: { kind: 'prompt', name: 'same', description: 'racer ${i}', triggers: ['t'], content: 'c' } }]); process.stdout.write('won'); }
catch (err) { process.stdout.write(err.name); }
await store.close();`,
          'pipe',
        );
        let out = '';
        child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
        child.on('close', () => resolve(out));
      });
    const outcomes = await Promise.all([0, 1, 2, 3, 4, 5].map(racer));
    expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'SkillExistsError')).toHaveLength(5);
    const store = await openSkillStore(location);
    expect(await store.names()).toEqual(['same']);
    await store.close();
  });

  it('notices a change made by another process', async () => {
    const location = await engine.fresh();
    const store = await openSkillStore(location);
    await store.install([{ raw: prompt('a') }]);
    let calls = 0;
    // PostgreSQL also calls the listener once when LISTEN starts: only a call that finds the change counts.
    const heard = new Promise<void>((resolve) => {
      const off = store.watch(
        async () => {
          calls++;
          const a = await store.get('a');
          if (a && 'enabled' in a && !a.enabled) {
            off();
            resolve();
          }
        },
        { intervalMs: 20 },
      );
    });
    await new Promise((r) => setTimeout(r, 500));
    const child = nodeWithStore(
      `const s = await openSkillStore(${JSON.stringify(location)}); await s.setEnabled('a', false); await s.close();`,
    );
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    await new Promise((r) => child.on('close', r));
    expect(stderr).toBe('');
    await heard;
    expect(calls).toBeLessThanOrEqual(engine.name === 'postgres' ? 2 : 1);
    await store.close();
  });

  it('records its schema version and refuses, unaltered, a store newer than the code', async () => {
    const location = await engine.fresh();
    await (await openSkillStore(location)).close();
    await engine.exec(location, "INSERT INTO skill_store_schema (version, why, applied_at) VALUES (999, 'from the future', 'x')");
    const opening = openSkillStore(location);
    await expect(opening).rejects.toThrow(SkillStoreError);
    await expect(opening).rejects.toThrow(
      /^the skill store .* has schema version 999, newer than this agent-tools knows \(\d+\); upgrade agent-tools to use it \(the store was left unchanged\)$/,
    );
    await engine.exec(location, 'DELETE FROM skill_store_schema WHERE version = 999');
    const store = await openSkillStore(location);
    expect(await store.list()).toEqual({ skills: [], problems: [] });
    await store.close();
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('brings a store of schema 1 to schema 2 (the accepted tools of MCP skills) keeping its skills, and reads unreadable pins as none accepted', async () => {
    const location = await engine.fresh();
    const mcp = { kind: 'mcp', name: 'remote', description: 'An MCP server', server: { url: 'https://mcp.example.com/mcp' } };
    const first = await openSkillStore(location);
    await first.install([{ raw: prompt('tone') }, { raw: mcp }]);
    await first.close();
    // the store as agent-tools with schema 1 left it
    await engine.exec(location, 'ALTER TABLE skills DROP COLUMN tool_pins');
    await engine.exec(location, 'DELETE FROM skill_store_schema WHERE version = 2');
    const store = await openSkillStore(location);
    expect(await store.list()).toMatchObject({
      skills: [
        { name: 'remote', toolPins: null },
        { name: 'tone', toolPins: null },
      ],
      problems: [],
    });
    const pins = {
      version: 1 as const,
      acceptedAt: '2026-12-01T00:00:00.000Z',
      tools: { ping: { fingerprint: 'sha256:00', definition: { inputSchema: {} } } },
    };
    expect(await store.acceptTools('tone', pins)).toBe(false);
    expect(await store.acceptTools('nope', pins)).toBe(false);
    expect(await store.acceptTools('remote', pins)).toBe(true);
    expect(await store.get('remote')).toMatchObject({ toolPins: pins });
    await engine.exec(location, "UPDATE skills SET tool_pins = '{not json' WHERE name = 'remote'");
    expect(await store.get('remote')).toMatchObject({
      toolPins: { version: 1, acceptedAt: '', tools: {} },
      toolPinsProblem:
        "its accepted tools are unreadable in the store, so none is offered; run 'npx agent-tools skill refresh remote' to accept them again",
    });
    await store.close();
    // the migration recorded version 2: the version table refuses it a second time
    await expect(
      engine.exec(location, "INSERT INTO skill_store_schema (version, why, applied_at) VALUES (2, 'again', 'x')"),
    ).rejects.toThrow();
    await engine.exec(location, "INSERT INTO skill_store_schema (version, why, applied_at) VALUES (3, 'from the future', 'x')");
    await expect(openSkillStore(location)).rejects.toThrow(/has schema version 3, newer than this agent-tools knows \(2\)/);
  });

  it('followStore registers, switches, rebuilds and unregisters skills as the store changes', async () => {
    const store = await openSkillStore(await engine.fresh());
    await store.install([
      { raw: prompt('a', 'first') },
      {
        raw: {
          kind: 'tool',
          name: 'echo_args',
          description: 'Echo',
          params: {},
          executor: { type: 'script', runtime: 'bash', code: 'cat' },
        },
      },
    ]);
    const follower = await followStore(store, undefined, { intervalMs: 10_000 });
    const reg = follower.registry;
    expect(reg.list().map((s) => [s.name, s.kind, s.enabled])).toEqual([
      ['a', 'prompt', true],
      ['echo_args', 'tool', true],
    ]);
    expect(reg.activeTools().map((t) => t.name)).toEqual(['echo_args']);
    await store.setEnabled('echo_args', false);
    await store.install([{ raw: prompt('a', 'second') }], { force: true });
    await store.install([{ raw: prompt('b') }]);
    await follower.sync();
    expect(reg.activeTools()).toEqual([]);
    expect(reg.get('a')!.prompt!.content).toBe('second');
    expect(reg.list().map((s) => s.name)).toEqual(['echo_args', 'a', 'b']);
    await store.remove('a');
    await follower.sync();
    expect(reg.has('a')).toBe(false);
    await follower.stop();
    await store.close();
  });
});

describe('SkillStore on sqlite only', () => {
  it('keeps the file in WAL mode and brings a store made before schema versions up to date', async () => {
    const location = await sqlite.fresh();
    await (await openSkillStore(location)).close();
    const db = openDatabase(location);
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    // A store written before the version table existed: the skills table alone, as schema 1 made it.
    db.exec('DROP TABLE skill_store_schema');
    db.exec('ALTER TABLE skills DROP COLUMN tool_pins');
    db.prepare("INSERT INTO skills VALUES ('a', 'prompt', ?, 1, NULL, 't1', 't2')").run(JSON.stringify(prompt('a')));
    db.close();
    const store = await openSkillStore(location);
    expect(await store.list()).toMatchObject({ skills: [{ name: 'a', installedAt: 't1', updatedAt: 't2' }] });
    await store.close();
    const check = openDatabase(location, { readOnly: true });
    expect(check.prepare('SELECT version FROM skill_store_schema').all()).toEqual(MIGRATIONS.map((m) => ({ version: m.version })));
    check.close();
  });
});
