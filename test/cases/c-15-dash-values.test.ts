/** Tests that values starting with a dash reach the tool as values through `agent-tools call`, never "unknown option". */

import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// Values that start with a dash reach the tool as values, never "unknown option".
const root = new URL('../..', import.meta.url).pathname;

function call(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [`${root}bin/agent-tools.js`, 'call', 'fixtures/cases/move-node.ts', 'move_node', ...args], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('C-15: agent-tools call with values that start with a dash', { timeout: 60_000 }, () => {
  it('negative numbers, dashed ids and labels, in both flag forms; a bad number names its flag', async () => {
    const runs = await Promise.all([
      call('--id', 'n1', '--dx', '-10', '--dy', '-2.5'),
      call('--id', 'n1', '--dx=-10'),
      call('--id', '-n1', '--label', '-x-'),
      call('--id=-n1', '--label=-h', '--tags', '-a', '--tags', '--b', '--pinned', '--dy', '-1e3'),
      call('--id', 'n1', '--dx', '-x'),
    ]);
    expect(runs.slice(0, 4).map((r) => [r.code, JSON.parse(r.stdout), r.stderr])).toEqual([
      [0, { id: 'n1', dx: -10, dy: -2.5, pinned: false }, ''],
      [0, { id: 'n1', dx: -10, dy: 0, pinned: false }, ''],
      [0, { id: '-n1', dx: 0, dy: 0, label: '-x-', pinned: false }, ''],
      [0, { id: '-n1', dx: 0, dy: -1000, label: '-h', tags: ['-a', '--b'], pinned: true }, ''],
    ]);
    expect([runs[4]!.code, runs[4]!.stdout]).toEqual([1, '']);
    expect(runs[4]!.stderr).toBe('agent-tools: Invalid arguments for tool "move_node":\n- --dx: expected number, received string "-x"\n');
  });
});
