/** Tests that `agent-tools call` asks before a destructive tool runs: in a terminal, with `--yes`, and without a terminal. */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'bin', 'agent-tools.js');
const driver = join(root, 'test', 'scaffold', 'pty-drive.py');
const fixture = join(root, 'fixtures', 'cli', 'remove-file.ts');
const ENTER = '\r';
// The terminal prompt draws with cursor moves and, on some terminals, colors: assert on the text.
const plain = (s: string) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A temp folder (the command's working folder, no configuration) holding one file for remove_file. */
function victim(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-call-approval-'));
  dirs.push(dir);
  const file = join(dir, 'keep-or-remove.txt');
  writeFileSync(file, 'data\n');
  return { dir, file };
}

const callArgs = (file: string, ...more: string[]) => [bin, 'call', fixture, 'remove_file', '--path', file, ...more];

/** `agent-tools call` in a pseudo-terminal (stdin, stdout and stderr are the terminal), answering the prompt once it appears. */
function inTerminal(dir: string, file: string, steps: [string, string][]) {
  const r = spawnSync('python3', [driver, JSON.stringify(steps), process.execPath, ...callArgs(file)], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { status: r.status, output: plain(r.stdout) };
}

describe('agent-tools call asks before a destructive tool runs', { timeout: 60_000 }, () => {
  it('in a terminal: shows the tool, why and its arguments, and runs it after "y" (exit 0, result printed)', () => {
    const { dir, file } = victim();
    const r = inTerminal(dir, file, [['Run remove_file?', `y${ENTER}`]]);
    expect(r.output).toContain(
      'remove_file needs approval before it runs: it is destructive: it mutates and does not say destructive: false.',
    );
    expect(r.output).toContain('  Removes one file from disk.');
    expect(r.output).toContain(`  arguments: {\r\n    "path": ${JSON.stringify(file)}\r\n  }`);
    expect(r.output).toContain('Run remove_file? Yes');
    expect(r.output).toContain(`{\r\n  "removed": ${JSON.stringify(file)}\r\n}`);
    expect(r.status).toBe(0);
    expect(existsSync(file)).toBe(false);
  });

  it('in a terminal: after "n" the tool does not run, the message says denied, exit 1', () => {
    const { dir, file } = victim();
    const r = inTerminal(dir, file, [['Run remove_file?', `n${ENTER}`]]);
    expect(r.output).toContain('Run remove_file? No');
    expect(r.output).toContain(
      'Tool "remove_file" was not approved (denied by the person at the terminal: answered no), so it did not run.',
    );
    expect(r.output).not.toContain('"removed"');
    expect(r.status).toBe(1);
    expect(existsSync(file)).toBe(true);
  });

  it('in a terminal: Enter takes the default, which is no', () => {
    const { dir, file } = victim();
    const r = inTerminal(dir, file, [['Run remove_file?', ENTER]]);
    expect(r.output).toContain('denied by the person at the terminal: answered no');
    expect(r.status).toBe(1);
    expect(existsSync(file)).toBe(true);
  });

  it('in a terminal: Ctrl-C at the prompt is a denial, not a run', () => {
    const { dir, file } = victim();
    const r = inTerminal(dir, file, [['Run remove_file?', '\x03']]);
    expect(r.output).toContain('denied by the person at the terminal: the prompt was closed (Ctrl-C)');
    expect(r.status).toBe(1);
    expect(existsSync(file)).toBe(true);
  });

  it('--yes without a terminal: runs without asking, only the result on stdout, exit 0', () => {
    const { dir, file } = victim();
    const r = spawnSync(process.execPath, callArgs(file, '--yes'), {
      cwd: dir,
      input: '',
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.stdout).toBe(`${JSON.stringify({ removed: file })}\n`); // not a terminal: one line of JSON
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(existsSync(file)).toBe(false);
  });

  it('without a terminal and without --yes: does not run, says how to approve, exit 2', () => {
    const { dir, file } = victim();
    const r = spawnSync(process.execPath, callArgs(file), {
      cwd: dir,
      input: '',
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Tool "remove_file" needs approval before it runs');
    expect(r.stderr).toContain(
      'Run it again with --yes to approve it, or list it under approval.allow in agent-tools.config.json and commit that file.',
    );
    expect(r.status).toBe(2);
    expect(existsSync(file)).toBe(true);
  });

  it("approval.allow of a working folder outside the tools module's git work tree is left out: no terminal, no --yes, no run", () => {
    // the module is this repository's fixture; the configuration lies in a temp folder no commit of it holds
    const { dir, file } = victim();
    writeFileSync(join(dir, 'agent-tools.config.json'), JSON.stringify({ approval: { allow: ['remove_*'] } }));
    const r = spawnSync(process.execPath, callArgs(file), {
      cwd: dir,
      input: '',
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.stderr.split('\n')[0]).toBe(
      'agent-tools: approval.allow "remove_*" of agent-tools.config.json is not applied: the file lies outside the git work tree ' +
        'of the tools module, so no review has seen it (commit it, or approve on the command line: serve --approve, call --yes)',
    );
    expect(r.status).toBe(2);
    expect(existsSync(file)).toBe(true);
  });
});
