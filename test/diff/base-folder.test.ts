/** Tests of `diff --base <folder>` (two folders compared) and of a path that did not exist at the base ref (an empty toolbox there). */

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

  it('a folder that did not exist at the ref is an empty toolbox there: every tool is added, exit 0', () => {
    const at = repo.at('zt2/tools.ts', 'defineTool({');
    const r = cli(repo.dir, 'diff', 'zt2', '--base', 'HEAD');
    expect([r.status, r.stderr, r.stdout]).toEqual([
      0,
      'agent-tools: zt2 does not exist at HEAD; every tool is new\n',
      [
        `delete_note  zt2/tools.ts:${at.line}:${at.column}`,
        '  minor     tool-added  tool `delete_note` added',
        '',
        '✔ 0 breaking, 1 minor, 0 patch change against HEAD (1 tool, 0 before): a minor version bump',
        '',
      ].join('\n'),
    ]);
    // the JSON report is the same result, whole, with the note on stderr alone
    const json = cli(repo.dir, 'diff', 'zt2', '--base', 'HEAD', '--format', 'json');
    expect([json.status, json.stderr, JSON.parse(json.stdout)]).toEqual([
      0,
      'agent-tools: zt2 does not exist at HEAD; every tool is new\n',
      {
        changes: [
          {
            tool: 'delete_note',
            rule: 'tool-added',
            class: 'minor',
            message: 'tool `delete_note` added',
            file: 'zt2/tools.ts',
            line: at.line,
            column: at.column,
          },
        ],
        bump: 'minor',
      },
    ]);
  });

  it('a folder in neither the working tree nor the ref is an error naming it', () => {
    const r = cli(repo.dir, 'diff', 'zt9', '--base', 'HEAD');
    expect([r.status, r.stdout, r.stderr.split('\n')[0]]).toEqual([
      2,
      '',
      'agent-tools: the working tree: no such file or folder: zt9 (did you mean zt?)',
    ]);
  });

  it('a base that is neither a file, a folder nor a commit says so', () => {
    const r = cli(repo.dir, 'diff', 'zt2', '--base', 'zt3');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^agent-tools: --base zt3: no such file or folder, and no commit of that name in the git repository at \S+\n/);
  });
});
