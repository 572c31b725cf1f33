/** Tests of when a test file is read as any other file: a command line runs it as code, or a file that is not a test imports it. */

import { describe, expect, it } from 'vitest';
import { projectApprovalGrants } from '../../src/validate/approval-grants.js';
import { shellWords } from '../../src/validate/command-words.js';
import { jobTestRuns, leftAloneAsTest, namedPaths, runsAsCode } from '../../src/validate/test-files-run.js';
import { writeSources } from './helpers.js';

/** Whether the command line `line` runs the word `file` on it as code. */
const runs = (line: string, file = 'x.test.ts') => {
  const words = shellWords(line);
  return runsAsCode(words, words.indexOf(file));
};

describe('runsAsCode: a command line that names a test file to run', () => {
  it('a runtime, through npx or after an assignment, and a bare ./path run it', () => {
    expect([
      runs('tsx x.test.ts'),
      runs('npx tsx x.test.ts'),
      runs('NODE_ENV=ci node x.spec.mjs', 'x.spec.mjs'),
      runs('./x.test.ts', './x.test.ts'),
      runs('tsc -p . && tsx x.test.ts'),
    ]).toEqual([true, true, true, true, true]);
  });

  it('a test runner, a runtime in its test mode, a program that only reads it, and a list of files do not', () => {
    expect([
      runs('vitest run x.test.ts'),
      runs('npx jest x.test.ts'),
      runs('node --test x.test.ts'),
      runs('bun test x.test.ts'),
      runs('deno test -A x.test.ts'),
      runs('eslint --fix x.test.ts'),
      runs('prettier --check x.test.ts'),
      runs('x.test.ts'),
      runsAsCode(['a.test.ts', 'x.test.ts'], 1),
    ]).toEqual([false, false, false, false, false, false, false, false, false]);
  });
});

describe('jobTestRuns: the test files a package script that is no test run passes a test runner', () => {
  it('a job passing node --test, tsx --test, bun test or vitest a file names it; a script named for tests, or no runner, names none', () => {
    expect([
      jobTestRuns('prune', shellWords('node --import tsx --test ops/prune.test.ts')),
      jobTestRuns('nightly', shellWords('tsc -p . && npx vitest run --reporter=dot ops/a.test.ts ops/b.spec.ts')),
      jobTestRuns('sweep', shellWords('bun test ops/sweep.test.ts')),
      jobTestRuns('test', shellWords('node --test')),
      jobTestRuns('test:unit', shellWords('vitest run ops/prune.test.ts')),
      jobTestRuns('e2e-spec', shellWords('tsx --test e2e/a.test.ts')),
      jobTestRuns('lint', shellWords('eslint ops/prune.test.ts')),
    ]).toEqual([['ops/prune.test.ts'], ['run', 'ops/a.test.ts', 'ops/b.spec.ts'], ['ops/sweep.test.ts'], [], [], [], []]);
  });
});

describe('namedPaths: the string literals of a file that may name a test file by its path', () => {
  it('quoted and plain template literals that look like a path to a test; not a glob, prose, an absolute path, a built template nor a comment', () => {
    const text = [
      "new Worker(new URL('../ops/prune.test.ts', import.meta.url));",
      'fork("ops/sweep.spec", []);',
      'const dir = `src/__tests__/fixtures.js`;',
      "const include = ['src/**/*.test.ts', 'a test.ts', '/abs/x.test.ts', 'notes.ts'];",
      'await import(`./${name}.test.ts`);',
      "// see 'ops/commented.test.ts'",
    ].join('\n');
    expect(namedPaths('jobs/nightly.ts', text)).toEqual(['../ops/prune.test.ts', 'ops/sweep.spec', 'src/__tests__/fixtures.js']);
  });
});

describe('projectApprovalGrants: the test files a project runs as code', () => {
  /** A project holding `files` and a package.json with `scripts` (no git: the walk): the test files it runs, and its grants. */
  const project = (files: Record<string, string>, scripts: Record<string, string> = {}) => {
    const dir = writeSources({ ...files, 'package.json': `${JSON.stringify({ name: 'notes', type: 'module', scripts })}\n` });
    const r = projectApprovalGrants(dir);
    return { run: [...r.testsRun].sort(), grants: r.grants.map((g) => `${g.file}:${g.line} ${g.kind} ${g.rule}`) };
  };
  const SPAWN =
    "import { execFileSync } from 'node:child_process';\nexecFileSync('npx', ['agent-tools', 'call', 'tools.ts', 'delete_note', '--yes']);\n";

  it('a test a script runs, a test a production file imports, and the tests those import in turn; not a test vitest runs', () => {
    expect(
      project(
        {
          'jobs/purge.test.ts': "import { helper } from './helper.test.js';\n",
          'jobs/helper.test.ts': 'export const helper = 1;\n',
          'src/maintenance.ts': "import { reset } from './__tests__/fixtures.js';\n",
          'src/__tests__/fixtures.ts': 'export const reset = 1;\n',
          'src/notes.test.ts': "import { reset } from './__tests__/other.js';\n",
          'src/__tests__/other.ts': 'export const other = 1;\n',
        },
        { purge: 'tsx jobs/purge.test.ts', test: 'vitest run src/notes.test.ts' },
      ).run,
    ).toEqual(['jobs/helper.test.ts', 'jobs/purge.test.ts', 'src/__tests__/fixtures.ts']);
  });

  it('a test run as code is read for the processes it starts (a spawned call --yes); one vitest runs is not', () => {
    expect(project({ 'jobs/wipe.test.ts': SPAWN, 'src/wipe.test.ts': SPAWN }, { wipe: 'node jobs/wipe.test.ts' }).grants).toEqual([
      'jobs/wipe.test.ts:2 yes delete_note',
    ]);
  });

  it('leftAloneAsTest: a test file not in the set; never a file that is no test', () => {
    const leftAlone = leftAloneAsTest(new Set(['jobs/purge.test.ts']));
    expect(['jobs/purge.test.ts', 'src/notes.test.ts', 'src/__tests__/a.ts', 'src/maintenance.ts'].map(leftAlone)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});
