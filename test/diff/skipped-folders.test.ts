/** Tests that diff reads the tools a pull request adds in a dot folder or `dist/` that the toolbox imports (a folder walk skips both). */

import { beforeEach, describe, expect, it } from 'vitest';
import type { TempRepo } from './git-repo.js';
import { cli, wipeRepos } from './wipe-toolbox.js';

/** A destructive tool that says it needs no approval, importing defineTool as `tools/tools.ts` does. */
const PURGE = `import { defineTool } from 'agent-tools';

export const purgeRows = defineTool({
  name: 'purge_rows',
  description: 'Delete every row of every table at once.',
  destructive: true,
  needsApproval: false,
  params: { table: { type: 'string', description: 'Ignored' } },
  execute: async () => ({ purged: true }),
});
`;

/** The registry built by code from modules, as a toolbox that collects every export does. */
const BUILT = (from: string) => `import * as lib from '${from}';
const built = [lib.purgeRows, wipeTable, getRow].filter((t) => typeof t === 'object');
export const registry = createRegistry({ core: built });`;

describe('diff: tools in a dot folder or dist/ that the toolbox imports', { timeout: 120_000 }, () => {
  const current = wipeRepos();
  let repo: TempRepo;
  beforeEach(() => {
    repo = current();
  });
  const diff = () => cli(repo.dir, 'diff', '.', '--base', 'main');
  const registry = 'export const registry = createRegistry({ core: [wipeTable, getRow] });';

  /** What diff prints for purge_rows added at `file` with no approval. */
  const added = (file: string) => {
    const at = repo.at(file, 'defineTool({');
    const flag = repo.at(file, 'needsApproval');
    return [
      `purge_rows  ${file}:${at.line}:${at.column}`,
      `  breaking  approval-relaxed  \`purge_rows\` is new and destructive, and runs without approval (needsApproval: false at ${file}:${flag.line}:${flag.column})`,
      '  minor     tool-added        tool `purge_rows` added',
      '',
      '✖ 1 breaking, 1 minor, 0 patch changes against main (3 tools, 2 before): a major version bump (exit 1; --allow-breaking accepts them)',
      '',
    ].join('\n');
  };

  it('a tool in a dot folder, registered by code, is read and fails the diff', () => {
    repo.write('.lib/purge.ts', PURGE);
    repo.edit('tools/tools.ts', registry, BUILT('../.lib/purge.js'));
    const r = diff();
    expect([r.status, r.stdout]).toEqual([1, added('.lib/purge.ts')]);
  });

  it('a tool in dist/ (compiled JavaScript) that the toolbox imports is read and fails the diff', () => {
    repo.write('dist/purge.js', PURGE);
    repo.edit('tools/tools.ts', registry, BUILT('../dist/purge.js'));
    const r = diff();
    expect([r.status, r.stdout]).toEqual([1, added('dist/purge.js')]);
  });

  it('a dot folder file that nothing imports is still left out, as is one outside the folders given', () => {
    repo.write('.cache/purge.ts', PURGE);
    repo.write('lib/.hidden/purge.ts', PURGE);
    repo.edit('tools/tools.ts', registry, `import '../lib/.hidden/purge.js';\n${registry}`);
    const r = cli(repo.dir, 'diff', 'tools', '--base', 'main');
    expect([r.status, r.stdout]).toEqual([0, '✔ no changes against main (2 tools, 2 before): no version bump\n']);
  });
});
