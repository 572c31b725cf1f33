/** Tests of `scaffold` in a real terminal: prompts, Ctrl-C, Ctrl-D, redirected stdout and `TERM=dumb`. */

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toInputSchema } from '../../src/core/input-schema.js';
import { listFiles, root, runCli, tempProject, tscNoEmit } from './project.js';

const driver = join(root, 'test/scaffold/pty-drive.py');

/** Runs `agent-tools scaffold --interactive` in a pseudo-terminal, answering each prompt once its text appears. */
function drive(cwd: string, steps: [string, string][], mode = '--interactive') {
  const r = spawnSync('python3', [driver, JSON.stringify(steps), process.execPath, join(root, 'bin/agent-tools.js'), 'scaffold', mode], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { status: r.status, output: r.stdout };
}

const ENTER = '\r';
const answers: [string, string][] = [
  ['Tool name', `get_page${ENTER}`],
  ['What does it do', `Returns one page by id.${ENTER}`],
  ['mutates', ENTER],
  ['Folder (domain)', ENTER],
  ['Tier', ENTER],
  ['Param name', `id!${ENTER}`],
  ['Description of id', `Page id${ENTER}`],
  ['Type of id', ENTER],
  ['Param name', ENTER],
];

describe('agent-tools scaffold --interactive in a real terminal', () => {
  it('writes files that type-check, validate clean and export the typed strings', () => {
    const dir = tempProject();
    const r = drive(dir, [...answers, ['Write 6 files?', ENTER]]);
    expect(r.output).toContain('created tools/read/get-page.ts');
    expect(r.status).toBe(0);
    expect(readFileSync(join(dir, 'tools/read/get-page.ts'), 'utf8')).toContain(
      "id: { type: 'string', description: 'Page id', required: true },",
    );
    expect(tscNoEmit(dir)).toEqual({ status: 0, output: '' });
    const v = runCli(dir, ['validate', 'tools', '--format', 'json']);
    expect((JSON.parse(v.stdout) as { findings: unknown[] }).findings).toEqual([]);
    expect(v.status).toBe(0);
    const e = runCli(dir, ['export', 'tools', '--format', 'json']);
    expect(e.status).toBe(0);
    expect((JSON.parse(e.stdout) as { properties: Record<string, unknown> }).properties).toStrictEqual({
      get_page: {
        description: 'Returns one page by id.',
        ...toInputSchema({ id: { type: 'string', description: 'Page id', required: true } }),
      },
    });
  });

  it('Ctrl-C exits 2 and leaves no files', () => {
    const dir = tempProject();
    const r = drive(dir, [...answers.slice(0, 6), ['Description of id', '\x03']]);
    expect(r.output).toContain('agent-tools: scaffold cancelled (Ctrl-C); no files written');
    expect(r.status).toBe(2);
    expect(listFiles(join(dir, 'tools'))).toEqual([]);
  });

  it('scaffold --stdin on a terminal: Ctrl-C while typing the spec exits 2 and leaves no files', () => {
    const dir = tempProject();
    const r = drive(
      dir,
      [
        ['Ctrl-D on a new line', '{"name": "get_page",'],
        ['get_page', '\x03'],
      ],
      '--stdin',
    );
    expect(r.output).toContain('agent-tools: scaffold cancelled (Ctrl-C); no files written');
    expect(r.status).toBe(2);
    expect(listFiles(join(dir, 'tools'))).toEqual([]);
  });

  it('scaffold --stdin on a terminal reads the typed spec up to Ctrl-D', () => {
    const dir = tempProject();
    const spec = '{"name": "get_page", "desc": "Returns one page by id.", "mutates": false, "params": {"id!": "Page id"}}';
    const r = drive(
      dir,
      [
        ['Ctrl-D on a new line', `${spec}\r`],
        ['}', '\x04'],
      ],
      '--stdin',
    );
    expect(r.output).toContain('created tools/read/get-page.ts');
    expect(r.status).toBe(0);
  });

  // Prompts belong on the terminal: with stdout redirected they were written into the file, and
  // with TERM=dumb (no cursor movement) inquirer's redrawn prompts sent cursor codes.
  it('with stdout redirected to a file, the prompts stay on the terminal and out of the file', () => {
    const dir = tempProject();
    const steps = JSON.stringify([...answers, ['Write 6 files?', ENTER]]);
    const cmd = [process.execPath, join(root, 'bin/agent-tools.js'), 'scaffold', '--interactive'];
    const r = spawnSync('python3', [driver, steps, 'sh', '-c', 'exec "$0" "$@" > out.txt', ...cmd], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Tool name');
    const file = readFileSync(join(dir, 'out.txt'), 'utf8');
    expect(file).toContain('created tools/read/get-page.ts');
    expect(file).not.toContain('Tool name');
    expect(file).not.toMatch(/\x1b/);
  });

  it('with TERM=dumb, plain line prompts with no cursor-movement codes, and the same files', () => {
    const dir = tempProject();
    const steps = JSON.stringify([
      ['Tool name', `get_page${ENTER}`],
      ['What does it do', `Returns one page by id.${ENTER}`],
      ['mutates', ENTER],
      ['Folder (domain)', ENTER],
      ['choose 1-2', ENTER],
      ['Param name', `id!${ENTER}`],
      ['Description of id', `Page id${ENTER}`],
      ['choose 1-', ENTER],
      ['Param name', ENTER],
      ['Write 6 files?', ENTER],
    ]);
    const r = spawnSync('python3', [driver, steps, process.execPath, join(root, 'bin/agent-tools.js'), 'scaffold', '--interactive'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', TERM: 'dumb' },
    });
    expect(r.stdout).toContain('created tools/read/get-page.ts');
    expect(r.status).toBe(0);
    // no escape sequence at all: no cursor movement, no erased lines, no hidden cursor
    expect(r.stdout).not.toMatch(/\x1b/);
    expect(readFileSync(join(dir, 'tools/read/get-page.ts'), 'utf8')).toContain(
      "id: { type: 'string', description: 'Page id', required: true },",
    );
  });
});
