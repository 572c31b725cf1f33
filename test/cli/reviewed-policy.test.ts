/** Tests that call and serve apply the configuration's allow rules only as the file's last commit holds them. */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TempRepo } from '../diff/git-repo.js';
import { NOTES, run, runWith } from './notes-toolbox.js';

const config = (allow: string[]) => `${JSON.stringify({ approval: { allow } })}\n`;
const NOTE =
  'agent-tools: approval.allow "delete_note" of agent-tools.config.json is not applied: the file\'s last commit does not hold it, ' +
  'so no review has seen it (commit it, or approve on the command line: serve --approve, call --yes)';

describe('call and the allow rules of a configuration written or changed since the last commit', { timeout: 120_000 }, () => {
  const repos: TempRepo[] = [];
  afterAll(() => repos.forEach((r) => r.dispose()));
  const call = (repo: TempRepo) => run(repo.dir, 'call', 'tools/notes.ts', 'delete_note', '--id', 'n1');

  it('an allow rule the last commit does not hold is not applied (the call asks, and there is no terminal); once committed it is', () => {
    const repo = new TempRepo({ 'tools/notes.ts': NOTES });
    repos.push(repo);
    // a script writes the configuration, then calls: no review saw the rule
    repo.write('agent-tools.config.json', config(['delete_note']));
    const unreviewed = call(repo);
    expect(unreviewed.stderr.split('\n')[0]).toBe(NOTE);
    expect([unreviewed.status, unreviewed.stdout]).toEqual([2, '']);
    repo.commit('allow delete_note');
    const reviewed = call(repo);
    expect([reviewed.status, reviewed.stdout, reviewed.stderr]).toEqual([0, '{"deleted":"n1"}\n', '']);
    // a rule added since: only that one is left out; the committed one still applies
    repo.write('agent-tools.config.json', config(['delete_note', 'wipe_*']));
    const added = call(repo);
    expect(added.stderr.split('\n')[0]).toBe(NOTE.replace('"delete_note"', '"wipe_*"'));
    expect(added.status).toBe(0);
  });

  it('GIT_DIR (or GIT_CEILING_DIRECTORIES) in the environment does not make the folder look like no work tree', () => {
    const repo = new TempRepo({ 'tools/notes.ts': NOTES });
    repos.push(repo);
    repo.write('agent-tools.config.json', config(['delete_note']));
    for (const env of [{ GIT_DIR: '.nogit' }, { GIT_CEILING_DIRECTORIES: repo.dir }] as Record<string, string>[]) {
      const r = runWith(env, repo.dir, 'call', 'tools/notes.ts', 'delete_note', '--id', 'n1');
      expect([r.status, r.stdout, r.stderr.split('\n')[0]]).toEqual([2, '', NOTE]);
    }
  });

  it('a configuration outside the git work tree of the tools module (a temp folder, a repository made for it) is not applied', () => {
    const repo = new TempRepo({ 'tools/notes.ts': NOTES });
    repos.push(repo);
    const job = mkdtempSync(join(tmpdir(), 'agent-tools-job-'));
    try {
      writeFileSync(join(job, 'agent-tools.config.json'), config(['delete_note']));
      const r = run(job, 'call', join(repo.dir, 'tools/notes.ts'), 'delete_note', '--id', 'n1');
      const apart = NOTE.replace("the file's last commit does not hold it", 'the file lies outside the git work tree of the tools module');
      expect([r.status, r.stdout, r.stderr.split('\n')[0]]).toEqual([2, '', apart]);
      // the tools outside any work tree too (a deployed copy without .git): every rule applies
      const copy = new TempRepo({ 'tools/notes.ts': NOTES });
      repos.push(copy);
      rmSync(join(copy.dir, '.git'), { recursive: true, force: true });
      const deployed = run(job, 'call', join(copy.dir, 'tools/notes.ts'), 'delete_note', '--id', 'n1');
      expect([deployed.status, deployed.stdout, deployed.stderr]).toEqual([0, '{"deleted":"n1"}\n', '']);
    } finally {
      rmSync(job, { recursive: true, force: true });
    }
  });
});
