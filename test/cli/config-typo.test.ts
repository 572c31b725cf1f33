/** A misspelled top-level configuration key ("aproval") stops call, serve and skill run as it stops validate: no deny rule goes unread. */

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

/** A project whose `delete_note` removes a file, and a configuration that means to deny it. */
function project(config: object, file = 'agent-tools.config.json'): { dir: string; note: string } {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-config-typo-'));
  dirs.push(dir);
  const note = join(dir, 'a.note');
  writeFileSync(note, 'a\n');
  writeFileSync(
    join(dir, 'tools.ts'),
    `import { rmSync } from 'node:fs';
import { defineTool } from ${JSON.stringify(join(root, 'dist', 'index.js'))};
export const deleteNote = defineTool({
  name: 'delete_note',
  description: 'Deletes the note for good.',
  mutates: true,
  params: {},
  execute: () => {
    rmSync(${JSON.stringify(note)});
    return { deleted: 'a' };
  },
});
`,
  );
  writeFileSync(join(dir, file), JSON.stringify(config));
  return { dir, note };
}

const cli = (dir: string, args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8', input: '', env: { ...process.env, NO_COLOR: '1' } });

describe('a misspelled top-level configuration key', () => {
  it('call --yes exits 2 naming the key and its JSON path, and the tool does not run', () => {
    const { dir, note } = project({ aproval: { deny: ['delete_note'] } });
    const r = cli(dir, ['call', 'tools.ts', 'delete_note', '--yes']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      'agent-tools.config.json: invalid configuration: $.aproval: unknown key "aproval" (did you mean "approval"?)',
    );
    expect(existsSync(note)).toBe(true);
    // spelled right, the rule denies it
    writeFileSync(join(dir, 'agent-tools.config.json'), JSON.stringify({ approval: { deny: ['delete_note'] } }));
    const denied = cli(dir, ['call', 'tools.ts', 'delete_note', '--yes']);
    expect(denied.status).not.toBe(0);
    expect(denied.stderr).toContain('deny');
    expect(existsSync(note)).toBe(true);
  });

  it("in package.json's agentTools, names the path there", () => {
    const { dir, note } = project({ name: 'app', agentTools: { aproval: { deny: ['delete_note'] } } }, 'package.json');
    const r = cli(dir, ['call', 'tools.ts', 'delete_note', '--yes']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      'package.json: invalid configuration: $.agentTools.aproval: unknown key "aproval" (did you mean "approval"?)',
    );
    expect(existsSync(note)).toBe(true);
  });

  it('serve and skill run refuse to start on it, with the same message', () => {
    const { dir } = project({ aproval: { deny: ['delete_note'] } });
    const served = cli(dir, ['serve', 'tools.ts', '--no-skills']);
    expect(served.status).toBe(2);
    expect(served.stderr).toContain('$.aproval: unknown key "aproval" (did you mean "approval"?)');
    const ran = cli(dir, ['skill', 'run', 'nothing_here', '--args', '{}', '--yes']);
    expect(ran.status).toBe(2);
    expect(ran.stderr).toContain('$.aproval: unknown key "aproval" (did you mean "approval"?)');
  });

  it("both agent-tools.config.json and package.json's agentTools: call and validate refuse, so a deny rule in either is never ignored", () => {
    const { dir, note } = project({ approval: { deny: ['other_tool'] } });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'app', agentTools: { approval: { deny: ['delete_note'] } } }));
    const message =
      'agent-tools.config.json and the "agentTools" key of package.json both hold a configuration; only one is read, ' +
      "so the other's rules (approval among them) would be ignored: keep one";
    const r = cli(dir, ['call', 'tools.ts', 'delete_note', '--yes']);
    expect([r.status, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toContain(message);
    expect(existsSync(note)).toBe(true);
    const validated = cli(dir, ['validate', 'tools.ts']);
    expect(validated.status).toBe(2);
    expect(validated.stderr).toContain(message);
  });
});
