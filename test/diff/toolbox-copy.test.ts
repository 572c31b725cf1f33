/** Tests that `diff .` in a project holding a copy of its toolbox says to name the toolbox's folder. */

import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { TempRepo } from './git-repo.js';

const root = new URL('../..', import.meta.url).pathname;

const TOOL = `import { defineTool } from 'agent-tools';

export const getRow = defineTool({
  name: 'get_row',
  description: 'Read one row of a table by id.',
  mutates: false,
  params: { id: { type: 'string', required: true, description: 'The row id' } },
  execute: async ({ id }) => ({ id }),
});
`;

describe('diff: a project that keeps a copy of its toolbox', () => {
  const repo = new TempRepo({ 'tools/get-row.ts': TOOL, 'tools-v1/get-row.ts': TOOL });
  afterAll(() => repo.dispose());

  it('diff . names both definitions, exits 2 and hints at the toolbox folder; diff tools compares', () => {
    const r = spawnSync(process.execPath, [`${root}bin/agent-tools.js`, 'diff', '.', '--base', 'main'], {
      cwd: repo.dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n').at(-2)).toBe(
      "  hint: the paths hold tools of the same names in tools/, tools-v1/: give the toolbox's folder as the path " +
        '(for example `npx agent-tools diff tools --base <ref>`), not a folder holding a copy of it too',
    );
    const tools = spawnSync(process.execPath, [`${root}bin/agent-tools.js`, 'diff', 'tools', '--base', 'main'], {
      cwd: repo.dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect([tools.status, tools.stdout]).toEqual([0, '✔ no changes against main (1 tool, 1 before): no version bump\n']);
  });
});
