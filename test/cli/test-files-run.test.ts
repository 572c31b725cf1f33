/** Tests that a test file the project runs as code (a package script runs it, a file that is not a test imports it) loses its exemption. */

import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TempRepo } from '../diff/git-repo.js';
import { NOTES, run } from './notes-toolbox.js';

const PACKAGE = (scripts: Record<string, string>, more: Record<string, unknown> = {}) =>
  `${JSON.stringify({ name: 'trial', private: true, type: 'module', scripts, ...more }, null, 2)}\n`;

/** A job that deletes a note through runTool, approving every call (as a unit test of delete_note does on purpose). */
const PURGE = [
  "import { runTool } from 'agent-tools';",
  "import { deleteNoteTool } from '../tools/notes.js';",
  'export const purge = (id: string) => runTool(deleteNoteTool, { id }, { approve: () => true });',
  '',
].join('\n');

/** An ops helper in a test file that deletes a note through runTool, approving every call. */
const PRUNE = PURGE.replace('purge', 'prune');

/** An agent loop answering every approval request of the AI SDK yes. */
const AGENT = [
  "import { toolsToAI, toolApprovalResponse } from 'agent-tools/ai';",
  "import { registry } from './tools/notes.js';",
  'export const tools = toolsToAI(registry);',
  'declare const requests: { approvalId: string }[];',
  'export const answers = requests.map((q) => toolApprovalResponse(tools, q, { approved: true }));',
  '',
].join('\n');

/** A fixture of a test folder that resets the notes, approving every delete. */
const FIXTURES = [
  "import { runTool } from 'agent-tools';",
  "import { deleteNoteTool } from '../tools/notes.js';",
  'export const resetNotes = (ids: string[]) => Promise.all(ids.map((id) => runTool(deleteNoteTool, { id }, { approve: () => true })));',
  '',
].join('\n');

const APPROVE_ALL =
  'warn   The approve callback passed to runTool() approves every call, so every destructive tool runs unasked and no approval rule of the tools is seen to hold.  approval-rules';

/** diff's one breaking change: delete_note may no longer ask, for `why`. */
const relaxed = (why: string) =>
  `delete_note  packages/notes/src/tools/notes.ts:4:31\n  breaking  approval-relaxed  \`delete_note\` may no longer ask for approval (${why}; before: it is destructive)\n\n` +
  '✖ 1 breaking, 0 minor, 0 patch change against main (1 tool, 1 before): a major version bump (exit 1; --allow-breaking accepts them)\n';

