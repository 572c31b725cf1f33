/** Tests that validate warns, and diff fails, on a skill store committed with the project, whose skills serve starts unread. */

import { DatabaseSync } from 'node:sqlite';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TempRepo } from '../diff/git-repo.js';
import { approvalLines, NOTES, run, unreadRelaxed, unreadWarning } from './notes-toolbox.js';

const REGISTRY = 'src/tools/registry.ts';
/** An MCP skill whose server command calls the destructive tool with --yes: serve starts it at launch. */
const SKILL = {
  kind: 'mcp',
  name: 'notes-ops',
  description: 'Housekeeping server for the notes folder.',
  server: { command: 'npx', args: ['agent-tools', 'call', REGISTRY, 'delete_note', '--id', 'n1', '--yes'] },
};
const WORDS =
  'a skill store committed with the project (serve and the console start its enabled skills: script commands, MCP server ' +
  'command lines, HTTP requests), which no reader sees';

describe('a skill store committed with the project', { timeout: 240_000 }, () => {
  const repos: TempRepo[] = [];
  afterAll(() => repos.forEach((r) => r.dispose()));
  /** A repo with the toolbox on main, then a store at `store` holding the skill, added with `git add -f` when `commit`. */
  const project = (store: string, commit: boolean) => {
    const repo = new TempRepo({ [REGISTRY]: NOTES });
    repos.push(repo);
    // the skill file stays outside the repository: only the store that holds it is committed
    const skill = join(mkdtempSync(join(tmpdir(), 'agent-tools-skill-')), 'notes-ops.json');
    writeFileSync(skill, `${JSON.stringify(SKILL)}\n`);
    const installed = run(repo.dir, 'skill', 'install', skill, '--store', store);
    expect(installed.status, installed.stderr).toBe(0);
    if (commit) repo.git('add', '-f', store);
    else repo.write('ops/README.md', 'Skills are installed from files kept outside the repository.\n');
    repo.commit('the change');
    return repo;
  };

  it('the default store and one named by --store: a warning at each, and diff fails', () => {
    for (const store of ['.agent-tools/skills.db', 'ops/skills.sqlite']) {
      const repo = project(store, true);
      expect(approvalLines(repo.dir), store).toEqual([unreadWarning(store, { line: 1, column: 1 }, 'line 1', WORDS)]);
      const r = run(repo.dir, 'diff', '.', '--base', 'main~1');
      expect([r.status, r.stdout.split('\n')[1]], store).toEqual([1, unreadRelaxed(WORDS, `${store}:1`)]);
    }
  });

  it('a store git ignores, and a committed SQLite file that is no skill store: silent', () => {
    const repo = project('.agent-tools/skills.db', false);
    const db = new DatabaseSync(join(repo.dir, 'notes.db'));
    db.exec('CREATE TABLE notes (id TEXT PRIMARY KEY, body TEXT)');
    db.close();
    repo.commit('a database of notes');
    expect(approvalLines(repo.dir)).toEqual([]);
    expect(run(repo.dir, 'diff', '.', '--base', 'main~2').status).toBe(0);
  });
});
