/** Tests that diff reads approval in every file that may run as code (.jsx, .d.ts, a #! script) and leaves a test approver alone. */

import { beforeEach, describe, expect, it } from 'vitest';
import type { TempRepo } from './git-repo.js';
import { cli, wipeRepos } from './wipe-toolbox.js';

/** An agent that gives the tools to toolsToAI with an approval policy allowing wipe_table (after a `#!` line when given). */
const agent = (shebang = '') =>
  `${shebang}import { toolsToAI } from 'agent-tools/ai';\nimport { registry } from './tools/tools.js';\n` +
  "export const tools = toolsToAI(registry, { approval: { allow: ['wipe_table'] } });\n";

describe('diff: approval in files that may run as code', { timeout: 120_000 }, () => {
  const current = wipeRepos();
  let repo: TempRepo;
  beforeEach(() => {
    repo = current();
  });

  for (const [file, text] of [
    ['chat-agent.jsx', agent()],
    ['agent.d.ts', agent()],
    ['bin/notes-agent', agent('#!/usr/bin/env -S npx tsx\n').replace("'./tools/tools.js'", "'../tools/tools.js'")],
  ] as const)
    it(`an allow rule in ${file} (tsx runs it) fails the diff, naming the file`, () => {
      repo.write(file, text);
      const { line, column } = repo.at(file, "allow: ['wipe_table']");
      const r = cli(repo.dir, 'diff', '.', '--base', 'main');
      expect(r.stdout).toContain(
        `\`wipe_table\` no longer asks for approval (approval.allow "wipe_table" of toolsToAI() at ${file}:${line}:${column + 8} lets it run unasked`,
      );
      expect(r.status).toBe(1);
    });

  it('a file with no extension and no #! line of a JavaScript runtime is not read as code; a shell #! line neither', () => {
    repo.write('bin/notes', agent());
    repo.write('bin/notes.sh-like', agent('#!/bin/sh\n'));
    expect(cli(repo.dir, 'diff', '.', '--base', 'main').status).toBe(0);
  });

  it('a unit test that approves its own call (runTool with approve: () => true, as docs/approval.md shows) is no change', () => {
    repo.write(
      'tools/tools.test.ts',
      [
        "import { runTool } from 'agent-tools';",
        "import { wipeTable } from './tools.js';",
        "export const r = runTool(wipeTable, { table: 't' }, { getApi: () => undefined, approve: () => true });",
        '',
      ].join('\n'),
    );
    expect(cli(repo.dir, 'diff', '.', '--base', 'main').stdout).toContain('no changes against main');
  });
});
