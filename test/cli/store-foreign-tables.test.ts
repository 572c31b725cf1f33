/** A SQLite --store file holding another application's tables is refused by every command that opens the store. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/skills/store/sqlite-driver.js';

const root = new URL('../..', import.meta.url).pathname;
const skill = `${root}fixtures/skills/tone.json`;

/** A folder holding app.db: another application's SQLite file with tables of its own. */
function appDatabase() {
  const cwd = mkdtempSync(join(tmpdir(), 'foreign-store-'));
  const db = openDatabase(join(cwd, 'app.db'));
  db.exec('CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT)');
  db.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, total INTEGER)');
  db.exec("INSERT INTO users (email) VALUES ('a@example.com')");
  db.close();
  const run = (...args: string[]) => {
    const r = spawnSync(process.execPath, [`${root}bin/agent-tools.js`, ...args], {
      cwd,
      input: '',
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const tables = () => {
    const d = openDatabase(join(cwd, 'app.db'), { readOnly: true });
    try {
      return d
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .all()
        .map((r) => r.name);
    } finally {
      d.close();
    }
  };
  return { cwd, run, tables };
}

const refusal =
  'agent-tools: app.db is not a skill store: it holds tables of another application (orders, users); give --store a file of its own, or add --allow-foreign-tables to keep the skill store in this database';

describe('a --store file of another application', { timeout: 90_000 }, () => {
  it('skill install, list and run refuse it (exit 2), naming the file and its tables, and leave it untouched', () => {
    const { run, tables, cwd } = appDatabase();
    const before = readFileSync(join(cwd, 'app.db'));
    for (const args of [
      ['skill', 'install', skill, '--store', 'app.db'],
      ['skill', 'list', '--store', 'app.db'],
      ['skill', 'run', 'tone', '--store', 'app.db'],
    ]) {
      const r = run(...args);
      expect([args[1], r.code, r.stderr.trimEnd()]).toEqual([args[1], 2, refusal]);
    }
    expect(tables()).toEqual(['orders', 'users']);
    // not even the journal mode was switched: the file is byte for byte what it was
    expect(readFileSync(join(cwd, 'app.db')).equals(before)).toBe(true);
  });

  it('serve --skills refuses it too', () => {
    const { run, tables } = appDatabase();
    const r = run('serve', `${root}examples/canvas/registry.ts`, '--skills', '--store', 'app.db');
    expect([r.code, r.stderr.trimEnd().split('\n').at(-1)]).toEqual([2, refusal]);
    expect(tables()).toEqual(['orders', 'users']);
  });

  it('--allow-foreign-tables keeps the skill store in it beside the other tables', () => {
    const { run, tables } = appDatabase();
    const r = run('skill', 'install', skill, '--store', 'app.db', '--allow-foreign-tables');
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(tables()).toEqual(['orders', 'skill_store_schema', 'skills', 'users']);
    const list = run('skill', 'list', '--store', 'app.db', '--allow-foreign-tables', '--json');
    expect(JSON.parse(list.stdout).skills.map((s: { name: string }) => s.name)).toEqual(['tone']);
  });

  it("a store's own file (only the store's tables) needs no flag", () => {
    const { run } = appDatabase();
    expect(run('skill', 'install', skill, '--store', 'own.db').code).toBe(0);
    expect(run('skill', 'list', '--store', 'own.db', '--json').code).toBe(0);
  });
});
