/** Tests that after `validate --fix-breaking` renames a tool, what is left for a person names the tool by its new name. */

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

// a camelCase name (renamed by --fix-breaking), a short description and a param without one (no automatic fix)
const TOOL = `import { defineTool } from 'agent-tools';

/** Gets the time. */
export const getTime = defineTool({
  name: 'getTime',
  description: 'Time',
  mutates: false,
  params: { zone: { type: 'string' } },
  execute: () => ({ now: new Date().toISOString() }),
});
`;

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-fix-left-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(root, join(dir, 'node_modules', 'agent-tools'), 'dir');
  writeFileSync(join(dir, 't.ts'), TOOL);
  return dir;
}

function cli(dir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The finding lines of "left for a person", without the indented why lines. */
const leftLines = (stdout: string) =>
  stdout
    .slice(stdout.indexOf('left for a person'))
    .split('\n')
    .filter((l) => /^ {2}\S/.test(l))
    .map((l) => l.trim().replace(/\s+/g, ' '));

describe('validate --fix-breaking: what is left after a rename', { timeout: 120_000 }, () => {
  it('names the renamed tool by its new name in the list left for a person', () => {
    const dir = project();
    const fix = cli(dir, 'validate', '.', '--profile', 'tools', '--fix-breaking');
    expect(fix.status).toBe(1);
    expect(fix.stdout).toContain('snake-case-name  name: "getTime" → name: "get_time"');
    expect(readFileSync(join(dir, 't.ts'), 'utf8')).toContain("name: 'get_time'");
    expect(leftLines(fix.stdout)).toEqual([
      't.ts:4:24 warn Tool "get_time" has a description of 4 characters; at least 20 are needed for a model to choose it well. tool-description',
      't.ts:8:13 error Param "zone" of tool "get_time" has no description. param-description',
    ]);
  });

  it('--fix-dry-run says the same, and a rename left for a person keeps the old name', () => {
    const dir = project();
    const dry = cli(dir, 'validate', '.', '--profile', 'tools', '--fix-dry-run', '--fix-breaking');
    expect(leftLines(dry.stderr)).toEqual([
      't.ts:4:24 warn Tool "get_time" has a description of 4 characters; at least 20 are needed for a model to choose it well. tool-description',
      't.ts:8:13 error Param "zone" of tool "get_time" has no description. param-description',
    ]);
    // without --fix-breaking the rename is not made, so the tool is still getTime
    const safe = cli(dir, 'validate', '.', '--profile', 'tools', '--fix');
    expect(leftLines(safe.stdout).filter((l) => l.includes('param-description'))).toEqual([
      't.ts:8:13 error Param "zone" of tool "getTime" has no description. param-description',
    ]);
  });
});
