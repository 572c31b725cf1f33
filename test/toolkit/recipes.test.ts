/** Follows each recipe of docs/contributing.md in a temp copy of the repository: its files are all a new thing needs; a test names each. */
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const guide = readFileSync(`${root}docs/contributing.md`, 'utf8');

/** A recipe as the test follows it: the files a person writes, and the tests that must name each one left out. */
interface Recipe {
  /** The heading's start in docs/contributing.md (`A validate check`); the heading ends in `(N files)`. */
  title: string;
  /** Replaces the `<...>` placeholder of the paths docs/contributing.md lists. */
  placeholder: string;
  /** Writes the recipe's files into `dir` (a copy of the repository), and what is generated from them (docs, goldens). */
  write(dir: string): Promise<void> | void;
  /** The files written, in the order docs/contributing.md lists them, each with the text a failure must show when it is left out. */
  files: { path: string; named: string; by?: 'tsc' }[];
  /** The test files that pass with every file written, and fail with one left out. */
  guards: string[];
  /** More test files that pass with every file written (the recipe's own test, the generated files'). */
  alsoPass?: string[];
  /** Where the compiler is a guard: these files (and what they import) type-check with every file written. */
  typecheck?: string[];
}

/** `text` with `from` replaced by `to`; fails when `from` is not there (the recipe would follow nothing). */
function replaced(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`recipe: cannot find ${JSON.stringify(from)}`);
  return text.replace(from, to);
}

/** Writes `text` to `dir/path` as a new file (never through a hard link the copies share). */
function put(dir: string, path: string, text: string): void {
  const full = join(dir, path);
  rmSync(full, { force: true });
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
}

/** Edits `dir/path` (a new file, never through a shared hard link). */
function edit(dir: string, path: string, change: (text: string) => string): void {
  put(dir, path, change(readFileSync(join(dir, path), 'utf8')));
}

