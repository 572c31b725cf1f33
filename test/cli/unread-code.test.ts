/** Tests that validate warns, and diff fails, on a command line that runs JavaScript or TypeScript not in the repository. */

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TempRepo } from '../diff/git-repo.js';
import { approvalLines, NOTES, run, unreadDiff, unreadWarnings, writeLinks, type UnreadForm } from './notes-toolbox.js';

const REGISTRY = 'packages/notes/src/tools/registry.ts';
const PACKAGE = (scripts: Record<string, string> = {}) =>
  `${JSON.stringify({ name: 'trial', private: true, type: 'module', workspaces: ['packages/*'], scripts }, null, 2)}\n`;

/** Where a symbolic link of the project leads: a folder outside it that no machine but the author's has. */
const SHARED = join(tmpdir(), 'agent-tools-absent-shared-ops', 'purge.mts');

/** The code a tracked script writes to a file it then runs. */
const HOUSEKEEPING = `import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

mkdirSync('.cache', { recursive: true });
writeFileSync('.cache/housekeeping.ts', "import { runTool } from 'agent-tools';\\n");
execFileSync('npx', ['tsx', '.cache/housekeeping.ts'], { stdio: 'inherit' });
`;

/** A docs check that runs each TypeScript block of the docs as a file it writes. */
const DOCS_CHECK = `import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';

mkdirSync('docs/.run', { recursive: true });
for (const name of readdirSync('docs').filter((n) => n.endsWith('.md'))) {
  const blocks = readFileSync('docs/' + name, 'utf8').split('\`\`\`ts').slice(1);
  blocks.forEach((code, i) => {
    const file = 'docs/.run/' + name + '-' + i + '.ts';
    writeFileSync(file, code.split('\`\`\`')[0]);
    execFileSync('npx', ['tsx', file], { stdio: 'inherit' });
  });
}
`;

const GEN_JOBS = `import { mkdirSync, writeFileSync } from 'node:fs';

mkdirSync('.jobs', { recursive: true });
writeFileSync('.jobs/purge.ts', "import { runTool } from 'agent-tools';\\n");
`;

/**
 * Each form: its package.json scripts, the other files it commits, a symbolic link it commits, the file and text the warning
 * starts at (for a script, its value), where a diff names it after the file, and what the warning says runs.
 */
