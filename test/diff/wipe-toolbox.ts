/** The toolbox the diff approval tests commit (a deleting tool, a read-only one, a registry), and the CLI run on it. */

import { spawnSync } from 'node:child_process';
import { afterAll, beforeEach } from 'vitest';
import { TempRepo } from './git-repo.js';

const root = new URL('../..', import.meta.url).pathname;

/** Runs `agent-tools` in `cwd` with `args`, colors off; stdout and stderr as text. */
export const cli = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [`${root}bin/agent-tools.js`, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

/**
 * tools/tools.ts: `wipe_table` (no `mutates`: destructive by the MCP default, so it asks) and the
 * read-only `get_row`, in `createRegistry({ core })`; `defineTool` and `createRegistry` imported
 * from `from` (agent-tools, or the project's schema module).
 */
export function wipeToolbox(from = 'agent-tools'): string {
  return `import { createRegistry, defineTool } from '${from}';

export const wipeTable = defineTool({
  name: 'wipe_table',
  description: 'Delete every row of a table. This cannot be undone.',
  params: { table: { type: 'string', required: true, description: 'The table name' } },
  execute: async ({ table }) => ({ wiped: table }),
});

export const getRow = defineTool({
  name: 'get_row',
  description: 'Read one row of a table by id.',
  mutates: false,
  params: { id: { type: 'string', required: true, description: 'The row id' } },
  execute: async ({ id }) => ({ id }),
});

export const registry = createRegistry({ core: [wipeTable, getRow] });
`;
}

/**
 * For a `describe` block: a new git repository committing `files` (by path) before each test (the
 * one the returned function gives), each removed after the block's tests.
 */
export function tempRepos(files: Record<string, string>): () => TempRepo {
  const repos: TempRepo[] = [];
  afterAll(() => repos.forEach((r) => r.dispose()));
  let repo: TempRepo | undefined;
  beforeEach(() => {
    repo = new TempRepo(files);
    repos.push(repo);
  });
  return () => repo!;
}

/** {@link tempRepos} committing {@link wipeToolbox} as tools/tools.ts. */
export const wipeRepos = (): (() => TempRepo) => tempRepos({ 'tools/tools.ts': wipeToolbox() });

/** What diff prints for one approval-relaxed change of wipe_table in `repo` (it may no longer ask, for `detail`), and the summary. */
export function wipeRelaxed(repo: TempRepo, detail: string): string {
  const tool = repo.at('tools/tools.ts', 'defineTool({');
  return [
    `wipe_table  tools/tools.ts:${tool.line}:${tool.column}`,
    `  breaking  approval-relaxed  \`wipe_table\` may no longer ask for approval (${detail}; before: it is destructive)`,
    '',
    '✖ 1 breaking, 0 minor, 0 patch change against main (2 tools, 2 before): a major version bump (exit 1; --allow-breaking accepts them)',
    '',
  ].join('\n');
}
