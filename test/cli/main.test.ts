/** Tests of the CLI skeleton: help, version, usage errors with exit 2, and a closed output pipe. */

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const bin = `${root}bin/agent-tools.js`;
const run = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

describe('agent-tools CLI skeleton', () => {
  it('prints help and exits 0', () => {
    const r = run('--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Usage: agent-tools \[options\]/);
    expect(r.stdout).toContain('Exit codes: 0 success, 1 findings or a failed tool call, 2 usage');
  });

  it('prints the package version', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string };
    const r = run('--version');
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(pkg.version);
  });

  it('exits 2 on a usage error with one line of help and no stack', () => {
    const r = run('--bogus');
    expect(r.status).toBe(2);
    expect(r.stderr).toBe("agent-tools: unknown option '--bogus'\n(run 'npx agent-tools --help' for usage)\n");
    expect(r.stdout).toBe('');
  });
});

describe('agent-tools output into a closed pipe', () => {
  it('stops quietly when the reader has gone away (agent-tools --help | true)', () => {
    // `true` exits before node has started, so the first write to stdout fails with EPIPE
    const r = spawnSync('bash', ['-c', `node ${bin} --help | true; exit "\${PIPESTATUS[0]}"`], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
