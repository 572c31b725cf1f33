/** Tests that a misspelt safety key in defineTool stops `call` with the key named, and that `validate` reports it at the key. */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'bin', 'agent-tools.js');

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A temp folder holding tools/t.ts: `nuke_db` with `needsAproval: true`, which removes a file when it runs. */
function project(): { dir: string; tools: string; db: string } {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-unknown-key-'));
  dirs.push(dir);
  const db = join(dir, 'app.db');
  writeFileSync(db, 'rows\n');
  const tools = join(dir, 't.ts');
  writeFileSync(
    tools,
    `import { rmSync } from 'node:fs';
import { defineTool } from ${JSON.stringify(join(root, 'dist', 'index.js'))};
export const nuke = defineTool({
  name: 'nuke_db',
  description: 'Deletes the database.',
  mutates: true,
  needsAproval: true,
  params: {},
  execute: () => {
    rmSync(${JSON.stringify(db)});
    return 'nuked';
  },
});
`,
  );
  return { dir, tools, db };
}

const run = (dir: string, ...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { cwd: dir, input: '', encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

describe('a misspelt key in defineTool', { timeout: 60_000 }, () => {
  it('call: does not run the tool, names the key with a did-you-mean, exits non-zero', () => {
    const { dir, tools, db } = project();
    const r = run(dir, 'call', tools, 'nuke_db', '--args', '{}', '--yes');
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('defineTool "nuke_db": unknown key "needsAproval" (did you mean "needsApproval"?)');
    expect(r.status).not.toBe(0);
    expect(existsSync(db)).toBe(true);
  });

  it('validate: an error at the key, file:line:col', () => {
    const { dir } = project();
    const r = run(dir, 'validate', 't.ts', '--format', 'json');
    expect(r.status).toBe(1);
    const findings = (JSON.parse(r.stdout) as { findings: Record<string, unknown>[] }).findings;
    expect(findings.filter((f) => f.checkId === 'define-tool' && String(f.message).includes('needsAproval'))).toEqual([
      expect.objectContaining({
        file: 't.ts',
        line: 7,
        column: 3,
        severity: 'error',
        message:
          'tool `nuke_db`: unknown key "needsAproval" (did you mean "needsApproval"?): defineTool throws on it; the tool is left out',
      }),
    ]);
  });
});
