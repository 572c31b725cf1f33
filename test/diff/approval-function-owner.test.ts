/** Tests that diff reads a needsApproval function by its own code and what it reads, not by the tool definition it is handed to. */

import { describe, expect, it } from 'vitest';
import { cli, tempRepos } from './wipe-toolbox.js';

const NOTES = `import { defineTool } from 'agent-tools';
import { deleteNeedsApproval } from './policy.js';

const notes: Record<string, string> = { n1: 'first' };

export const deleteNote = defineTool({
  name: 'delete_note',
  description: 'Deletes one note by its id. Cannot be undone.',
  mutates: true,
  destructive: true,
  needsApproval: deleteNeedsApproval,
  params: { id: { type: 'string', description: 'Id of the note', required: true } },
  execute: (_api: unknown, { id }) => {
    const had = id in notes;
    delete notes[id];
    return { deleted: had };
  },
});
`;

const POLICY = `import { readFileSync } from 'node:fs';

/** Ids of notes that may be deleted unasked. */
const scratch: string[] = JSON.parse(readFileSync(new URL('../data/scratch-ids.json', import.meta.url), 'utf8'));

/** Whether deleting this note must be confirmed by a person: every note but a scratch note. */
export function deleteNeedsApproval(args: { id: string }): boolean {
  return !scratch.includes(args.id);
}
`;

const HELPER = `function removeFromStore(id: string): boolean {
  const had = id in notes;
  delete notes[id];
  return had;
}

export const deleteNote`;

describe('diff: a needsApproval function imported into its tool', { timeout: 120_000 }, () => {
  const repo = tempRepos({ 'tools/notes.ts': NOTES, 'tools/policy.ts': POLICY, 'data/scratch-ids.json': '[]\n' });
  const diff = () => cli(repo().dir, 'diff', 'tools', '--base', 'main', '--format', 'json');
  const changes = (stdout: string) => JSON.parse(stdout).changes.map((c: { rule: string; class: string }) => [c.rule, c.class]);
  const relaxed = () => {
    const key = repo().at('tools/notes.ts', 'needsApproval');
    const where = `tools/notes.ts:${key.line}:${key.column}`;
    return `\`delete_note\` may no longer ask for approval (its needsApproval function at ${where}, or what it reads, changed, and decides in code which calls ask, which diff cannot check; before: needsApproval decided per call at ${where})`;
  };

  it('a reworded description of the tool is a patch change only, exit 0', () => {
    repo().edit('tools/notes.ts', 'Deletes one note by its id. Cannot be undone.', 'Deletes one note for good, by its id.');
    const r = diff();
    expect([r.status, r.stderr, changes(r.stdout)]).toEqual([0, '', [['tool-description-changed', 'patch']]]);
  });

  it('its execute body moved into a helper function is no change, exit 0', () => {
    repo().edit('tools/notes.ts', 'export const deleteNote', HELPER);
    repo().edit(
      'tools/notes.ts',
      '{\n    const had = id in notes;\n    delete notes[id];\n    return { deleted: had };\n  }',
      '({ deleted: removeFromStore(id) })',
    );
    const r = diff();
    expect([r.status, r.stderr, changes(r.stdout)]).toEqual([0, '', []]);
  });

  it('the imported function relaxed, or the data file it reads changed, is approval-relaxed, exit 1', () => {
    repo().edit('tools/policy.ts', 'return !scratch.includes(args.id);', "return !args.id.startsWith('n');");
    const body = diff();
    expect([body.status, body.stderr, JSON.parse(body.stdout).changes.map((c: { message: string }) => c.message)]).toEqual([
      1,
      '',
      [relaxed()],
    ]);
    repo().git('checkout', '--', 'tools/policy.ts');
    repo().write('data/scratch-ids.json', '["n1"]\n');
    const data = diff();
    expect([data.status, changes(data.stdout)]).toEqual([1, [['approval-relaxed', 'breaking']]]);
  });
});
