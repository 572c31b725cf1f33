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

  it('on a Node.js too old for node:sqlite, says in one line to upgrade (exit 2, no stack, no "internal error")', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-missing-'));
    // As on Node 20: the built-in module is not there, and the version is older than 22.13.0.
    const noSqlite = join(dir, 'no-sqlite.mjs');
    writeFileSync(
      noSqlite,
      `const get = process.getBuiltinModule; process.getBuiltinModule = (id) => (/sqlite/.test(id) ? undefined : get(id));\n` +
        `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '20.20.2' } });\n`,
    );
    const palette = join(root, 'examples/canvas/skills/palette.json');
    const r = cli(['skill', 'install', palette, '--store', join(dir, 'skills.db')], ['--import', noSqlite]);
    expect([r.status, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toBe(
      `agent-tools: the SQLite skill store needs Node.js 22.13.0 or newer (built-in node:sqlite); this is Node.js v20.20.2: ` +
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

  it('on a Node.js new enough for node:sqlite, names the flag that turned it off, or the build, instead of asking to upgrade', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-off-'));
    const palette = join(root, 'examples/canvas/skills/palette.json');
    const store = ['--store', join(dir, 'skills.db')];
    const head = `agent-tools: the SQLite skill store needs the built-in node:sqlite, and this Node.js ${process.version} process does not have it`;
    const postgres = 'use a PostgreSQL store (--store postgres://...)\n';
    const flagged = cli(['skill', 'install', palette, ...store], ['--no-experimental-sqlite']);
    expect([flagged.status, flagged.stdout, flagged.stderr]).toEqual([
      2,
      '',
      `${head}: --no-experimental-sqlite turned it off; run node without --no-experimental-sqlite, or ${postgres}`,
    ]);
    const inOptions = spawnSync(process.execPath, [join(root, 'bin/agent-tools.js'), 'skill', 'install', palette, ...store], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', NODE_OPTIONS: '--no-experimental-sqlite' },
    });
    expect([inOptions.status, inOptions.stderr]).toEqual([
      2,
      `${head}: --no-experimental-sqlite in NODE_OPTIONS turned it off; remove it from NODE_OPTIONS, or ${postgres}`,
    ]);
    // As on a build without SQLite: this Node.js version has the module, this process does not.
    const noSqlite = join(dir, 'no-sqlite.mjs');
    writeFileSync(
      noSqlite,
      `const get = process.getBuiltinModule; process.getBuiltinModule = (id) => (/sqlite/.test(id) ? undefined : get(id));\n`,
    );
    const built = cli(['skill', 'install', palette, ...store], ['--import', noSqlite]);
    expect([built.status, built.stderr]).toEqual([
      2,
      `${head} (turned off by --no-experimental-sqlite, or a Node.js built without SQLite): drop that flag, use a Node.js build with SQLite, ` +
        `or ${postgres}`,
    ]);
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
