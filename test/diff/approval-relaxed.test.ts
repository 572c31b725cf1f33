/** Tests that diff fails when a change switches off approval: a deleting tool made read-only passes no CI unasked. */

import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TempRepo } from './git-repo.js';

const root = new URL('../..', import.meta.url).pathname;
const cli = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [`${root}bin/agent-tools.js`, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

const NOTE = (mutates: string) => `import { defineTool } from 'agent-tools';

export const deleteNote = defineTool({
  name: 'delete_note',
  description: 'Delete a note by id. This cannot be undone.',
  params: { id: { type: 'string', required: true, description: 'The note id' } },
  ${mutates}
  execute: async ({ id }) => ({ deleted: id }),
});
`;

describe('diff: approval switched off is breaking', { timeout: 120_000 }, () => {
  let repo: TempRepo;
  beforeAll(() => {
    repo = new TempRepo({
      'base/tools.ts': NOTE('mutates: true,'),
      'ro/tools.ts': NOTE('mutates: false,'),
      'safe/tools.ts': NOTE('mutates: true, destructive: false,'),
    });
  });
  afterAll(() => repo.dispose());

  it('a deleting tool made read-only (mutates: true → false) fails with exit 1, as the CI workflow runs it', () => {
    const at = repo.at('ro/tools.ts', 'defineTool({');
    const r = cli(repo.dir, 'diff', 'ro', '--base', 'base');
    expect([r.status, r.stderr, r.stdout]).toEqual([
      1,
      '',
      [
        `delete_note  ro/tools.ts:${at.line}:${at.column}`,
        '  breaking  approval-relaxed  `delete_note` no longer asks for approval (readOnlyHint false → true)',
        '',
        '✖ 1 breaking, 0 minor, 0 patch change against base (1 tool, 1 before): a major version bump (exit 1; --allow-breaking accepts them)',
        '',
      ].join('\n'),
    ]);
    const github = cli(repo.dir, 'diff', 'ro', '--base', 'base', '--format', 'github');
    expect(github.status).toBe(1);
    expect(github.stdout).toContain(
      `::error file=ro/tools.ts,line=${at.line},col=${at.column},title=agent-tools diff approval-relaxed (breaking)::`,
    );
  });

  it('destructive: false on a deleting tool is approval-relaxed too; --allow-breaking accepts it', () => {
    const r = cli(repo.dir, 'diff', 'safe', '--base', 'base');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('  breaking  approval-relaxed  `delete_note` no longer asks for approval (destructiveHint true → false)\n');
    expect(cli(repo.dir, 'diff', 'safe', '--base', 'base', '--allow-breaking').status).toBe(0);
  });

  it('the other way round (a tool that starts asking) is not approval-relaxed', () => {
    const r = cli(repo.dir, 'diff', 'base', '--base', 'ro');
    expect(r.stdout).not.toContain('approval-relaxed');
    expect(r.stdout).toContain('became-mutating');
  });
});
