/** Tests scaffold --skip-existing: a spec some of whose tools the folder defines already writes the others and names each one skipped. */

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles, runCli } from './project.js';

const tool = (name: string, desc: string) => ({ name, desc, mutates: false, params: { 'id!': 'Note id' } });
const first = [tool('get_note', 'Read one note of the notebook by its id')];
const second = [...first, tool('list_notes', 'List the ids and titles of every note in the notebook')];

/** A folder where `notes` was scaffolded with get_note, and a hand-written tool (archive_note) beside it. */
function toolbox(): string {
  const dir = mkdtempSync(join(tmpdir(), 'scaffold-skip-'));
  const r = runCli(dir, ['scaffold', '--out', 'notes'], JSON.stringify(first));
  expect(r.status, r.stderr).toBe(0);
  mkdirSync(join(dir, 'notes/own'));
  writeFileSync(
    join(dir, 'notes/own/archive.ts'),
    `import { defineTool } from 'agent-tools';

export const archiveNote = defineTool({
  name: 'archive_note',
  description: 'Move one note to the archive by its id.',
  mutates: true,
  destructive: false,
  params: { id: { type: 'string', description: 'Note id', required: true } },
  execute: ({ id }) => ({ archived: id }),
});
`,
  );
  return dir;
}

const snapshot = (dir: string) => Object.fromEntries(listFiles(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));

describe('scaffold --skip-existing', { timeout: 120_000 }, () => {
  it('without it a spec naming an existing tool is refused whole; with it the new tools are written, each existing one named, exit 0', () => {
    const dir = toolbox();
    const spec = JSON.stringify([...second, tool('archive_note', 'Move one note to the archive by its id')]);
    const before = snapshot(dir);

    const refused = runCli(dir, ['scaffold', '--out', 'notes'], spec);
    expect(refused.status).toBe(2);
    expect(snapshot(dir)).toEqual(before);

    const r = runCli(dir, ['scaffold', '--out', 'notes', '--skip-existing'], spec);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('skipped'))).toEqual([
      'skipped get_note: already defined at notes/read/get-note.ts:7:9',
      'skipped archive_note: already defined at notes/own/archive.ts:4:9',
    ]);
    expect(r.stdout.split('\n').filter(Boolean).sort()).toEqual(['created notes/read/list-notes.ts', 'updated notes/registry-core.ts']);
    // the existing tools' files are as they were; the new tool is listed beside the old one
    const after = snapshot(dir);
    for (const f of Object.keys(before)) if (f !== 'notes/registry-core.ts') expect([f, after[f]]).toEqual([f, before[f]]);
    expect(after['notes/registry-core.ts']).toContain('CORE_TOOLS: AnyToolDef[] = [\n  getNoteTool,\n  listNotesTool,\n];');
  });

  it('every tool defined already: nothing written, each named, exit 0; with --force it is a usage error', () => {
    const dir = toolbox();
    const before = snapshot(dir);
    const r = runCli(dir, ['scaffold', '--out', 'notes', '--skip-existing'], JSON.stringify(first));
    expect([r.status, r.stdout, r.stderr.split('\n').slice(-3)]).toEqual([
      0,
      '',
      ['skipped get_note: already defined at notes/read/get-note.ts:7:9', 'nothing written: every tool of the spec is defined already', ''],
    ]);
    expect(snapshot(dir)).toEqual(before);
    const both = runCli(dir, ['scaffold', '--out', 'notes', '--skip-existing', '--force'], JSON.stringify(first));
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('--force (overwrite existing tools) and --skip-existing (keep them) cannot be used together');
  });

  it('--help names it', () => {
    const r = runCli(tmpdir(), ['scaffold', '--help']);
    expect(r.stdout).toContain('--skip-existing');
  });
});
