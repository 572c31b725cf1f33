/** Tests grants in command lines inside command lines (`sh -c`), under a pseudo-terminal, and in spread argument lists of processes. */

import { afterAll, describe, expect, it } from 'vitest';
import { grantProjects } from './grant-project.js';

const CALL = 'npx agent-tools call tools/tools.ts delete_note --id n1';

describe('grants hidden one step away from the command line', () => {
  /** The grants of a project holding `files`, as `file:line kind rule (variable|pty)`. */
  const { grants, dispose } = grantProjects(
    (g) => `${g.file}:${g.line} ${g.kind} ${g.rule}${g.variable !== undefined ? ` (${g.variable})` : ''}${g.pty ? ` pty ${g.pty}` : ''}`,
  );
  afterAll(dispose);

  it('a whole command line handed to sh -c, bash -c or ssh is read as one', () => {
    expect(
      grants(
        { 'ops/reset.sh': `#!/bin/sh\nsh -c "${CALL} --yes"\nssh box 'cd app && ${CALL} --yes'\necho done\n` },
        { prune: `bash -c '${CALL} --yes'`, list: `bash -c 'npx agent-tools call tools/tools.ts read_note'` },
      ),
    ).toEqual(['ops/reset.sh:2 yes delete_note', 'ops/reset.sh:3 yes delete_note', 'package.json:1 yes delete_note']);
  });

  it('call under a pseudo-terminal program, which may type the yes to its prompt, counts as --yes for its tool', () => {
    expect(
      grants(
        {
          'ops/prune.sh': `#!/bin/sh\nunbuffer ${CALL}\nexpect -c 'spawn ${CALL}; expect "?"; send "y\\r"'\n`,
          'ops/prune.exp': `#!/usr/bin/expect\nspawn ${CALL}\nsend "y\\r"\n`,
          'ops/pty.mjs': `import pty from 'node-pty';\npty.spawn('npx', ['agent-tools', 'call', 'tools/tools.ts', 'delete_note']);\n`,
          'ops/prune.py': `import pexpect\nchild = pexpect.spawn('${CALL}')\nchild.sendline('y')\n`,
        },
        { prune: `(sleep 4; printf 'y\\r') | script -qec '${CALL}' /dev/null` },
      ),
    ).toEqual([
      'ops/prune.exp:2 yes delete_note pty spawn',
      'ops/prune.py:2 yes delete_note pty pexpect',
      'ops/prune.sh:2 yes delete_note pty unbuffer',
      'ops/prune.sh:3 yes delete_note pty expect',
      'ops/pty.mjs:2 yes delete_note pty node-pty',
      'package.json:1 yes delete_note pty script',
    ]);
    // the same command line with no pseudo-terminal program grants nothing (call asks, or refuses with no terminal)
    expect(grants({ 'ops/prune.sh': `#!/bin/sh\n${CALL}\nprintf 'y' | ${CALL}\n` })).toEqual([]);
  });

  it('a spread of flags the file does not show (read from a JSON file) counts for every tool', () => {
    expect(
      grants({
        'ops/prune-args.json': '["--id", "n1", "--yes"]',
        'scripts/prune.mjs': [
          "import { readFileSync } from 'node:fs';",
          "import { execFileSync } from 'node:child_process';",
          "const args = JSON.parse(readFileSync('ops/prune-args.json', 'utf8'));",
          "execFileSync('npx', ['agent-tools', 'call', 'tools/tools.ts', 'delete_note', ...args]);",
        ].join('\n'),
      }),
    ).toEqual(['scripts/prune.mjs:4 approve * (${...args})']);
  });

  it('a spread the file shows is read as its words: a list, a condition of lists, a parameter read from its calls', () => {
    const file = (calls: string) =>
      [
        "import { execFileSync } from 'node:child_process';",
        'function run(tool, flags, ...more) {',
        "  execFileSync('npx', ['agent-tools', 'call', 'tools/tools.ts', tool, ...flags, ...(process.env.CI ? ['--id', 'n1'] : []), ...more]);",
        '}',
        calls,
      ].join('\n');
    expect(grants({ 'scripts/run.mjs': file("run('read_note', ['--id', 'n1']);\nrun('delete_note', [], '--id', 'n2');") })).toEqual([]);
    expect(grants({ 'scripts/run.mjs': file("run('read_note', []);\nrun('delete_note', [], '--yes');") })).toEqual([
      // the tool is a parameter: any tool
      'scripts/run.mjs:3 approve * (tool)',
    ]);
    // a parameter changed in the function, or a function handed on, is not told by its calls
    expect(
      grants({
        'scripts/run.mjs': [
          "import { execFileSync } from 'node:child_process';",
          "function run(flags) { flags.push('--yes'); execFileSync('npx', ['agent-tools', 'call', 'tools/tools.ts', 'delete_note', ...flags]); }",
          'run([]);',
        ].join('\n'),
      }),
    ).toEqual(['scripts/run.mjs:2 approve * (${...flags})']);
  });

  it("an exported function's spread is read from its calls in the project's other files, tests aside", () => {
    const helper = [
      "import { execFileSync } from 'node:child_process';",
      'export function callTool(tool, ...flags) {',
      "  execFileSync('npx', ['agent-tools', 'call', 'tools/tools.ts', 'delete_note', ...flags]);",
      '}',
    ].join('\n');
    expect(
      grants({
        'ops/helper.mjs': helper,
        'ops/a.mjs': "import { callTool } from './helper.mjs';\ncallTool('x', '--id', 'n1');\n",
        'test/helper.test.mjs': "import { callTool } from '../ops/helper.mjs';\ncallTool('x', '--yes');\n",
      }),
    ).toEqual([]);
    expect(
      grants({
        'ops/helper.mjs': helper,
        'ops/a.mjs': "import * as h from './helper.mjs';\nh.callTool('x', '--id', 'n1', '--yes');\n",
      }),
    ).toEqual(['ops/helper.mjs:3 yes delete_note']);
    expect(
      grants({
        'ops/helper.mjs': helper,
        'ops/a.mjs': "import { callTool } from './helper.mjs';\nconst f = JSON.parse(process.argv[2]);\ncallTool('x', ...f);\n",
      }),
    ).toEqual(['ops/helper.mjs:3 approve * (${...flags})']);
  });
});
