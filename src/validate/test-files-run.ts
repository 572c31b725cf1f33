/** When a test file is read as any other file by the approval readers: a command line runs it, or a file that is not a test names it. */

import { MAX_READ_BYTES } from './limits.js';
import { readFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { isTestFile } from '../analysis/tool-executes.js';
import { SourceResolver } from '../analysis/source-resolver.js';
import { ts } from '../analysis/ts-morph.cjs';
import { LAUNCHER } from './command-words.js';
import { parseTextAlone } from '../analysis/parse-depth.js';

/** Programs that run a test file as a test (its calls approve on purpose). */
const TEST_RUNNERS = ['vitest', 'jest', 'mocha', 'ava', 'tap', 'tape', 'jasmine', 'karma', 'playwright', 'cypress', 'uvu'];

/**
 * Test runners (see {@link TEST_RUNNERS}), and programs that read a test file without running it (a type checker, a
 * linter, a formatter): a command line of one of them naming a test file leaves it a test.
 */
const NOT_RUN = new Set([...TEST_RUNNERS, 'tsc', 'vue-tsc', 'eslint', 'oxlint', 'prettier', 'biome', 'dprint']);

/** The flag or subcommand by which a runtime runs its test runner: `node --test`, `tsx --test`, `bun test`, `deno test`. */
const TEST_MODE = /^--test(?:=|$)|^test$/;

/** Above this size (bytes) a file is not read for its imports (a bundle). */
const MAX_BYTES = MAX_READ_BYTES;

/** What may name a test file in an import: a `__tests__` folder or a `.test`/`.spec`/`_test` name (a cheap test before parsing). */
const MAY_IMPORT_TEST = /__tests__|[._-](?:test|spec)\b/;

/**
 * Whether the word `words[at]` of a command line (see `shellWords`) is a file the command runs as
 * code: its command (the words since the last `;`, past `X=1` assignments) starts with it written
 * as a path (`./x.test.ts`, run by its `#!` line), or with a program that is no file (a list of
 * files, `['a.test.ts', 'b.test.ts']` in a config, runs none) and no program of the command
 * before the word is a test runner (`vitest`, `jest`, `mocha`, ..., or a runtime in its test mode:
 * `node --test`, `bun test`, `deno test`), nor one that reads a file without running it (`tsc`,
 * `eslint`, `prettier`). `tsx jobs/purge.test.ts`, `node x.spec.mjs` and `npx tsx x.test.ts` run it.
 */
export function runsAsCode(words: readonly string[], at: number): boolean {
  const start = commandStart(words, at);
  if (start === at) return /^\.{0,2}\//.test(words[at]!);
  if (LAUNCHER.test(words[start]!)) return false;
  return !words.slice(start, at).some((w) => NOT_RUN.has(program(w)) || TEST_MODE.test(w));
}

/** Where the command holding the word `words[at]` starts: past the last `;` before it and the `X=1` assignments after that. */
function commandStart(words: readonly string[], at: number): number {
  let start = at;
  while (start > 0 && words[start - 1] !== ';') start--;
  while (start < at && /^[A-Za-z_]\w*=/.test(words[start]!)) start++;
  return start;
}

/** The name of the program a word runs: `node_modules/.bin/vitest.cmd` is `vitest`. */
const program = (word: string) => basename(word).replace(/\.(?:c?js|cmd|exe)$/, '');

/** A package script named for tests (`test`, `test:unit`, `spec`, `e2e-tests`): the test runs it starts are the test suite. */
const TEST_SCRIPT = /test|spec/i;

/**
 * The words of the package script `name` (its command line `words`, see `shellWords`) that it passes a test runner, options
 * aside, when its name says it is no test run (`"prune": "node --import tsx --test ops/prune.test.ts"`, a job): a test
 * runner (see {@link TEST_RUNNERS}, or a runtime in its test mode: `node --test`, `tsx --test`, `bun test`, `deno test`)
 * comes before the word in its command. A test file among them runs as code, as the job it is (the caller keeps those); a
 * script named for tests (`"test": "node --test"`, `"test:unit": "vitest run src/a.test.ts"`) runs the test suite.
 */
export function jobTestRuns(name: string, words: readonly string[]): string[] {
  if (TEST_SCRIPT.test(name)) return [];
  return words.filter((w, at) => {
    const before = words.slice(commandStart(words, at), at);
    return !w.startsWith('-') && before.some((b) => TEST_RUNNERS.includes(program(b)) || TEST_MODE.test(b));
  });
}

/** The text of `file`, or `undefined` when it is over {@link MAX_BYTES} or cannot be read. */
function readSmall(file: string): string | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    return text.length > MAX_BYTES ? undefined : text;
  } catch {
    return undefined;
  }
}

