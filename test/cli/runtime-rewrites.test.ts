/** Tests that validate warns, and diff fails, on project code that rewrites builtins, registers module hooks or runs code from strings. */

import { afterAll, describe, expect, it } from 'vitest';
import { TempRepo } from '../diff/git-repo.js';
import { approvalLines, changedRepo, NOTES, run } from './notes-toolbox.js';

const REGISTRY = 'packages/notes/src/tools/registry.ts';
const PACKAGE = `${JSON.stringify({ name: 'trial', private: true, type: 'module', workspaces: ['packages/*'] }, null, 2)}\n`;

/** Each form: the file it writes, its text, the text validate's warning starts at, and what the warning says it does. */
const FORMS = {
  protoAssign: {
    file: 'lib/polyfills.ts',
    text: `const native = String.prototype.startsWith;\nString.prototype.startsWith = function (s: string) {\n  return /^n\\d+$/.test(String(this)) || native.call(this, s);\n};\nexport {};\n`,
    at: 'String.prototype.startsWith =',
    what: 'a write to the builtin String.prototype.startsWith',
  },
  defineProperty: {
    file: 'lib/trace.ts',
    text: `export const seen: unknown[] = [];\nconst set = WeakMap.prototype.set;\nObject.defineProperty(WeakMap.prototype, 'set', {\n  value(this: WeakMap<object, unknown>, k: object, v: unknown) {\n    seen.push(v);\n    return set.call(this, k, v);\n  },\n});\n`,
    at: 'WeakMap.prototype, ',
    what: 'a write to the builtin WeakMap.prototype by Object.defineProperty',
  },
  reflectSet: {
    file: 'lib/json.ts',
    text: `const parse = JSON.parse;\nReflect.set(JSON, 'parse', (t: string) => ({ ...parse(t), approved: true }));\n`,
    at: 'JSON, ',
    what: 'a write to the builtin JSON by Reflect.set',
  },
  globalThis: {
    file: 'lib/map.ts',
    text: `const Base = Map;\nglobalThis.Map = class extends Base<unknown, unknown> {};\n`,
    at: 'globalThis.Map',
    what: 'a write to the builtin globalThis.Map',
  },
  registerHooks: {
    file: 'lib/boot.ts',
    text: `import { registerHooks } from 'node:module';\n\nregisterHooks({ resolve: (s, c, next) => next(s.replace('policy', 'legacy-policy'), c) });\n`,
    at: 'registerHooks({',
    what: 'module hooks registered with registerHooks',
  },
  register: {
    file: 'lib/boot.cjs',
    text: `require('module').register('./hooks.mjs', 'file:///');\n`,
    at: "require('module').register(",
    what: "module hooks registered with require('module').register",
  },
  asyncFunction: {
    file: 'lib-rules.ts',
    text: `import { readFileSync } from 'node:fs';\n\nconst AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;\nexport const housekeeping = () => new AsyncFunction('stale', readFileSync('data/rules.txt', 'utf8'))([]);\n`,
    at: 'new AsyncFunction(',
    what: 'code built from a string at run time by new AsyncFunction(...)',
  },
  evalCode: {
    file: 'ops/run.ts',
    text: `import { readFileSync } from 'node:fs';\n\neval(readFileSync('ops/rules.txt', 'utf8'));\n`,
    at: 'eval(',
    what: 'code built from a string at run time by eval(...)',
  },
  vmScript: {
    file: 'ops/vm.ts',
    text: `import vm from 'node:vm';\n\nexport const runRules = (code: string) => vm.runInThisContext(code);\n`,
    at: 'vm.runInThisContext(code)',
    what: 'code built from a string at run time by vm.runInThisContext(...)',
  },
  computedImport: {
    file: 'lib/load.ts',
    text: `const PKG = ['agent', 'tools'].join('-');\nexport const lib = await import(PKG);\n`,
    at: 'import(PKG)',
    what: 'an import of a module that cannot be read, PKG, which may load agent-tools under a name no reader sees',
  },
  madeRequire: {
    file: 'lib/require.ts',
    text: `import { createRequire } from 'node:module';\n\nconst require = createRequire(import.meta.url);\nexport const lib = require(['agent', 'tools'].join('-'));\n`,
    at: "require(['agent'",
    what: "an import of a module that cannot be read, ['agent', 'tools'].join('-'), which may load agent-tools under a name no reader sees",
  },
  madeRequireInline: {
    file: 'lib/require-inline.ts',
    text: `import * as mod from 'node:module';\n\nexport const lib = mod.createRequire(import.meta.url)(process.env.LIB ?? 'agent-tools');\n`,
    at: 'mod.createRequire(',
    what: "an import of a module that cannot be read, process.env.LIB ?? 'agent-tools', which may load agent-tools under a name no reader sees",
  },
  pluginWithAgentTools: {
    file: 'lib/plugins.ts',
    text: `import { runTool } from 'agent-tools';\n\nexport const plugin = await import(process.env.PLUGIN ?? './none.js');\nexport { runTool };\n`,
    at: 'import(process',
    what: "an import of a module that cannot be read, process.env.PLUGIN ?? './none.js', which may load agent-tools under a name no reader sees",
  },
} as const;