const check: Recipe = {
  title: 'A validate check',
  placeholder: 'recipe-check',
  async write(dir) {
    const r = spawnSync(process.execPath, ['scripts/new-check.mjs', 'recipe-check'], { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`npm run new:check failed: ${r.stderr}`);
    // docs/checks.md is generated from the checks (npm run docs:checks): here from the copy's own sources
    const docs = (await import(join(dir, 'src/validate/docs.ts'))) as { renderAllCheckDocs(): string };
    put(dir, 'docs/checks.md', docs.renderAllCheckDocs());
  },
  files: [
    { path: 'src/validate/checks/recipe-check.ts', named: 'recipe-check.js' },
    { path: 'src/validate/checks/index.ts', named: 'src/validate/checks/recipe-check.ts' },
    { path: 'test/validate/checks/recipe-check.test.ts', named: 'test/validate/checks/recipe-check.test.ts' },
    { path: 'fixtures/validate/recipe-check/tools/tool.ts', named: 'fixtures/validate/recipe-check/' },
  ],
  guards: ['test/validate/check-list.test.ts'],
  alsoPass: [
    'test/validate/docs.test.ts',
    'test/validate/fixtures.test.ts',
    'test/validate/checks/recipe-check.test.ts',
    'test/docs/conventions.test.ts',
  ],
};

const format: Recipe = {
  title: 'An export format',
  placeholder: 'csv',
  async write(dir) {
    put(
      dir,
      'src/export/formats/csv.ts',
      `/** The \`csv\` export format: one line per tool, its name and description. */
import { defineFormat } from './define-format.js';

/** \`csv\`: a header line, then each tool's name and its description as a JSON string. */
export default defineFormat({
  name: 'csv',
  summary: 'one line per tool: its name and description',
  extension: 'csv',
  schemaAsIs: false,
  recognise: (text) => text.startsWith('name,description\\n'),
  render: (tools) => ({
    text: ['name,description', ...tools.map((t) => \`\${t.name},\${JSON.stringify(t.description)}\`)].join('\\n') + '\\n',
    warnings: [],
  }),
});
`,
    );
    edit(dir, 'src/export/formats/index.ts', (t) =>
      replaced(
        replaced(t, "import json from './json.js';", "import csv from './csv.js';\nimport json from './json.js';"),
        'dts] as const',
        'dts, csv] as const',
      ),
    );
    edit(dir, 'test/export/format-list.test.ts', (t) => replaced(t, 'gemini or dts (default', 'gemini, dts or csv (default'));
    // docs (not counted): docs/export.md shows it; docs/cli.md is generated from --help (npm run docs:cli), here from the copy's sources
    edit(dir, 'docs/export.md', (t) => `${t}\n\`csv\`: one line per tool.\n`);
    edit(dir, 'docs/toolkit.md', (t) => replaced(t, '`gemini` or `dts`', '`gemini`, `dts` or `csv`'));
    edit(dir, 'docs/getting-started.md', (t) =>
      replaced(t, '`gemini` or `dts` (TypeScript declarations)', '`gemini`, `dts` (TypeScript declarations) or `csv`'),
    );
    const cli = (await import(join(dir, 'src/cli/main.ts'))) as { buildProgram(): unknown };
    const reference = (await import(join(dir, 'src/cli/reference.ts'))) as { renderCliReference(program: unknown): string };
    put(dir, 'docs/cli.md', reference.renderCliReference(cli.buildProgram()));
  },
  files: [
    { path: 'src/export/formats/csv.ts', named: 'csv.js' },
    { path: 'src/export/formats/index.ts', named: 'src/export/formats/csv.ts' },
    { path: 'test/export/format-list.test.ts', named: 'gemini, dts or csv' },
  ],
  guards: ['test/export/format-list.test.ts'],
  alsoPass: ['test/docs/cli-reference.test.ts'],
};

const skillKind: Recipe = {
  title: 'A skill kind',
  placeholder: 'graphql',
  write(dir) {
    put(dir, 'src/skills/kinds/graphql.ts', GRAPHQL_KIND);
    edit(dir, 'src/skills/kinds/index.ts', (t) =>
      replaced(
        replaced(t, "import http from './http.js';", "import graphql from './graphql.js';\nimport http from './http.js';"),
        'mcp] as const',
        'mcp, graphql] as const',
      ),
    );
    put(
      dir,
      'fixtures/skills/kinds/graphql.json',
      `${JSON.stringify(
        {
          kind: 'tool',
          name: 'find_issue',
          description: 'Finds an issue by number',
          params: { number: { type: 'number', required: true, description: 'Issue number' } },
          executor: {
            type: 'graphql',
            url: 'https://api.example.com/graphql',
            query: 'query($number: Int!) { issue(number: $number) { title } }',
          },
        },
        null,
        2,
      )}\n`,
    );
    edit(dir, 'src/skills/files/external-skill.ts', (t) =>
      replaced(
        replaced(
          t,
          '  executor: HttpExecutorSpec | ScriptExecutorSpec;',
          '  executor: HttpExecutorSpec | ScriptExecutorSpec | GraphqlExecutorSpec;',
        ),
        "import { envProblems } from './skill-env.js';",
        "import { envProblems } from './skill-env.js';\nimport type { GraphqlExecutorSpec } from '../kinds/graphql.js';",
      ),
    );
    // docs (not counted): its row in docs/skills.md's kind table
    edit(dir, 'docs/skills.md', (t) =>
      replaced(
        t,
        '| `mcp` | `"kind": "mcp"` | the tools of an MCP server, checked against the tools accepted for it |\n',
        '| `mcp` | `"kind": "mcp"` | the tools of an MCP server, checked against the tools accepted for it |\n' +
          '| `graphql` | `"kind": "tool"`, `"executor": { "type": "graphql" }` | a tool that posts a GraphQL query, its params as the variables |\n',
      ),
    );
  },
  files: [
    { path: 'src/skills/kinds/graphql.ts', named: 'graphql.js' },
    { path: 'src/skills/kinds/index.ts', named: 'src/skills/kinds/graphql.ts' },
    { path: 'fixtures/skills/kinds/graphql.json', named: 'fixtures/skills/kinds/graphql.json' },
    { path: 'src/skills/files/external-skill.ts', named: 'ToolSkillFile.executor in src/skills/files/external-skill.ts', by: 'tsc' },
  ],
  guards: ['test/skills/skill-kinds.test.ts'],
  alsoPass: ['test/skills/tool-kinds.test.ts'],
  typecheck: ['src/skills/kinds/graphql.ts'],
};

/** The skill kind the recipe writes: a tool kind, one GraphQL query per call. */
const GRAPHQL_KIND = `/** The GraphQL skill kind: one tool that posts a query to a GraphQL endpoint, its params as the query's variables. */
import { z } from 'zod';
import type { ToolSkillFile } from '../files/external-skill.js';
import { defineSkillKind, type SkillKindTool } from './define-skill-kind.js';
import { buildToolSkill, originOf, toolDetails } from './tool-file.js';

/** zod schema of a GraphQL executor: the endpoint and the query document. */
export const graphqlExecutorSchema = z.strictObject({ type: z.literal('graphql'), url: z.url(), query: z.string().min(1) });

/** A GraphQL executor as validated. */
export type GraphqlExecutorSpec = z.infer<typeof graphqlExecutorSchema>;

type GraphqlFile = ToolSkillFile & { executor: GraphqlExecutorSpec };

const rules = (ex: GraphqlExecutorSpec) => [\`Posts its query to \${originOf(ex.url)} only.\`];

const tool: SkillKindTool<GraphqlFile> = {
  // a query document may hold a mutation: not read-only; it reaches another service
  hints: () => ({ mutates: true, destructive: false, idempotent: false, openWorld: true }),
  rules,
  run: async ({ executor: ex }, args, { signal }) => {
    try {
      const res = await fetch(ex.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: ex.query, variables: args }),
        ...(signal ? { signal } : {}),
      });
      const body = (await res.json()) as { data?: unknown; errors?: { message: string }[] };
      return body.errors?.length ? { ok: false, error: body.errors.map((e) => e.message).join('; ') } : { ok: true, value: body.data };
    } catch (e) {
      return { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
  },
};

export default defineSkillKind<GraphqlFile>({
  id: 'graphql',
  summary: 'a tool that posts a GraphQL query, its params as the variables',
  fileKind: 'tool',
  executorType: 'graphql',
  schema: graphqlExecutorSchema,
  problems: () => [],
  tool,
  build: (file, ctx) => buildToolSkill(file, ctx, tool),
  access: () => [],
  envTo: () => undefined,
  view: (file) => ({
    details: toolDetails(file, \`graphql \${file.executor.url}\`, tool),
    json: {},
    triggers: [],
    tools: [file.name],
    runs: \`graphql \${file.executor.url}\`,
    sandbox: rules(file.executor),
  }),
  try: { tools: 'file', from: (file) => \`skill \${file.name}\`, rules: (file) => rules(file.executor) },
});
`;

const adapter: Recipe = {
  title: 'An adapter',
  placeholder: 'openai-agents',
  write(dir) {
    edit(dir, 'src/core/adapter-list.ts', (t) =>
      replaced(
        t,
        '  // a Mastra agent',
        `  {
    sdk: 'openai-agents',
    sdkName: 'OpenAI Agents SDK',
    sdkModules: ['@openai/agents'],
    ownAdapters: false,
    factory: 'toolsToOpenAIAgents',
    module: 'agent-tools/openai-agents',
    options: { log: LOG, hooks: HOOKS },
  },
  // a Mastra agent`,
      ),
    );
    put(
      dir,
      'src/adapters/openai-agents.ts',
      `/** The OpenAI Agents SDK adapter: each tool as a function tool the SDK's agent calls. */
import type { AnyToolDef } from '../core/tool.js';

/** Each tool as \`{ type: 'function', name, description }\`. */
export function toolsToOpenAIAgents(tools: readonly AnyToolDef[]): { type: 'function'; name: string; description: string }[] {
  return tools.map((t) => ({ type: 'function', name: t.name, description: t.description }));
}
`,
    );
    edit(dir, 'package.json', (t) => {
      const pkg = JSON.parse(t) as { exports: Record<string, unknown> };
      pkg.exports['./openai-agents'] = {
        types: './dist/adapters/openai-agents.d.ts',
        import: './dist/adapters/openai-agents.js',
        default: './dist/adapters/openai-agents.js',
      };
      return `${JSON.stringify(pkg, null, 2)}\n`;
    });
    edit(dir, 'test/core/adapter-list.test.ts', (t) =>
      replaced(t, "'agent-tools/cli']", "'agent-tools/cli', 'agent-tools/openai-agents']"),
    );
  },
  files: [
    { path: 'src/core/adapter-list.ts', named: 'agent-tools/openai-agents' },
    { path: 'src/adapters/openai-agents.ts', named: 'src/adapters/openai-agents.ts' },
    { path: 'package.json', named: 'agent-tools/openai-agents is not in package.json exports' },
    { path: 'test/core/adapter-list.test.ts', named: 'agent-tools/openai-agents' },
  ],
  guards: ['test/core/adapter-list.test.ts'],
};

const RECIPES = [check, format, skillKind, adapter];

/** The recipe's section of docs/contributing.md: the count in its heading and the path each numbered item starts with. */
function section(recipe: Recipe): { count: number; paths: string[] } {
  const heading = new RegExp(`^### ${recipe.title} \\((\\d+) files?\\)$`, 'm').exec(guide);
  if (!heading) throw new Error(`docs/contributing.md has no heading '### ${recipe.title} (N files)'`);
  const rest = guide.slice(heading.index + heading[0].length);
  const body = rest.slice(0, rest.search(/^##/m) === -1 ? undefined : rest.search(/^##/m));
  const paths = [...body.matchAll(/^\d+\. `([^`]+)`/gm)].map((m) => m[1]!.replace(/<[a-z-]+>/g, recipe.placeholder));
  return { count: Number(heading[1]), paths };
}

let tmp = '';
const files = () =>
  spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .stdout.split('\n')
    .filter((f) => f !== '' && existsSync(join(root, f)));

/** `to`: a copy of `from` made of hard links (cheap; every later write replaces a file, see {@link put}), with node_modules linked. */
function linkTree(from: string, to: string): void {
  for (const e of readdirSync(from, { withFileTypes: true })) {
    if (e.name === 'node_modules') continue;
    const a = join(from, e.name);
    const b = join(to, e.name);
    if (e.isDirectory()) {
      mkdirSync(b, { recursive: true });
      linkTree(a, b);
    } else linkSync(a, b);
  }
}

/** Leaves one written file out of `dir`: a file the recipe edits is as in the repository, a file it adds is gone (with empty folders). */
function leaveOut(dir: string, path: string): void {
  rmSync(join(dir, path), { force: true });
  if (existsSync(join(root, path))) copyFileSync(join(root, path), join(dir, path));
  else
    for (let d = dirname(path); d !== '.' && readdirSync(join(dir, d)).length === 0; d = dirname(d))
      rmSync(join(dir, d), { recursive: true });
}

interface FileResult {
  name: string;
  status: string;
  message?: string;
  assertionResults: { status: string; fullName: string; failureMessages: string[] }[];
}
/** One variant: a folder, the test files run in it, and the files `tsc` checks there (none: no compiler run). */
interface Run {
  dir: string;
  tests: string[];
  tsc: string[];
}
/** Per variant folder: each test file's result, and the compiler's exit code and output. */
const results = new Map<string, { run: Run; files: Map<string, FileResult>; tsc?: { code: number | null; output: string } }>();

/** Runs `tsc --noEmit` over `files` (with what they import) in `dir`, with the project's compiler options. */
function typecheck(dir: string, files: string[]): Promise<{ code: number | null; output: string }> {
  writeFileSync(join(dir, 'tsconfig.recipe.json'), JSON.stringify({ extends: './tsconfig.json', include: [], files }));
  const child = spawn(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.recipe.json'], {
    cwd: dir,
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += String(d)));
  child.stderr.on('data', (d: Buffer) => (output += String(d)));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'agent-tools-recipes-'));
  const base = join(tmp, 'base');
  // data/ holds what the build generates (the tokenizer ranks the checks read; run npm run build first)
  const generated = existsSync(join(root, 'data')) ? readdirSync(join(root, 'data')).map((f) => `data/${f}`) : [];
  for (const f of [...files(), ...generated]) {
    mkdirSync(dirname(join(base, f)), { recursive: true });
    copyFileSync(join(root, f), join(base, f));
  }
  symlinkSync(join(root, 'node_modules'), join(tmp, 'node_modules'));
  const runs: Run[] = [];
  for (const [i, recipe] of RECIPES.entries()) {
    const full = join(tmp, `r${i}`);
    linkTree(base, full);
    await recipe.write(full);
    runs.push({ dir: full, tests: [...recipe.guards, ...(recipe.alsoPass ?? [])], tsc: recipe.typecheck ?? [] });
    for (const [j, file] of recipe.files.entries()) {
      const without = join(tmp, `r${i}-without-${j}`);
      linkTree(full, without);
      leaveOut(without, file.path);
      runs.push(
        file.by === 'tsc' ? { dir: without, tests: [], tsc: recipe.typecheck ?? [] } : { dir: without, tests: recipe.guards, tsc: [] },
      );
    }
  }
  writeFileSync(
    join(tmp, 'vitest.config.mjs'),
    `import { defineConfig } from 'vitest/config';
export default defineConfig({
  cacheDir: '.vite',
  resolve: { alias: [{ find: /^(\\.\\.?\\/)+(analysis\\/)?ts-morph\\.cjs$/, replacement: 'ts-morph' }] },
  test: { include: ['*/test/**/*.test.ts'], testTimeout: 60000, hookTimeout: 60000, isolate: false, maxWorkers: 2, chaiConfig: { truncateThreshold: 0 } },
});
`,
  );
  // one vitest run for every variant's test files (each imports its own folder's sources), the compiler runs beside it
  const compiled = Promise.all(runs.map(async (r) => (r.tsc.length > 0 ? await typecheck(r.dir, r.tsc) : undefined)));
  const tests = runs.flatMap((r) => r.tests.map((t) => relative(tmp, join(r.dir, t))));
  const out = join(tmp, 'results.json');
  const vitest = spawn(
    process.execPath,
    [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=json', `--outputFile=${out}`, ...tests],
    {
      cwd: tmp,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  vitest.stderr.on('data', (d: Buffer) => (stderr = (stderr + String(d)).slice(-4000)));
  await new Promise((resolve) => vitest.on('close', resolve));
  if (!existsSync(out)) throw new Error(`the vitest run in ${tmp} wrote no report; its stderr ends:\n${stderr}`);
  const report = JSON.parse(readFileSync(out, 'utf8')) as { testResults: FileResult[] };
  const tscResults = await compiled;
  for (const [k, r] of runs.entries()) {
    const own = new Map(report.testResults.filter((t) => t.name.startsWith(`${r.dir}/`)).map((t) => [relative(r.dir, t.name), t]));
    results.set(r.dir, { run: r, files: own, ...(tscResults[k] ? { tsc: tscResults[k] } : {}) });
  }
}, 600_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** Whether the variant's test files passed and `tsc` found nothing, and the text of every failure (each failed test's name first). */
function failures(dir: string): { passed: boolean; text: string } {
  const r = results.get(dir)!;
  let passed = true;
  let text = '';
  for (const test of r.run.tests) {
    const f = r.files.get(test);
    if (!f) {
      passed = false;
      text += `${test} did not run\n`;
      continue;
    }
    if (f.status !== 'passed') passed = false;
    text += f.message ? `${f.message}\n` : '';
    for (const a of f.assertionResults) if (a.status === 'failed') text += `${a.fullName}\n${a.failureMessages.join('\n')}\n`;
  }
  if (r.tsc && r.tsc.code !== 0) {
    passed = false;
    text += `tsc: ${r.tsc.output}\n`;
  }
  return { passed, text };
}

describe('the recipes of docs/contributing.md, followed in a temp copy of the repository', () => {
  for (const [i, recipe] of RECIPES.entries()) {
    describe(recipe.title, () => {
      it('writes at most 5 files, the number its heading says, the ones it lists', () => {
        const { count, paths } = section(recipe);
        expect(recipe.files.length).toBeLessThanOrEqual(5);
        expect(recipe.files.length, `docs/contributing.md: ### ${recipe.title} (${count} files)`).toBe(count);
        expect(paths).toEqual(recipe.files.map((f) => f.path));
      });

      const checked = [...recipe.guards, ...(recipe.alsoPass ?? []), ...(recipe.typecheck ? ['tsc'] : [])];
      it(`with every file written, ${checked.join(', ')} pass`, () => {
        const { passed, text } = failures(join(tmp, `r${i}`));
        expect(text.trim(), 'failures').toBe('');
        expect(passed).toBe(true);
      });

      for (const [j, file] of recipe.files.entries())
        it(`without ${file.path}, ${file.by === 'tsc' ? 'the compiler' : 'a test'} fails naming ${file.named}`, () => {
          const { passed, text } = failures(join(tmp, `r${i}-without-${j}`));
          expect(passed).toBe(false);
          expect(text).toContain(file.named);
        });
    });
  }
});
