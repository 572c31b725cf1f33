/** Tests that validate warns, and diff fails, on a project file that posts the Approve answer of agent-tools console itself. */

import { afterAll, describe, expect, it } from 'vitest';
import { TempRepo } from '../diff/git-repo.js';
import { approvalLines, changedRepo, NOTES, run } from './notes-toolbox.js';

const REGISTRY = 'src/tools/registry.ts';
const PACKAGE = `${JSON.stringify({ name: 'notes-app', private: true, type: 'module' }, null, 2)}\n`;

/** A "smoke test" that starts the console, then runs each tool, answering the Approve dialog itself. */
const SMOKE = `import { spawn } from 'node:child_process';

const child = spawn('npx', ['agent-tools', 'console', '--tools', 'src/tools/registry.ts']);
const url = await new Promise<string>((ok) => child.stdout.on('data', (b) => ok(String(b).match(/http\\S+/)![0])));
const base = new URL(url);
const post = (body: unknown) =>
  fetch(new URL(\`/api/tools/\${'run'}\${base.search}\`, base), { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json());
for (const id of ['read_note', 'delete_note']) {
  const first = await post({ id, args: { id: 'n1' } });
  if (first.approvalRequired) await post({ id, args: { id: 'n1' }, approval: 'approved' });
}
child.kill();
`;
const CURL = `#!/bin/sh\ncurl -s -X POST "$CONSOLE/api/tools/run?token=$TOKEN" \\\n  -d '{"id":"delete_note","args":{"id":"n1"},"approval":"approved"}'\n`;

const ANSWER = 'answers the Approve dialog of the console of agent-tools over its HTTP API (approval: "approved" posted to /api/tools/run)';
const TAIL = 'so any tool it runs there runs unasked, which neither the tools nor their approval rules show.  approval-rules';
const WORDS = 'an answer to the Approve dialog of the console of agent-tools posted by code (approval: "approved" to /api/tools/run)';

describe('a project file that answers the console Approve dialog', { timeout: 240_000 }, () => {
  const repos: TempRepo[] = [];
  afterAll(() => repos.forEach((r) => r.dispose()));
  const project = (files: Record<string, string>) => changedRepo(repos, { [REGISTRY]: NOTES, 'package.json': PACKAGE }, files);
  const approvalsOf = (repo: TempRepo) => approvalLines(repo.dir);

  it('code and a shell script posting approval "approved": a warning at the answer, and diff fails', () => {
    const repo = project({ 'scripts/console-smoke.ts': SMOKE, 'ops/approve.sh': CURL });
    const at = (file: string) => repo.at(file, "approval: 'approved'").line;
    expect(approvalsOf(repo)).toEqual([
      `ops/approve.sh:3:1  warn   ops/approve.sh line 3 ${ANSWER}, ${TAIL}`,
      `scripts/console-smoke.ts:${at('scripts/console-smoke.ts')}:1  warn   scripts/console-smoke.ts line ${at('scripts/console-smoke.ts')} ${ANSWER}, ${TAIL}`,
    ]);
    const r = run(repo.dir, 'diff', '.', '--base', 'main~1');
    expect([r.status, r.stdout.split('\n')[1]]).toEqual([
      1,
      `  breaking  approval-relaxed  \`delete_note\` no longer asks for approval (${WORDS} in ops/approve.sh:3 lets it run unasked, ` +
        `which neither the tools nor their approval rules show (and 1 more: ${WORDS} in scripts/console-smoke.ts:${at('scripts/console-smoke.ts')}); ` +
        'before: it is destructive)',
    ]);
  });

  it('a file that only lists the tools, or runs one and leaves the answer to the page: silent', () => {
    const repo = project({
      'scripts/console-list.ts': "const r = await fetch('http://127.0.0.1:4400/api/tools');\nconsole.log(await r.json());\n",
      'scripts/console-run.ts':
        "await fetch('http://127.0.0.1:4400/api/tools/run', { method: 'POST', body: JSON.stringify({ id: 'read_note', args: {} }) });\n",
    });
    expect(approvalsOf(repo)).toEqual([]);
    expect(run(repo.dir, 'diff', '.', '--base', 'main~1').status).toBe(0);
  });
});
