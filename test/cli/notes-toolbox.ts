/** The notes toolbox the command-line approval tests commit (one destructive tool, delete_note), and the CLI run on it. */

import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

/** Why validate and diff name code that may run unread (the words after a form's own, in both). */
export const UNREAD_WHY = 'project code that may change what agent-tools runs, or run it past what validate and diff read';

/** validate's approval-rules line for unread code `what` at `file:line:col`, `path` being `line N` or a JSON path. */
export const unreadWarning = (file: string, at: { line: number; column: number }, path: string, what: string): string =>
  `${file}:${at.line}:${at.column}  warn   At ${file} ${path}, ${what}: ${UNREAD_WHY}, so any tool may run unasked, which neither ` +
  'the tools nor their approval rules show.  approval-rules';

/** diff's line for unread code `what` brought in at `where` (`file:line` or `file at $.path`), delete_note having asked before. */
export const unreadRelaxed = (what: string, where: string): string =>
  `  breaking  approval-relaxed  \`delete_note\` no longer asks for approval (${what} in ${where} (${UNREAD_WHY}) lets it run ` +
  'unasked, which neither the tools nor their approval rules show; before: it is destructive)';

/** A form of unread code a test commits: `file` holds `at`, `where(line)` is `:N` or ` at $.path`, `what` its words. */
export interface UnreadForm {
  link?: [string, string];
  file: string;
  at: string;
  where: (line: number) => string;
  what: string;
}

/** The symbolic links the forms ask for, made in `repo` (their folders first). */
export function writeLinks(repo: TempRepo, forms: UnreadForm[]): void {
  for (const f of forms)
    if (f.link) {
      mkdirSync(dirname(join(repo.dir, f.link[0])), { recursive: true });
      symlinkSync(f.link[1], join(repo.dir, f.link[0]));
    }
}

/** The approval-rules line validate gives for each form in `repo`. */
export const unreadWarnings = (repo: TempRepo, forms: UnreadForm[]): string[] =>
  forms.map((f) => {
    const at = repo.at(f.file, f.at);
    const path = f.where(at.line).startsWith(':') ? `line ${at.line}` : f.where(at.line).slice(' at '.length);
    return unreadWarning(f.file, at, path, f.what);
  });

/** diff's exit code and second line for `repo` against main~1, and what they should be for form `f` (1 and its approval-relaxed line). */
export function unreadDiff(repo: TempRepo, f: UnreadForm): { got: (number | null | string | undefined)[]; want: (number | string)[] } {
  const r = run(repo.dir, 'diff', '.', '--base', 'main~1');
  const at = repo.at(f.file, f.at);
  return { got: [r.status, r.stdout.split('\n')[1]], want: [1, unreadRelaxed(f.what, `${f.file}${f.where(at.line)}`)] };
}
