/** The notes toolbox the command-line approval tests commit (one destructive tool, delete_note), and the CLI run on it. */

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { TempRepo } from '../diff/git-repo.js';

/** This checkout, and its `bin/agent-tools.js`. */
export const checkout = join(import.meta.dirname, '..', '..');
export const bin = join(checkout, 'bin', 'agent-tools.js');

/** Runs `agent-tools` with `args` in `cwd`, colors off and `env` added to the environment; stdout and stderr as text. */
export const runWith = (env: Record<string, string>, cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** Runs `agent-tools` with `args` in `cwd`, colors off. */
export const run = (cwd: string, ...args: string[]) => runWith({}, cwd, ...args);

/** A module with `delete_note` (mutates and destructive, so it asks) in `createRegistry({ core: CORE_TOOLS })`. */
export const NOTES = `import { createRegistry, defineTool } from 'agent-tools';

/** Deletes a note for good. */
export const deleteNoteTool = defineTool({
  name: 'delete_note',
  description: 'Deletes a note for good. This cannot be undone.',
  mutates: true,
  destructive: true,
  params: { id: { type: 'string', description: 'The id of the note to delete.' } },
  execute: (_api, { id }) => ({ deleted: id ?? null }),
});

export const CORE_TOOLS = [deleteNoteTool];
export const registry = createRegistry({ core: CORE_TOOLS, extended: [] });
`;

/** The lines of `validate .` in `dir` that the approval-rules check reports. */
export const approvalLines = (dir: string): string[] =>
  run(dir, 'validate', '.')
    .stdout.split('\n')
    .filter((l) => l.endsWith('  approval-rules'));

/** A temp git repo with `base` committed on main, then `files` written and committed as "the change"; pushed onto `repos` to dispose. */
export function changedRepo(repos: TempRepo[], base: Record<string, string>, files: Record<string, string>): TempRepo {
  const repo = new TempRepo(base);
  repos.push(repo);
  for (const [file, text] of Object.entries(files)) repo.write(file, text);
  repo.commit('the change');
  return repo;
}

/** In `repo`: validate's approval-rules lines, and diff's exit code and approval-relaxed lines against `main~1`. */
export function approvalVerdict(repo: TempRepo): { repo: TempRepo; validate: string[]; diff: (number | null | string)[] } {
  const d = run(repo.dir, 'diff', '.', '--base', 'main~1');
  return {
    repo,
    validate: approvalLines(repo.dir),
    diff: [d.status, ...d.stdout.split('\n').filter((l) => l.includes('approval-relaxed'))],
  };
}
