/** Tests of the SQLite store on `node:sqlite`: no warning printed, one line without it, rollbacks and error codes. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { immediate, openDatabase, sqliteCode } from '../../src/skills/store/sqlite-driver.js';

const root = new URL('../..', import.meta.url).pathname;
const cli = (args: string[], nodeArgs: string[] = []) =>
  spawnSync(process.execPath, [...nodeArgs, join(root, 'bin/agent-tools.js'), ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, NO_COLOR: '1' },
  });

describe('the SQLite store on Node’s built-in node:sqlite', () => {
  it('prints nothing on stderr when a store is created and listed (Node 22 would print an ExperimentalWarning)', () => {
    const store = join(mkdtempSync(join(tmpdir(), 'sqlite-quiet-')), 'skills.db');
    const install = cli(['skill', 'install', join(root, 'examples/canvas/skills/palette.json'), '--store', store]);
    expect([install.status, install.stderr]).toEqual([0, '']);
    const list = cli(['skill', 'list', '--store', store]);
    expect([list.status, list.stderr]).toEqual([0, '']);
    expect(list.stdout).toMatch(/^tint_palette /);
  });

  it('drops only that one warning: a warning emitted after the store is open still reaches stderr', () => {
    const store = join(mkdtempSync(join(tmpdir(), 'sqlite-warn-')), 'skills.db');
    const script = `import { openSkillStore } from ${JSON.stringify(`${root}dist/skills/store/store.js`)};
const s = await openSkillStore(${JSON.stringify(store)});
await s.close();
process.emitWarning('SQLite is an experimental feature, said someone else', 'ExperimentalWarning');
process.emitWarning('another feature is experimental', 'ExperimentalWarning');`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('ExperimentalWarning: SQLite is an experimental feature, said someone else');
    expect(r.stderr).toContain('ExperimentalWarning: another feature is experimental');
    expect(r.stderr).not.toContain('might change at any time');
  });

  it('on a Node.js without node:sqlite, says in one line what to do (exit 2, no stack, no "internal error")', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-missing-'));
    // As on Node 20 or a build without SQLite: the built-in module is not there.
    const noSqlite = join(dir, 'no-sqlite.mjs');
    writeFileSync(
      noSqlite,
      `const get = process.getBuiltinModule; process.getBuiltinModule = (id) => (/sqlite/.test(id) ? undefined : get(id));\n`,
    );
    const palette = join(root, 'examples/canvas/skills/palette.json');
    const r = cli(['skill', 'install', palette, '--store', join(dir, 'skills.db')], ['--import', noSqlite]);
    expect([r.status, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toBe(
      `agent-tools: the SQLite skill store needs Node.js 22.13.0 or newer (built-in node:sqlite); this is Node.js ${process.version}: ` +
        'upgrade Node.js, or use a PostgreSQL store (--store postgres://...)\n',
    );
    // The same one line from every command that opens the store, the console included (it used to start and answer 500 "internal error"),
    // and serve when a store file is there (its enabled skills are served by default; without a store file serve does not open one).
    const store = ['--store', join(dir, 'present.db')];
    expect(cli(['skill', 'install', palette, ...store]).status).toBe(0);
    for (const args of [
      ['skill', 'list', ...store],
      ['console', '--port', '0', ...store],
      ['serve', join(root, 'fixtures/adapters/output-tools.ts'), ...store],
    ]) {
      const other = cli(args, ['--import', noSqlite]);
      expect([args[0], other.status, other.stdout, other.stderr]).toEqual([args[0], 2, '', r.stderr]);
    }
  });

  it('rolls a transaction back when its body throws, and names SQLite’s error codes', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'sqlite-tx-')), 'x.db'));
    db.exec('CREATE TABLE t (v INTEGER)');
    expect(() =>
      immediate(db, () => {
        db.prepare('INSERT INTO t VALUES (1)').run();
        throw new Error('stop');
      }),
    ).toThrow('stop');
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 0 });
    immediate(db, () => db.prepare('INSERT INTO t VALUES (2)').run());
    expect(db.prepare('SELECT v FROM t').all()).toEqual([{ v: 2 }]);
    let caught: unknown;
    try {
      db.exec('INSERT INTO nope VALUES (1)');
    } catch (err) {
      caught = err;
    }
    expect(sqliteCode(caught)).toBe('SQLITE_ERROR');
    expect(sqliteCode(new Error('x'))).toBeUndefined();
    db.close();
    const garbage = join(mkdtempSync(join(tmpdir(), 'sqlite-garbage-')), 'g.db');
    writeFileSync(garbage, 'not sqlite at all, but long enough to be read as a header by SQLite itself.'.repeat(10));
    try {
      openDatabase(garbage).exec('PRAGMA journal_mode = WAL');
    } catch (err) {
      caught = err;
    }
    expect(sqliteCode(caught)).toBe('SQLITE_NOTADB');
  });
});
