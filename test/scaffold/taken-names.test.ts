/** Tests that scaffold refuses a tool name the target toolbox already defines, before writing anything. */

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles, runCli } from './project.js';

const REGISTRY = `import { defineTool, createRegistry } from 'agent-tools';

export const deleteNote = defineTool({
  name: 'delete_note',
  description: 'Delete one note by its id, for good.',
  mutates: true,
  params: { id: { type: 'string', description: 'Note id', required: true } },
  execute: ({ id }) => ({ deleted: id }),
});

export const registry = createRegistry({ core: [deleteNote], extended: [] });
`;

const spec = (name: string) =>
  JSON.stringify([{ name, desc: 'Delete a note by its id from the notebook', mutates: true, params: { 'id!': 'Note id' } }]);

/** A toolbox whose registry defines `existing` (the hand-written tool's name). */
function toolbox(existing = 'delete_note'): string {
  const dir = mkdtempSync(join(tmpdir(), 'scaffold-taken-'));
  mkdirSync(join(dir, 'toolbox'));
  writeFileSync(join(dir, 'toolbox/registry.ts'), registryOf(existing));
  return dir;
}

const registryOf = (existing: string) => REGISTRY.replace("name: 'delete_note'", `name: '${existing}'`);

describe('scaffold: a name the toolbox already has', () => {
  it.each([
    ['the same name', 'delete_note', 'delete_note', 'tool "delete_note" is already defined at toolbox/registry.ts:4:9'],
    [
      // a scaffolded name is snake_case, so the other spelling is the hand-written one
      'the same command-line name',
      'delete-note',
      'delete_note',
      'tool "delete_note" is already defined as "delete-note" (the same command-line name, "delete-note") at toolbox/registry.ts:4:9',
    ],
  ])(
    '%s: exit 2 naming the existing definition (file:line:col), nothing written',
    (_, existing, name, what) => {
      const dir = toolbox(existing);
      const r = runCli(dir, ['scaffold', '--out', 'toolbox'], spec(name));
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n').filter((l) => l.startsWith('agent-tools: invalid'))).toEqual([
        `agent-tools: invalid spec: $.name: ${what}; tool names are unique in a toolbox (a registry or an MCP server refuses a duplicate): ` +
          'give the new tool another name, or change the existing one, or add --skip-existing to write only the tools not defined yet; nothing written',
      ]);
      expect(listFiles(dir)).toEqual(['toolbox/registry.ts']);
      expect(readFileSync(join(dir, 'toolbox/registry.ts'), 'utf8')).toBe(registryOf(existing));
      // the validate a user would run next agrees: no duplicate to report
      const findings = (JSON.parse(runCli(dir, ['validate', 'toolbox', '--format', 'json']).stdout) as { findings: { checkId: string }[] })
        .findings;
      expect(findings.filter((f) => f.checkId === 'unique-names')).toEqual([]);
    },
    60_000,
  );

  it('another name is added to the same toolbox; scaffolding a tool again over its own file still only needs --force', () => {
    const dir = toolbox();
    const r = runCli(dir, ['scaffold', '--out', 'toolbox'], spec('archive_note'));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe('created toolbox/modify/archive-note.ts\nupdated toolbox/registry.ts\n');
    const again = runCli(dir, ['scaffold', '--out', 'toolbox'], spec('archive_note'));
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('These files exist already:\n  toolbox/modify/archive-note.ts\n');
    const forced = runCli(dir, ['scaffold', '--out', 'toolbox', '--force'], spec('archive_note'));
    expect(forced.stderr).not.toContain('already defined');
    expect(forced.stdout).toContain('overwrote toolbox/modify/archive-note.ts\n');
  }, 60_000);
});
