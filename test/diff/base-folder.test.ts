/** Tests of `diff --base <folder>` (two folders compared) and of the message for a path that did not exist at the base ref. */

import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TempRepo } from './git-repo.js';

const root = new URL('../..', import.meta.url).pathname;
const cli = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [`${root}bin/agent-tools.js`, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

const NOTE = (params: string) => `import { defineTool } from 'agent-tools';

export const deleteNote = defineTool({
  name: 'delete_note',
  description: 'Delete a note by id. This cannot be undone.',
  params: { ${params} },
  mutates: true,
  execute: async ({ id }) => ({ deleted: id }),
});
`;

describe('diff --base <folder>, and a path missing at the base ref', { timeout: 120_000 }, () => {
  let repo: TempRepo;
  beforeAll(() => {
    repo = new TempRepo({ 'zt/tools.ts': NOTE("id: { type: 'string', required: true, description: 'The note id' }") });
  });
  afterAll(() => repo.dispose());

  it('compares two folders: the base folder is analyzed as the head is', () => {
    repo.write(
      'zt2/tools.ts',
      NOTE(
        "id: { type: 'string', required: true, description: 'The note id' }, force: { type: 'boolean', description: 'Delete even if shared' }",
      ),
    );
    const at = repo.at('zt2/tools.ts', 'defineTool({');
    const r = cli(repo.dir, 'diff', 'zt2', '--base', 'zt');
    expect([r.status, r.stderr, r.stdout]).toEqual([
      0,
      '',
      [
        `delete_note  zt2/tools.ts:${at.line}:${at.column}`,
        '  minor     optional-param-added  optional param `force` added',
        '',
        '✔ 0 breaking, 1 minor, 0 patch change against zt (1 tool, 1 before): a minor version bump',
        '',
      ].join('\n'),
    ]);
    // the other way round the param is removed: breaking, exit 1
    expect(cli(repo.dir, 'diff', 'zt', '--base', 'zt2').status).toBe(1);
  });

  it('a folder that did not exist at the ref is named so, with the commit', () => {
    const commit = repo.git('rev-parse', '--short=7', 'HEAD').trim();
    const r = cli(repo.dir, 'diff', 'zt2', '--base', 'HEAD');
    expect([r.status, r.stdout, r.stderr.split('\n')[0]]).toEqual([
      2,
      '',
      `agent-tools: zt2 did not exist at HEAD (commit ${commit}), so there is nothing there to compare with; ` +
        'give --base a ref where it exists, a folder, or a file written by export --format mcp',
    ]);
  });

  it('a base that is neither a file, a folder nor a commit says so', () => {
    const r = cli(repo.dir, 'diff', 'zt2', '--base', 'zt3');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^agent-tools: --base zt3: no such file or folder, and no commit of that name in the git repository at \S+\n/);
  });
});