/** A dynamic import or require whose specifier is a template literal or a `+` of strings: the text up to its closing `)`. */
const BUILT_IMPORT = /\b(?:import|require)\s*\(\s*((?:`[^`]*`|'[^'\n]*'|"[^"\n]*"|[^()'"`;])*)\)/g;

/** A string literal or template literal of a specifier: its text, `${...}` parts left in. */
const LITERAL = /`([^`]*)`|'([^'\n]*)'|"([^"\n]*)"/g;

/**
 * The files a specifier built at run time may name, each as a pattern over the path relative to the importing file (`/`
 * separated): a `import(\`./${name}.test.ts\`)` or `require('./jobs/' + name + '.spec.js')` whose static parts start with `.`
 * and name a test (`.test.`, `.spec.`, `__tests__/`: see `MAY_IMPORT_TEST`), its run-time parts matching anything but a
 * `../` (`/` too, so not out of the folder the static parts name) and a `.js` end also the `.ts` source tsc compiles to it.
 * A plain literal is `preProcessFile`'s.
 */
export function builtTestImports(text: string): RegExp[] {
  const out: RegExp[] = [];
  for (const m of text.matchAll(BUILT_IMPORT)) {
    const expr = m[1]!.trim();
    const parts = [...expr.matchAll(LITERAL)].map((l) => l[1] ?? l[2] ?? l[3] ?? '');
    const built = expr.startsWith('`') ? expr.includes('${') : parts.length > 1 || !/^['"][^'"]*['"]$/.test(expr);
    if (!built || parts.length === 0) continue;
    // the static text in order, each run-time part (a `${...}` or a `+` operand that is no literal) a wildcard
    const glob = expr.startsWith('`') && parts.length === 1 ? parts[0]!.replace(/\$\{[^}]*\}/g, '\0') : parts.join('\0');
    if (!glob.startsWith('.') || !MAY_IMPORT_TEST.test(glob.replaceAll('\0', ''))) continue;
    const rx = glob
      .split('\0')
      .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('(?:(?!\\.\\./).)*')
      .replace(/^\\\.\//, '(?:\\./)?')
      .replace(/\\\.([cm]?)js$/, '\\.$1[jt]sx?');
    out.push(new RegExp(`^${rx}$`));
  }
  return out;
}

/**
 * Files of a tool that runs or reads tests by the list of files they name (`vitest.config.ts`'s `setupFiles`, `eslint.config.js`'s
 * `files`): their string literals name no file that runs as code (see {@link namedPaths}).
 */
const TEST_TOOL_CONFIG =
  /^(?:vitest|vite|jest|playwright|cypress|karma|wdio|ava|mocha|eslint|prettier|knip|stryker)\.(?:config|conf|workspace)(?:\.\w+)?\.[cm]?[jt]s$|^\.(?:mocharc|eslintrc|prettierrc)\.[cm]?[jt]s$/;

/** A string literal that may be a path: no space, quote nor `${`. */
const PATH_LITERAL = /^[\w@~+./-]+$/;

/** Quoted text that is a path to a test (see {@link PATH_LITERAL}, `MAY_IMPORT_TEST`): a file with none is not parsed for its literals. */
const QUOTED_TEST_PATH = /['"`][\w@~+./-]*(?:__tests__|[._-](?:test|spec)\b)[\w@~+./-]*['"`]/;

/**
 * The paths the string literals of `file` (its text `text`) may name a test file by (`'../ops/prune.test.ts'`,
 * `"ops/prune.test"`): each literal (quoted, or a template with no `${...}`; comments aside) that looks like a path and
 * names a test (see `MAY_IMPORT_TEST`). A process started on it (`fork`, `new Worker`, `spawn('tsx', [...])`), a module
 * loaded from it (`await import(new URL(lit, import.meta.url).href)`, through a constant or not) runs that file: which
 * call uses the literal is not followed, so any literal counts. A file too deep to parse is read for every quoted text.
 */
export function namedPaths(file: string, text: string): string[] {
  if (!QUOTED_TEST_PATH.test(text)) return [];
  const sf = parseTextAlone(file, text);
  const literals: string[] = [];
  const walk = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.push(node.text);
    else node.forEachChild(walk);
  };
  if (sf) walk(sf);
  else literals.push(...[...text.matchAll(LITERAL)].map((l) => l[1] ?? l[2] ?? l[3] ?? ''));
  return literals.filter((l) => PATH_LITERAL.test(l) && !l.startsWith('/') && MAY_IMPORT_TEST.test(l));
}

/**
 * The test files of the project (see `isTestFile`) that run as code, each as `shown` names it (the
 * path relative to the root, `/` separated): those `named` (already shown) that a command line of
 * the project runs (see {@link runsAsCode}, {@link jobTestRuns}), and those a project file that is not a test (`sources`,
 * absolute paths of every file that may run as code, tests too) names, and those such a test file names in turn. A file
 * names a test file by an import (`maintenance.ts` importing `./__tests__/fixtures.js`; by a relative path, one built at
 * run time, or a specifier its package.json `imports` or tsconfig `paths` map onto it: `#fixtures/housekeep`,
 * `@ops/prune`), or by a string literal that is its path (see {@link namedPaths}) relative to the file or to a folder above
 * it up to the root, extension left out or not (`fork('ops/prune.test.ts')`, `new Worker(new URL('../ops/prune.test.ts',
 * import.meta.url))`); the configuration of a test tool (see {@link TEST_TOOL_CONFIG}) names none by a literal. The one
 * rule of when a test keeps its exemption: only while nothing but a test runner runs it.
 */
export function testFilesRunAsCode(
  named: Iterable<string>,
  sources: readonly string[],
  shown: (file: string) => string,
): ReadonlySet<string> {
  const run = new Set([...named].filter(isTestFile));
  const resolver = new SourceResolver();
  // the folders a path literal of `file` may be relative to: its own, and each above it up to the root
  const folders = (file: string): string[] => {
    const out = [dirname(file)];
    while (!shown(dirname(out.at(-1)!)).startsWith('..') && dirname(out.at(-1)!) !== out.at(-1)) out.push(dirname(out.at(-1)!));
    return out;
  };
  // the test files `file` names: by an import (also one built at run time, see `builtTestImports`), or a path literal
  const namedTests = (file: string): string[] => {
    const text = readSmall(file);
    if (text === undefined) return [];
    const literals = TEST_TOOL_CONFIG.test(basename(file)) ? [] : namedPaths(file, text);
    return [
      ...ts
        .preProcessFile(text, true, true)
        .importedFiles.map((i) => resolver.resolveFile(file, i.fileName))
        .filter((t): t is string => t !== undefined),
      ...builtTestImports(text).flatMap((m) => sources.filter((s) => m.test(relative(dirname(file), s).split(sep).join('/')))),
      ...literals.flatMap((l) => folders(file).map((d) => resolver.resolveFile(join(d, 'index.js'), l.startsWith('.') ? l : `./${l}`))),
    ].filter((t): t is string => t !== undefined && !shown(t).startsWith('..') && isTestFile(shown(t)));
  };
  const byShown = new Map(sources.map((f) => [shown(f), f]));
  const queue = [...run].map((s) => byShown.get(s)).filter((f) => f !== undefined);
  for (const file of sources) if (!isTestFile(shown(file))) queue.push(...namedTests(file).filter((t) => !run.has(shown(t))));
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    run.add(shown(file));
    queue.push(...namedTests(file).filter((t) => !run.has(shown(t))));
  }
  return run;
}

/**
 * Whether the approval readers leave the file `file` (shown as {@link testFilesRunAsCode} shows it)
 * alone as a test, which approves and calls `execute` on purpose: a test file that is not in `run`
 * (see {@link testFilesRunAsCode}). Every reader that exempts tests asks this.
 */
export const leftAloneAsTest = (run: ReadonlySet<string>) => (file: string) => isTestFile(file) && !run.has(file);
