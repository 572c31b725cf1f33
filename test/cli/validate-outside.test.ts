/** validate of a folder outside the current one says that the project's own files were read from the current folder. */

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const bin = new URL('../../bin/agent-tools.js', import.meta.url).pathname;
const TOOL =
  "import { defineTool } from 'agent-tools';\n/** Reads a note. */\nexport const readNote = defineTool({ name: 'read_note', " +
  "description: 'Reads one note by its id and returns its text.', mutates: false, params: { id: { type: 'string', description: 'The note id.' } }, " +
  'execute: () => ({}) });\n';

describe('validate of a path outside the current folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-outside-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'here'));
  mkdirSync(join(dir, 'there'));
  writeFileSync(join(dir, 'there', 'tools.ts'), TOOL);
  const run = (...paths: string[]) =>
    spawnSync(process.execPath, [bin, 'validate', '--profile', 'tools', '--format', 'json', ...paths], {
      cwd: join(dir, 'here'),
      encoding: 'utf8',
    });

  it('says on stderr where the project files were read from and how to check that project', () => {
    const r = run('../there');
    expect([r.status, r.stderr]).toEqual([
      0,
      "agent-tools: warning: ../there lies outside the current folder: validate read the project's configuration, package.json " +
        'scripts and CI files from the current folder, not from there; to check that project, run it in its folder ' +
        '(cd ../there && npx agent-tools validate .)\n',
    ]);
    expect(JSON.parse(r.stdout).summary).toMatchObject({ errors: 0 });
  });

  it('says nothing when a path lies inside the current folder', () => {
    writeFileSync(join(dir, 'here', 'tools.ts'), TOOL.replace("'read_note'", "'read_memo'"));
    const r = run('.', '../there');
    expect([r.status, r.stderr]).toEqual([0, '']);
  });
});