interface Form extends UnreadForm {
  scripts?: Record<string, string>;
  files?: Record<string, string>;
  link?: [string, string];
  /** A folder the form's .gitignore names. */
  ignore?: string;
  file: string;
  at: string;
  where: (line: number) => string;
  what: string;
}
const json = (key: string) => (_: number) => ` at $.scripts${/^\w+$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`}`;
const line = (n: number) => `:${n}`;
const FORMS: Record<string, Form> = {
  generated: {
    scripts: { jobs: 'node scripts/gen-jobs.mjs && for f in .jobs/*.ts; do tsx $f; done' },
    // a job generated before: on disk, but ignored by git
    files: { 'scripts/gen-jobs.mjs': GEN_JOBS, '.jobs/purge.ts': 'export {};\n' },
    ignore: '.jobs/',
    file: 'package.json',
    at: '"node scripts/gen-jobs.mjs',
    where: json('jobs'),
    what: 'tsx $f runs $f, a file named at run time (by a variable, a glob or a value the code computes), which no reader sees',
  },
  written: {
    files: { 'scripts/housekeeping.mjs': HOUSEKEEPING },
    file: 'scripts/housekeeping.mjs',
    at: "execFileSync('npx'",
    where: line,
    what: 'tsx .cache/housekeeping.ts runs .cache/housekeeping.ts, a file not in the repository (made, unpacked or downloaded at run time), which no reader sees',
  },
  computed: {
    files: { 'scripts/docs-check.mjs': DOCS_CHECK, 'docs/guide.md': '# Guide\n\n```ts\nconsole.log(1);\n```\n' },
    file: 'scripts/docs-check.mjs',
    at: "execFileSync('npx'",
    where: line,
    what: 'tsx file runs file, a file named at run time (by a variable, a glob or a value the code computes), which no reader sees',
  },
  ownFolder: {
    files: {
      'scripts/jobs.mjs':
        "import { spawn } from 'node:child_process';\nimport { join } from 'node:path';\n\n" +
        "spawn('node', [join(import.meta.dirname, '..', '.cache', 'purge.mjs')]);\n",
    },
    file: 'scripts/jobs.mjs',
    at: "spawn('node'",
    where: line,
    what: 'node .cache/purge.mjs runs .cache/purge.mjs, a file not in the repository (made, unpacked or downloaded at run time), which no reader sees',
  },
  unpacked: {
    scripts: { 'ops:purge': 'tar xzf ops-bundle.tgz && tsx ops/purge.ts' },
    files: { 'ops/purge.ts': 'export {};\n' },
    ignore: 'ops/',
    file: 'package.json',
    at: '"tar xzf',
    where: json('ops:purge'),
    what: 'tsx ops/purge.ts runs ops/purge.ts, a file not in the repository (made, unpacked or downloaded at run time), which no reader sees',
  },
  linked: {
    scripts: { shared: 'node --import tsx scripts/purge.mts' },
    link: ['scripts/purge.mts', SHARED],
    file: 'package.json',
    at: '"node --import',
    where: json('shared'),
    what: `node --import tsx scripts/purge.mts runs scripts/purge.mts, a symbolic link to ${SHARED}, outside the repository, which no reader sees`,
  },
  downloaded: {
    scripts: { purge: 'mkdir -p .cache && curl -fsSL http://host/purge.ts -o .cache/purge.ts && tsx .cache/purge.ts' },
    file: 'package.json',
    at: '"mkdir -p',
    where: json('purge'),
    what: 'tsx .cache/purge.ts runs .cache/purge.ts, a file not in the repository (made, unpacked or downloaded at run time), which no reader sees',
  },
  makefile: {
    files: { Makefile: 'purge:\n\tcurl -fsSL http://host/purge.ts -o .cache/purge.ts && npx tsx -- .cache/purge.ts\n' },
    file: 'Makefile',
    at: '\tcurl',
    where: line,
    what: 'tsx -- .cache/purge.ts runs .cache/purge.ts, a file not in the repository (made, unpacked or downloaded at run time), which no reader sees',
  },
  workflow: {
    files: {
      '.github/workflows/ops.yml':
        'on: push\njobs:\n  ops:\n    runs-on: ubuntu-latest\n    steps:\n      - run: node --enable-source-maps .cache/purge.mjs\n',
    },
    file: '.github/workflows/ops.yml',
    at: '      - run',
    where: line,
    what: 'node --enable-source-maps .cache/purge.mjs runs .cache/purge.mjs, a file not in the repository (made, unpacked or downloaded at run time), which no reader sees',
  },
};

/** Command lines that run no code outside the repository: build output of a tracked source, inline code, tracked files, test runners. */
const HARMLESS_IGNORED = ['dist/', 'build/'];
const HARMLESS_SCRIPTS = {
  start: 'node dist/server.js',
  built: 'node --enable-source-maps build/index.js',
  eval: "node -e 'console.log(1)'",
  version: 'node --version',
  dev: 'tsx watch src/x.ts',
  gen: 'node scripts/x.mjs',
  import: 'node --import tsx -- scripts/x.mjs',
  test: 'vitest run && node --test && bun test',
  all: 'for f in scripts/*.mjs; do node $f; done',
  build: 'bun run build',
  bin: 'node node_modules/tsx/dist/cli.mjs src/x.ts',
};
const HARMLESS_FILES = {
  'src/server.ts': 'export const port = 3000;\n',
  'src/index.ts': 'export const ready = true;\n',
  'src/x.ts': 'export const x = 1;\n',
  'scripts/x.mjs': 'console.log(1);\n',
  'scripts/spawn.mjs':
    "import { execFileSync, spawn } from 'node:child_process';\n\nexecFileSync('node', ['scripts/x.mjs']);\n" +
    "export const start = (file) => spawn(process.execPath, [file]);\nexecFileSync('npx', ['tsx', '--version']);\n",
  // paths built from the spawning file's own folder name tracked files
  'scripts/workers.mjs':
    "import { spawn } from 'node:child_process';\nimport { join } from 'node:path';\nimport { fileURLToPath } from 'node:url';\n\n" +
    "spawn('node', [join(import.meta.dirname, 'x.mjs')]);\nconst worker = fileURLToPath(new URL('./x.mjs', import.meta.url));\n" +
    "spawn('node', [worker]);\nspawn('npx', ['tsx', new URL('../src/x.ts', import.meta.url).pathname]);\n",
  'scripts/workers.cjs':
    "const path = require('node:path');\nrequire('node:child_process').fork;\n" +
    "require('node:child_process').spawn('node', [path.resolve(__dirname, '..', 'scripts', 'x.mjs')]);\n",
  Makefile: 'dev:\n\tnode dist/server.js\n\ttsx src/x.ts\n',
  // a container runs its own files, not the repository's
  'compose.yaml': 'services:\n  web:\n    entrypoint: ["node", "server.js"]\n',
  Dockerfile: 'FROM node:24\nRUN node /app/setup.mjs\nCMD ["node", "server.mjs"]\n',
};

describe('a command line that runs code not in the repository', { timeout: 240_000 }, () => {
  const repos: TempRepo[] = [];
  afterAll(() => repos.forEach((r) => r.dispose()));
  const project = (forms: Form[], harmless?: { scripts: Record<string, string>; files: Record<string, string> }) => {
    const repo = new TempRepo({ [REGISTRY]: NOTES, 'package.json': PACKAGE() });
    repos.push(repo);
    const ignored = [...(harmless ? HARMLESS_IGNORED : []), ...forms.flatMap((f) => (f.ignore ? [f.ignore] : []))];
    repo.write('.gitignore', ['node_modules/', ...ignored, ''].join('\n'));
    const scripts = Object.assign({}, harmless?.scripts, ...forms.map((f) => f.scripts ?? {})) as Record<string, string>;
    repo.write('package.json', PACKAGE(scripts));
    for (const [file, text] of Object.entries({ ...harmless?.files, ...Object.assign({}, ...forms.map((f) => f.files ?? {})) }))
      repo.write(file, text as string);
    writeLinks(repo, forms);
    repo.commit('the change');
    return repo;
  };
  const approvalsOf = (repo: TempRepo) => approvalLines(repo.dir);

  it('validate warns at each command line that runs it, with its words', () => {
    const forms = Object.values(FORMS);
    const repo = project(forms);
    const expected = unreadWarnings(repo, forms);
    expect([...approvalsOf(repo)].sort()).toEqual([...expected].sort());
  });

  it('validate stays silent on build output of a tracked source, inline code, tracked files and test runners', () => {
    expect(approvalsOf(project([], { scripts: HARMLESS_SCRIPTS, files: HARMLESS_FILES }))).toEqual([]);
  });

  it('diff fails on each form a pull request brings in, naming it; harmless forms pass', () => {
    for (const [name, f] of Object.entries(FORMS)) {
      const repo = project([f]);
      const { got, want } = unreadDiff(repo, f);
      expect(got, name).toEqual(want);
      // the tree diff writes for a base holds its code and JSON files only, so a Makefile's or workflow's lines are new against any base
      if (!/Makefile|\.yml$/.test(f.file)) expect(run(repo.dir, 'diff', '.', '--base', 'main').status, name).toBe(0);
    }
    const r = run(project([], { scripts: HARMLESS_SCRIPTS, files: HARMLESS_FILES }).dir, 'diff', '.', '--base', 'main~1');
    expect([r.status, r.stdout.split('\n')[0]]).toEqual([0, '✔ no changes against main~1 (1 tool, 1 before): no version bump']);
  });
});
