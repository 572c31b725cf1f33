/** Tests of `--watch` in a real process: validate reports a save within 2 s, export rewrites its `--out`. */

import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { root } from '../scaffold/project.js';

const BIN = join(root, 'bin/agent-tools.js');
const FONTS = join(root, 'fixtures/fix/jsdoc/after/tools');
const running: ChildProcess[] = [];
afterEach(() => {
  for (const p of running.splice(0)) if (p.exitCode === null) p.kill('SIGKILL');
});

/** A real `agent-tools` process whose stdout and stderr are collected as they come. */
function start(cwd: string, args: string[]) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: '1' } });
  running.push(child);
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (d: Buffer) => (out.stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out.stderr += d.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, out, exited };
}

/** Resolves when `test()` holds, polling every 20 ms; rejects after `ms` with what was seen. */
async function until(test: () => boolean, ms: number, what: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms; saw:\n${what()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function toolbox(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-watch-'));
  cpSync(FONTS, join(dir, 'tools'), { recursive: true });
  return dir;
}

const rename = (dir: string, from: string, to: string) => {
  const file = join(dir, 'tools/fonts.ts');
  writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));
};

describe('--watch (real process)', () => {
  it('validate --watch reports a new finding within 2 s of a save, and Ctrl-C exits 0', async () => {
    const dir = toolbox();
    const p = start(dir, ['validate', 'tools', '--profile', 'tools', '--watch']);
    await until(
      () => /ran in \d+ ms; watching tools/.test(p.out.stderr),
      60_000,
      () => p.out.stderr,
    );
    expect(p.out.stdout).toContain('✔ 0 errors, 0 warnings');
    rename(dir, "name: 'list_fonts'", "name: 'listFonts'");
    await until(
      () => p.out.stdout.includes('Tool name "listFonts" is not snake_case.'),
      2000,
      () => p.out.stdout + p.out.stderr,
    );
    await until(
      () => /tools\/fonts.ts changed; ran in \d+ ms/.test(p.out.stderr),
      2000,
      () => p.out.stderr,
    );
    p.child.kill('SIGINT');
    expect(await p.exited).toBe(0);
  });

  it('export --watch --out rewrites the file after a save (its own output, inside the watched folder, starts no run); without --out it is a usage error', async () => {
    const dir = toolbox();
    const p = start(dir, ['export', 'tools', '--watch', '--out', 'tools/tools.json']);
    await until(
      () => /ran in \d+ ms; watching tools/.test(p.out.stderr),
      60_000,
      () => p.out.stderr,
    );
    const names = () =>
      (JSON.parse(readFileSync(join(dir, 'tools/tools.json'), 'utf8')) as { tools: { name: string }[] }).tools.map((t) => t.name).sort();
    expect(names()).toEqual(['count_fonts', 'get_font', 'list_fonts']);
    rename(dir, "name: 'get_font'", "name: 'read_font'");
    await until(
      () => names().includes('read_font'),
      2000,
      () => p.out.stderr,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(p.out.stderr.match(/ran in/g)).toHaveLength(2);
    p.child.kill('SIGINT');
    expect(await p.exited).toBe(0);
    const bad = start(dir, ['export', 'tools', '--watch']);
    expect(await bad.exited).toBe(2);
    expect(bad.out.stderr).toContain('--watch needs --out <file>');
  });
});
