/** Tests that a param named like one of call's own flags (args, yes, out_dir, help) is --param-<name>, so --yes still approves. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_FLAGS } from '../../src/adapters/cli.js';

const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'bin', 'agent-tools.js');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-tools-own-flags-'));
  // purge says nothing about mutates, so it counts as destructive and needs approval
  writeFileSync(
    join(dir, 'tools.mjs'),
    `import { defineTool } from ${JSON.stringify(join(root, 'dist', 'index.js'))};
export const purge = defineTool({ name: 'purge', description: 'Purges the cache.',
  params: {
    yes: { type: 'boolean', description: 'Skip the dry run' },
    args: { type: 'string', description: 'Extra arguments' },
    out_dir: { type: 'string', description: 'Where the report goes' },
    help: { type: 'string', description: 'A help text to keep' },
  },
  execute: (_api, a) => a });
export default [purge];
`,
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const call = (...args: string[]) =>
  spawnSync(process.execPath, [bin, 'call', 'tools.mjs', 'purge', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });

describe('a param named like one of call’s own flags', { timeout: 120_000 }, () => {
  it('without a terminal, the hint says --yes, and --yes then approves while --param-yes sets the param', () => {
    const refused = call('--param-yes');
    expect(refused.status).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('Run it again with --yes to approve it');
    const approved = call('--param-yes', '--param-args', 'a b', '--param-out-dir', 'reports', '--param-help', 'h', '--yes');
    expect([approved.status, approved.stderr]).toEqual([0, '']);
    expect(JSON.parse(approved.stdout)).toEqual({ yes: true, args: 'a b', out_dir: 'reports', help: 'h' });
  });

  it('--yes alone approves and leaves the param yes unset; --args sets any of them', () => {
    const r = call('--yes', '--args', '{"yes":false,"args":"x"}');
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(JSON.parse(r.stdout)).toEqual({ yes: false, args: 'x' });
    expect(JSON.parse(call('--yes').stdout)).toEqual({});
  });

  it('the tool’s --help names each of them as --param-<name>, one list for all of call’s own flags', () => {
    const help = call('--help');
    expect(help.status).toBe(0);
    // commander wraps the help at 80 columns: match across the line breaks
    const text = help.stdout.replace(/\s+/g, ' ');
    for (const flag of Object.keys(OWN_FLAGS)) {
      expect(text).toContain(`--param-${flag} `);
      expect(text).toContain(`[the param "${flag.replace('-', '_')}": --${flag}`);
    }
    expect(help.stdout).toMatch(/\n {2}--yes +approve the call/);
  });
});
