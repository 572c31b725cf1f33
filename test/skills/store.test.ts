import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { InvalidSkillError, SkillExistsError, SkillStore } from '../../src/skills/store.js';

const root = new URL('../..', import.meta.url).pathname;
const tempStore = () => join(mkdtempSync(join(tmpdir(), 'skill-store-')), 'nested', 'skills.db');
const prompt = (name: string, content = 'Be brief.') => ({ kind: 'prompt', name, description: `Skill ${name}`, triggers: [name], content });

/** A child node process that installs `count` skills named `<prefix>-<i>` one transaction each, then toggles them. */
function writer(path: string, prefix: string, count: number): Promise<{ code: number | null; stderr: string }> {
  const script = `import { SkillStore } from ${JSON.stringify(`${root}dist/skills/store.js`)};
const store = SkillStore.open(${JSON.stringify(path)});
for (let i = 0; i < ${count}; i++) {
  store.install([{ raw: { kind: 'prompt', name: '${prefix}-' + i, description: 'd', triggers: ['t'], content: 'c' }, source: '${prefix}' }]);
  store.setEnabled('${prefix}-' + i, i % 2 === 0);
}
store.close();`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('SkillStore', () => {
  it('round-trips install, list, enable, disable, remove, in WAL mode', () => {
    const path = tempStore();
    const store = SkillStore.open(path);
    const [installed] = store.install([{ raw: prompt('tone'), source: '/x/tone.json' }]);
    expect(installed).toMatchObject({ name: 'tone', kind: 'prompt', enabled: true, source: '/x/tone.json', raw: prompt('tone') });
    expect(installed!.installedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(store.setEnabled('tone', false)).toBe(true);
    expect(store.list()).toMatchObject({ skills: [{ name: 'tone', enabled: false }], problems: [] });
    expect(store.setEnabled('nope', true)).toBe(false);
    expect(store.remove('tone')).toBe(true);
    expect(store.remove('tone')).toBe(false);
    expect(store.list()).toEqual({ skills: [], problems: [] });
    const db = new Database(path, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    store.close();
  });

  it('refuses an existing name without force (nothing written), replaces it with force', () => {
    const store = SkillStore.open(tempStore());
    store.install([{ raw: prompt('a') }]);
    store.setEnabled('a', false);
    expect(() => store.install([{ raw: prompt('b') }, { raw: prompt('a', 'new') }])).toThrow(new SkillExistsError(['a']));
    expect(store.names()).toEqual(['a']);
    const [a] = store.install([{ raw: prompt('a', 'new') }], { force: true });
    expect(a).toMatchObject({ raw: { content: 'new' }, enabled: false });
    store.close();
  });

  it('refuses an invalid skill with its problems and writes nothing', () => {
    const store = SkillStore.open(tempStore());
    const bad = { kind: 'prompt', name: 'x', description: 'd', triggers: [], content: 'c' };
    expect(() => store.install([{ raw: prompt('ok') }, { raw: bad }])).toThrow(InvalidSkillError);
    expect(() => store.install([{ raw: bad }])).toThrow('Invalid skill:\n  $.triggers: needs at least one trigger word');
    expect(store.names()).toEqual([]);
    store.close();
  });

  it('reports a corrupt row and still loads the others', () => {
    const path = tempStore();
    const store = SkillStore.open(path);
    store.install([{ raw: prompt('a') }, { raw: prompt('b') }, { raw: prompt('c') }]);
    const db = new Database(path);
    db.prepare("UPDATE skills SET json = '{not json' WHERE name = 'b'").run();
    db.prepare("UPDATE skills SET json = ? WHERE name = 'c'").run(JSON.stringify({ ...prompt('c'), kind: 'plugin' }));
    db.close();
    const { skills, problems } = store.list();
    expect(skills.map((s) => s.name)).toEqual(['a']);
    expect(problems.map((p) => p.name)).toEqual(['b', 'c']);
    expect(problems[0]!.message).toMatch(/^stored JSON is unreadable: .*; reinstall it with --force or remove it$/);
    expect(problems[1]!.message).toBe('stored skill is invalid: $.kind: expected "kind" to be "prompt", "tool" or "mcp"; reinstall it with --force or remove it');
    store.close();
  });

  it('takes concurrent writes from two processes without losing any', async () => {
    const path = tempStore();
    SkillStore.open(path).close();
    const results = await Promise.all([writer(path, 'left', 40), writer(path, 'right', 40)]);
    expect(results).toEqual([{ code: 0, stderr: '' }, { code: 0, stderr: '' }]);
    const store = SkillStore.open(path);
    const { skills, problems } = store.list();
    expect(problems).toEqual([]);
    expect(skills).toHaveLength(80);
    expect(skills.filter((s) => s.enabled)).toHaveLength(40);
    store.close();
  });

  it('notices a change made by another process', async () => {
    const path = tempStore();
    const store = SkillStore.open(path);
    store.install([{ raw: prompt('a') }]);
    const changed = new Promise<void>((resolve) => {
      const off = store.watch(() => {
        off();
        resolve();
      }, 20);
    });
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', `import { SkillStore } from ${JSON.stringify(`${root}dist/skills/store.js`)}; const s = SkillStore.open(${JSON.stringify(path)}); s.setEnabled('a', false); s.close();`], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    await changed;
    expect(store.list().skills[0]!.enabled).toBe(false);
    store.close();
  });
});
