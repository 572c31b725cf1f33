/** Tests that call and serve apply the configuration's allow rules only as the file's last commit holds them. */

import { afterAll, describe, expect, it } from 'vitest';
import { TempRepo } from '../diff/git-repo.js';
import { NOTES, run } from './notes-toolbox.js';

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
});
