/** Tests that `agent-tools call` asks before a tool that does not say whether it mutates: it counts as destructive (the MCP default). */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dropTableModule } from '../undeclared-tool.js';

const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'bin', 'agent-tools.js');

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/**
 * A temp folder holding a new user's tools.ts: `drop_table`, with no `mutates`, removes the
 * file that stands for its table, so a test sees whether it ran.
 */
function project(): { dir: string; tools: string; table: string } {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-undeclared-'));
  dirs.push(dir);
  const table = join(dir, 'users.table');
  writeFileSync(table, 'rows\n');
  const tools = join(dir, 'tools.ts');
  writeFileSync(tools, dropTableModule(table));
  return { dir, tools, table };
}

const call = (dir: string, tools: string, ...more: string[]) =>
  spawnSync(process.execPath, [bin, 'call', tools, 'drop_table', '--args', '{}', ...more], {
    cwd: dir,
    input: '',
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });

describe('agent-tools call on a tool that does not say whether it mutates', { timeout: 60_000 }, () => {
  it('without a terminal and without --yes: does not run it, says why and how to approve, exits non-zero', () => {
    const { dir, tools, table } = project();
    const r = call(dir, tools);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      'Tool "drop_table" needs approval before it runs (it does not say whether it changes anything (no mutates), so it counts as destructive (the MCP default))',
    );
    expect(r.stderr).toContain('Run it again with --yes to approve it');
    expect(r.status).toBe(2);
    expect(existsSync(table)).toBe(true);
  });

  it('with --yes: runs it, prints the result, exit 0', () => {
    const { dir, tools, table } = project();
    const r = call(dir, tools, '--yes');
    expect([r.status, r.stdout, r.stderr]).toEqual([0, `${JSON.stringify({ dropped: 'users' })}\n`, '']);
    expect(existsSync(table)).toBe(false);
  });
});
