/** Tests of `ensureDir`, and that the CLI reports unusable paths as such, exit 2. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CannotCreateDirError, ensureDir } from '../../src/util/ensure-dir.js';

const root = new URL('../..', import.meta.url).pathname;

describe('ensureDir', () => {
  it('creates missing levels and accepts an existing folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ensure-'));
    ensureDir(join(dir, 'a', 'b', 'c'));
    expect(statSync(join(dir, 'a', 'b', 'c')).isDirectory()).toBe(true);
    ensureDir(join(dir, 'a', 'b'));
  });

  it('names a parent that is a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ensure-'));
    writeFileSync(join(dir, 'afile'), 'x');
    expect(() => ensureDir(join(dir, 'afile', 'sub'))).toThrow(
      new CannotCreateDirError(join(dir, 'afile', 'sub'), `${join(dir, 'afile')} is a file, not a folder`),
    );
  });

  it('fails at once under /proc, where mkdirSync({ recursive: true }) never returns on Node 20', () => {
    expect(() => ensureDir('/proc/agent-tools-x/y')).toThrow(
      'cannot create folder /proc/agent-tools-x/y: ENOENT creating /proc/agent-tools-x',
    );
  });
});

describe('the CLI reports unusable paths as such, exit 2, never as an internal error', () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [join(root, 'bin/agent-tools.js'), ...args], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, NO_COLOR: '1' },
    });
  it('a store whose folder cannot be created, a store that is not a database, an --out under a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'paths-'));
    writeFileSync(join(dir, 'afile'), 'x');
    writeFileSync(join(dir, 'garbage.db'), 'not sqlite');
    const skill = join(root, 'examples/canvas/skills/palette.json');
    const proc = run('skill', 'install', skill, '--store', '/proc/agent-tools-x/y.db');
    expect([proc.status, proc.stderr]).toEqual([
      2,
      'agent-tools: cannot create folder /proc/agent-tools-x: ENOENT creating /proc/agent-tools-x\n',
    ]);
    const garbage = run('skill', 'list', '--store', join(dir, 'garbage.db'));
    expect([garbage.status, garbage.stderr]).toEqual([
      2,
      `agent-tools: cannot open the skill store ${join(dir, 'garbage.db')}: file is not a database\n`,
    ]);
    const out = run('export', join(root, 'examples/canvas'), '--out', join(dir, 'afile', 'x.json'));
    expect([out.status, out.stderr]).toEqual([
      2,
      `agent-tools: cannot create folder ${join(dir, 'afile')}: ${join(dir, 'afile')} is a file, not a folder\n`,
    ]);
  });
});
