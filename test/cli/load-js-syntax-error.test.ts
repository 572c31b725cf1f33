/** Tests that a JavaScript tools module with a syntax error is reported at file:line:col by serve, call and export --import. */

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;

describe('a JavaScript module with a syntax error (Node names no place for an ES module)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bad-js-module-'));
  mkdirSync(join(dir, 'brk'));
  writeFileSync(join(dir, 'brk/broken.mjs'), 'export const x = {\n  a: 1,\n');
  writeFileSync(join(dir, 'brk/token.mjs'), 'export const a = 1;\nexport const b = ;\n');
  writeFileSync(join(dir, 'brk/old.cjs'), 'module.exports = {\n  a: 1,\n');
  writeFileSync(join(dir, 'uses-old.mjs'), "import './brk/old.cjs';\nexport const x = 1;\n");
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [join(root, 'bin/agent-tools.js'), ...args], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });

  it('serve and call give file:line:col with the path as given, exit 2', () => {
    const serve = run('serve', 'brk/broken.mjs', '--no-skills');
    expect([serve.status, serve.stderr]).toEqual([
      2,
      'agent-tools: could not load brk/broken.mjs: brk/broken.mjs:3:1: Unexpected end of input\n',
    ]);
    const call = run('call', 'brk/token.mjs', '--list');
    expect([call.status, call.stderr]).toEqual([
      2,
      "agent-tools: could not load brk/token.mjs: brk/token.mjs:2:18: Unexpected token ';'\n",
    ]);
  });

  it('a CommonJS module: its line; one that a module imports: named by its own path', () => {
    expect(run('call', 'brk/old.cjs', '--list').stderr).toBe(
      'agent-tools: could not load brk/old.cjs: brk/old.cjs:3:1: Unexpected end of input\n',
    );
    expect(run('call', 'uses-old.mjs', '--list').stderr).toBe(
      'agent-tools: could not load uses-old.mjs: brk/old.cjs:3: Unexpected end of input\n',
    );
  });

  it('export --import says the same, not an internal error', () => {
    const r = run('export', '--import', 'brk/token.mjs');
    expect([r.status, r.stderr]).toEqual([2, "agent-tools: could not load brk/token.mjs: brk/token.mjs:2:18: Unexpected token ';'\n"]);
  });
});