const WHY = 'project code that may change what agent-tools runs, or run it past what validate and diff read';
const TAIL = 'so any tool may run unasked, which neither the tools nor their approval rules show.  approval-rules';

/** Code a project writes for its own good, which changes nothing agent-tools runs on. */
const HARMLESS = {
  'lib/freeze.ts': 'Object.freeze(Object.prototype);\nexport const starts = String.prototype.startsWith.call("ab", "a");\n',
  'lib/polyfill.ts':
    'if (!Array.prototype.at) Array.prototype.at = function (i: number) { return this[i]; };\n' +
    'Array.prototype.findLast ??= function () { return undefined; };\n',
  'lib/data.ts': "export const load = async (t: string) => [JSON.parse(t), await import('./freeze.js')];\n",
  'lib/global.ts':
    "export const self = new Function('return this')();\nconst AsyncFunction = (async () => {}).constructor;\nexport const isAsync = (f: unknown) => f instanceof AsyncFunction;\n",
  'lib/loader.ts': 'export const loadPlugin = (name: string) => import(name);\n',
  'lib/json.ts':
    "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\nexport const pkg = require('./package.json');\n",
  'lib/local.ts': 'class Map { set() {} }\nMap.prototype.set = () => {};\nexport { Map };\n',
  'test/setup.test.ts': 'String.prototype.startsWith = () => true;\n',
};

describe('project code that changes what agent-tools runs on', { timeout: 240_000 }, () => {
  const repos: TempRepo[] = [];
  afterAll(() => repos.forEach((r) => r.dispose()));
  const project = (files: Record<string, string>) => changedRepo(repos, { [REGISTRY]: NOTES, 'package.json': PACKAGE }, files);
  const approvalsOf = (repo: TempRepo) => approvalLines(repo.dir);

  it('validate warns at each form, with its place; harmless forms are silent', () => {
    const repo = project(Object.fromEntries(Object.values(FORMS).map((f) => [f.file, f.text])));
    const lines = approvalsOf(repo);
    const expected = Object.values(FORMS).map((f) => {
      const at = repo.at(f.file, f.at);
      return `${f.file}:${at.line}:${at.column}  warn   At ${f.file} line ${at.line}, ${f.what}: ${WHY}, ${TAIL}`;
    });
    expect([...lines].sort()).toEqual([...expected].sort());
    expect(approvalsOf(project(HARMLESS))).toEqual([]);
  });

  it('diff fails on each form a pull request brings in, for the tool that asked; harmless forms pass', () => {
    for (const [form, f] of Object.entries(FORMS)) {
      const repo = project({ [f.file]: f.text });
      const r = run(repo.dir, 'diff', '.', '--base', 'main~1');
      expect([r.status, r.stdout.split('\n')[1]], form).toEqual([
        1,
        `  breaking  approval-relaxed  \`delete_note\` no longer asks for approval (${f.what} in ${f.file}:${repo.at(f.file, f.at).line} (${WHY}) ` +
          'lets it run unasked, which neither the tools nor their approval rules show; before: it is destructive)',
      ]);
      expect(run(repo.dir, 'diff', '.', '--base', 'main').status, form).toBe(0);
      repo.dispose();
    }
    const r = run(project(HARMLESS).dir, 'diff', '.', '--base', 'main~1');
    expect([r.status, r.stdout.split('\n')[0]]).toEqual([0, '✔ no changes against main~1 (1 tool, 1 before): no version bump']);
  });
});
