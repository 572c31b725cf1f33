/** Tests that `--dir`, `--output` and `-o` on a command with `--out` are answered with `--out`, and nowhere else. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const run = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [`${root}bin/agent-tools.js`, ...args], {
    cwd,
    input: '',
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });

describe('an unknown option that other tools spell for --out', { timeout: 60_000 }, () => {
  it.each([
    [['scaffold', '--dir', 'toolbox'], '--dir', 'scaffold'],
    [['scaffold', '--output=toolbox'], '--output=toolbox', 'scaffold'],
    [['export', '.', '-o', 'tools.json'], '-o', 'export'],
    [['export', '.', '--output', 'tools.json'], '--output', 'export'],
  ])('%j: exit 2, suggests --out, writes nothing', (args, flag, command) => {
    const dir = mkdtempSync(join(tmpdir(), 'option-alias-'));
    const r = run(dir, ...args);
    expect([r.status, r.stdout, r.stderr]).toEqual([
      2,
      '',
      `agent-tools: ${command}: unknown option '${flag}' (did you mean --out?)\n(run 'npx agent-tools ${command} --help' for usage)\n`,
    ]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('is not suggested where the command has no --out (validate writes its report with --report)', () => {
    const r = run(mkdtempSync(join(tmpdir(), 'option-alias-')), 'validate', '--dir', 'x');
    expect([r.status, r.stderr]).toEqual([
      2,
      "agent-tools: validate: unknown option '--dir'\n(run 'npx agent-tools validate --help' for usage)\n",
    ]);
  });
});