describe('a test file the project runs as code is read as any other file', { timeout: 180_000 }, () => {
  const repos: TempRepo[] = [];
  afterAll(() => repos.forEach((r) => r.dispose()));
  /** validate's warning at the package.json script `name` that runs `file` while it is not there (no link made yet). */
  const missing = (repo: TempRepo, name: string, file: string) => {
    const at = repo.at('package.json', `"tsx ${file}"`);
    return (
      `package.json:${at.line}:${at.column}  warn   At package.json $.scripts.${name}, tsx ${file} runs ${file}, a file not in the ` +
      'repository (made, unpacked or downloaded at run time), which no reader sees: project code that may change what agent-tools ' +
      'runs, or run it past what validate and diff read, so any tool may run unasked, which neither the tools nor their approval ' +
      'rules show.  approval-rules'
    );
  };
  /**
   * The notes toolbox with a `vitest run` test script committed on main, then `files` written, `scripts` and `more` keys added
   * to package.json: validate's exit code and approval-rules lines, diff's exit code and output, and where `needle` starts in
   * `file` (`file:line:col`).
   */
  const trial = (
    files: Record<string, string>,
    scripts: Record<string, string>,
    [file, needle]: [string, string],
    more: Record<string, unknown> = {},
  ) => {
    const repo = new TempRepo({ 'packages/notes/src/tools/notes.ts': NOTES, 'package.json': PACKAGE({ test: 'vitest run' }) });
    repos.push(repo);
    for (const [path, text] of Object.entries(files)) repo.write(path, text);
    repo.write('package.json', PACKAGE({ test: 'vitest run', ...scripts }, more));
    const v = run(repo.dir, 'validate', '.');
    const d = run(repo.dir, 'diff', '.', '--base', 'main');
    const at = repo.at(file, needle);
    return {
      at: `${file}:${at.line}:${at.column}`,
      validate: [v.status, v.stdout.split('\n').filter((l) => l.endsWith('  approval-rules'))],
      diff: [d.status, d.stdout],
    };
  };

  it('a .test.ts file a package script runs with tsx: its approve () => true warns, and diff fails', () => {
    const t = trial({ 'packages/notes/src/jobs/purge.test.ts': PURGE }, { purge: 'tsx packages/notes/src/jobs/purge.test.ts' }, [
      'packages/notes/src/jobs/purge.test.ts',
      'approve: () => true',
    ]);
    expect(t.validate).toEqual([0, [`${t.at}  ${APPROVE_ALL}`]]);
    expect(t.diff).toEqual([1, relaxed(`the approve callback passed to runTool() at ${t.at} approves every call`)]);
  });

  it('a .spec.ts agent loop a package script runs, answering every approval request yes: a warning, and diff fails', () => {
    const t = trial({ 'packages/notes/src/agent.spec.ts': AGENT }, { agent: 'tsx packages/notes/src/agent.spec.ts' }, [
      'packages/notes/src/agent.spec.ts',
      'toolApprovalResponse(tools',
    ]);
    expect(t.validate).toEqual([
      0,
      [
        `${t.at}  warn   The AI SDK's approval requests are answered yes by toolApprovalResponse() under no condition, so every destructive tool runs unasked and no approval rule of the tools is seen to hold.  approval-rules`,
      ],
    ]);
    expect(t.diff).toEqual([
      1,
      relaxed(`the AI SDK's approval requests are answered yes by toolApprovalResponse() at ${t.at} under no condition`),
    ]);
  });

  it('a __tests__ fixture that a production file imports: its approve () => true warns, and diff fails', () => {
    const t = trial(
      {
        'packages/notes/src/__tests__/fixtures.ts': FIXTURES,
        'packages/notes/src/maintenance.ts': "import { resetNotes } from './__tests__/fixtures.js';\nawait resetNotes(['n1']);\n",
      },
      {},
      ['packages/notes/src/__tests__/fixtures.ts', 'approve: () => true'],
    );
    expect(t.validate).toEqual([0, [`${t.at}  ${APPROVE_ALL}`]]);
    expect(t.diff).toEqual([1, relaxed(`the approve callback passed to runTool() at ${t.at} approves every call`)]);
  });

  it('a test file a production file loads by a built specifier (a template, a + of strings): a warning, and diff fails', () => {
    for (const load of ['import(`./${name}.test.ts`)', "import('./' + name + '.test.js')"]) {
      const t = trial(
        {
          'packages/notes/src/jobs/purge.test.ts': PURGE,
          'packages/notes/src/jobs/index.ts': `for (const name of ['purge']) await ${load};\n`,
        },
        {},
        ['packages/notes/src/jobs/purge.test.ts', 'approve: () => true'],
      );
      expect(t.validate, load).toEqual([0, [`${t.at}  ${APPROVE_ALL}`]]);
      expect(t.diff, load).toEqual([1, relaxed(`the approve callback passed to runTool() at ${t.at} approves every call`)]);
    }
  });

  it('a built specifier naming no test file, and a literal import of a file that is no test, leave a unit test alone', () => {
    const t = trial(
      {
        'packages/notes/src/jobs/purge.test.ts': PURGE,
        'packages/notes/src/jobs/helpers.ts': 'export const ids = [];\n',
        'packages/notes/src/jobs/index.ts': "import './helpers.js';\nfor (const name of ['helpers']) await import(`./${name}.ts`);\n",
      },
      {},
      ['packages/notes/src/jobs/purge.test.ts', 'approve: () => true'],
    );
    expect(t.validate).toEqual([0, []]);
    expect(t.diff).toEqual([0, '✔ no changes against main (1 tool, 1 before): no version bump\n']);
  });

  it('a file linked to a test under a name that is no test, which a package script runs: read by its own name, a warning, diff fails', () => {
    const t = trial({ 'packages/notes/src/jobs/purge.test.ts': PURGE }, { purge: 'tsx packages/notes/src/ops/purge.ts' }, [
      'packages/notes/src/jobs/purge.test.ts',
      'approve: () => true',
    ]);
    const repo = repos.at(-1)!;
    // before the link is made, the script runs a file that is not there
    expect(t.validate).toEqual([0, [missing(repo, 'purge', 'packages/notes/src/ops/purge.ts')]]);
    mkdirSync(join(repo.dir, 'packages/notes/src/ops'));
    symlinkSync('../jobs/purge.test.ts', join(repo.dir, 'packages/notes/src/ops/purge.ts'));
    const at = t.at.replace('jobs/purge.test.ts', 'ops/purge.ts');
    const v = run(repo.dir, 'validate', '.');
    expect([v.status, v.stdout.split('\n').filter((l) => l.endsWith('  approval-rules'))]).toEqual([0, [`${at}  ${APPROVE_ALL}`]]);
    const d = run(repo.dir, 'diff', '.', '--base', 'main');
    expect([d.status, d.stdout]).toEqual([1, relaxed(`the approve callback passed to runTool() at ${at} approves every call`)]);
  });

  it('a test linked under a test name, and a link to a file that is no test: silent', () => {
    const t = trial(
      { 'packages/notes/src/jobs/purge.test.ts': PURGE, 'packages/notes/src/jobs/ids.ts': 'export const ids = [];\n' },
      { ids: 'tsx packages/notes/src/ops/ids.ts' },
      ['packages/notes/src/jobs/purge.test.ts', 'approve: () => true'],
    );
    const repo = repos.at(-1)!;
    mkdirSync(join(repo.dir, 'packages/notes/src/ops'));
    symlinkSync('../jobs/purge.test.ts', join(repo.dir, 'packages/notes/src/ops/purge.spec.ts'));
    symlinkSync('../jobs/ids.ts', join(repo.dir, 'packages/notes/src/ops/ids.ts'));
    const v = run(repo.dir, 'validate', '.');
    const d = run(repo.dir, 'diff', '.', '--base', 'main');
    expect([t.validate, v.status, v.stdout.split('\n').filter((l) => l.endsWith('  approval-rules')), d.status]).toEqual([
      [0, [missing(repo, 'ids', 'packages/notes/src/ops/ids.ts')]],
      0,
      [],
      0,
    ]);
  });

  it('a unit test that nothing imports and only vitest runs (also by name) approves on purpose: no warning, no failure', () => {
    const t = trial(
      { 'packages/notes/src/tools/delete-note.test.ts': PURGE.replace('../tools/notes.js', './notes.js') },
      { 'test:notes': 'vitest run packages/notes/src/tools/delete-note.test.ts' },
      ['packages/notes/src/tools/delete-note.test.ts', 'approve: () => true'],
    );
    expect(t.validate).toEqual([0, []]);
    expect(t.diff).toEqual([0, '✔ no changes against main (1 tool, 1 before): no version bump\n']);
  });

  it('a test file a package.json imports or tsconfig paths pattern maps a production import onto: a warning, and diff fails', () => {
    const cases: [string, Record<string, string>, Record<string, unknown>][] = [
      [
        'packages/notes/src/tools/__fixtures__/housekeep.test.ts',
        { 'packages/notes/src/tools/cleanup.ts': "import { prune as housekeep } from '#fixtures/housekeep';\nawait housekeep('n1');\n" },
        { imports: { '#fixtures/*': './packages/notes/src/tools/__fixtures__/*.test.ts' } },
      ],
      [
        'packages/notes/src/ops/prune.test.ts',
        { 'packages/notes/src/jobs/nightly.ts': "import { prune } from '#ops/prune';\nawait prune('n2');\n" },
        { imports: { '#ops/*': './packages/notes/src/ops/*.test.ts' } },
      ],
      [
        'packages/notes/src/ops/prune.test.ts',
        {
          'packages/notes/src/jobs/nightly.ts': "import { prune } from '@ops/prune';\nawait prune('n2');\n",
          'tsconfig.json': `${JSON.stringify({ compilerOptions: { paths: { '@ops/*': ['./packages/notes/src/ops/*.test.ts'] } } })}\n`,
        },
        {},
      ],
    ];
    for (const [test, files, more] of cases) {
      const importer = Object.values(files)[0]!;
      const t = trial(
        { [test]: PRUNE.replace('../tools/', test.includes('__fixtures__') ? '../' : '../tools/'), ...files },
        {},
        [test, 'approve: () => true'],
        more,
      );
      expect(t.validate, importer).toEqual([0, [`${t.at}  ${APPROVE_ALL}`]]);
      expect(t.diff, importer).toEqual([1, relaxed(`the approve callback passed to runTool() at ${t.at} approves every call`)]);
    }
  });

  it('a test file a production file starts or loads by a path literal (Worker, import(), fork): a warning, and diff fails', () => {
    const url = "new URL('../ops/prune.test.ts', import.meta.url)";
    const OPTIONS = "{ execArgv: ['--import', 'tsx'] }";
    for (const job of [
      `import { Worker } from 'node:worker_threads';\nnew Worker(${url}, ${OPTIONS});\n`,
      `const PRUNE = ${url}.href;\nawait import(PRUNE);\n`,
      `await import(${url}.href);\n`,
      `import { fork } from 'node:child_process';\nfork('src/ops/prune.test.ts', [], ${OPTIONS});\n`,
      `import { fork } from 'node:child_process';\nfork(${url}, [], ${OPTIONS});\n`,
    ]) {
      const t = trial({ 'packages/notes/src/ops/prune.test.ts': PRUNE, 'packages/notes/src/jobs/nightly.ts': job }, {}, [
        'packages/notes/src/ops/prune.test.ts',
        'approve: () => true',
      ]);
      expect(t.validate, job).toEqual([0, [`${t.at}  ${APPROVE_ALL}`]]);
      expect(t.diff, job).toEqual([1, relaxed(`the approve callback passed to runTool() at ${t.at} approves every call`)]);
    }
  });

  it('a package script not named for tests that passes a test runner a test file (a job): a warning, and diff fails', () => {
    for (const prune of [
      'node --import tsx --test packages/notes/src/ops/prune.test.ts',
      'npx vitest run packages/notes/src/ops/prune.test.ts',
    ]) {
      const t = trial({ 'packages/notes/src/ops/prune.test.ts': PRUNE }, { prune }, [
        'packages/notes/src/ops/prune.test.ts',
        'approve: () => true',
      ]);
      expect(t.validate, prune).toEqual([0, [`${t.at}  ${APPROVE_ALL}`]]);
      expect(t.diff, prune).toEqual([1, relaxed(`the approve callback passed to runTool() at ${t.at} approves every call`)]);
    }
  });

  it('tests importing test helpers, test scripts naming test files, a vitest config, paths used by tests: silent', () => {
    const t = trial(
      {
        'packages/notes/src/ops/prune.test.ts': PRUNE,
        'packages/notes/src/ops/nightly.test.ts': "import { prune } from './prune.test.js';\nimport { h } from '@test/helpers';\n",
        'packages/notes/src/__tests__/helpers.ts': PRUNE.replace('prune', 'h'),
        'packages/notes/src/tools/list.ts': "export const names = ['delete_note'];\n",
        'vitest.config.ts':
          "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { include: ['packages/**/*.test.ts'], " +
          "setupFiles: ['./packages/notes/src/__tests__/helpers.ts', 'packages/notes/src/ops/prune.test.ts'] } });\n",
        'tsconfig.json': `${JSON.stringify({ compilerOptions: { paths: { '@test/*': ['./packages/notes/src/__tests__/*'] } } })}\n`,
      },
      {
        test: 'node --test',
        'test:unit': 'vitest run packages/notes/src/ops/prune.test.ts',
        'test:prune': 'node --import tsx --test packages/notes/src/ops/prune.test.ts',
      },
      ['packages/notes/src/ops/prune.test.ts', 'approve: () => true'],
      { imports: { '#helpers/*': './packages/notes/src/__tests__/*.ts' } },
    );
    expect(t.validate).toEqual([0, []]);
    expect(t.diff).toEqual([0, '✔ no changes against main (1 tool, 1 before): no version bump\n']);
  });
});
