/** Tests that `validate --fix` never renames a tool out of a config approval rule: a denied tool stays denied for `call`. */

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'bin', 'agent-tools.js');

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const TOOL = `import { writeFileSync } from 'node:fs';
import { defineTool } from 'agent-tools';

/** Drops every table of the database. */
export const dropAll = defineTool({
  name: 'dropAll',
  description: 'Drops every table of the database.',
  mutates: true,
  params: {},
  execute: () => {
    writeFileSync('dropped.txt', 'ran\\n');
    return { dropped: true };
  },
});
`;

/** A temp folder with t.ts (a destructive tool named dropAll) and a configuration with the given approval policy. */
function project(approval: Record<string, string[]>): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-fix-approval-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(root, join(dir, 'node_modules', 'agent-tools'), 'dir');
  writeFileSync(join(dir, 't.ts'), TOOL);
  writeFileSync(join(dir, 'agent-tools.config.json'), `${JSON.stringify({ approval }, null, 2)}\n`);
  return dir;
}

function cli(dir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('validate --fix and the approval policy of agent-tools.config.json', { timeout: 120_000 }, () => {
  it('leaves the rename of a denied tool for a person, with the rule named; the tool stays denied', () => {
    const dir = project({ deny: ['dropAll'] });
    const before = cli(dir, 'call', 't.ts', 'dropAll', '--yes');
    expect(before.status).not.toBe(0);
    expect(before.stdout + before.stderr).toContain('deny');

    // even --fix-breaking, which applies renames, leaves this one
    const fix = cli(dir, 'validate', '.', '--profile', 'tools', '--fix-breaking');
    expect(fix.stdout).toContain('named in approval.deny of agent-tools.config.json ("dropAll"): rename the tool and the rule together');
    expect(readFileSync(join(dir, 't.ts'), 'utf8')).toBe(TOOL);

    const after = cli(dir, 'call', 't.ts', 'dropAll', '--yes');
    expect(after.status).not.toBe(0);
    expect(after.stdout + after.stderr).toContain('deny');
    const renamed = cli(dir, 'call', 't.ts', 'drop_all', '--yes');
    expect(renamed.status).not.toBe(0);
    expect(() => readFileSync(join(dir, 'dropped.txt'))).toThrow();
  });

  it('holds the rename when a glob of the policy matches the old name and not the new one', () => {
    const dir = project({ deny: ['drop[A-Z]*'] });
    const fix = cli(dir, 'validate', '.', '--profile', 'tools', '--fix');
    expect(fix.stdout).toContain('named in approval.deny of agent-tools.config.json ("drop[A-Z]*")');
    expect(readFileSync(join(dir, 't.ts'), 'utf8')).toBe(TOOL);
  });

  it('holds the rename when a rule matches the new name and not the old one (allow would start to apply)', () => {
    const dir = project({ allow: ['*_all'] });
    const fix = cli(dir, 'validate', '.', '--profile', 'tools', '--fix');
    expect(fix.stdout).toContain(
      'the new name "drop_all" is matched by approval.allow of agent-tools.config.json ("*_all"); the old one is not',
    );
    expect(readFileSync(join(dir, 't.ts'), 'utf8')).toBe(TOOL);
  });

  it('still renames when the rule matches both names (the policy is unchanged)', () => {
    const dir = project({ deny: ['drop*'] });
    cli(dir, 'validate', '.', '--profile', 'tools', '--fix-breaking');
    expect(readFileSync(join(dir, 't.ts'), 'utf8')).toContain("name: 'drop_all'");
    const after = cli(dir, 'call', 't.ts', 'drop_all', '--yes');
    expect(after.status).not.toBe(0);
    expect(() => readFileSync(join(dir, 'dropped.txt'))).toThrow();
  });
});
