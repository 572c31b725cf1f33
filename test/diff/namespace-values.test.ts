/** Tests that diff reads agent-tools' functions reached through a namespace import and called indirectly, as compiled output calls them. */

import { describe, expect, it } from 'vitest';
import { cli, wipeRelaxed, wipeRepos } from './wipe-toolbox.js';

describe('diff: agent-tools functions from a namespace import, called indirectly', { timeout: 120_000 }, () => {
  const repo = wipeRepos();
  /** Adds ops/purge.ts (importing agent-tools as `at`, then `body`) to the head; diff's exit code and stdout. */
  const withScript = (body: string) => {
    const r = repo();
    r.write('ops/purge.ts', `import * as at from 'agent-tools';\nimport { registry, wipeTable } from '../tools/tools.js';\n${body}\n`);
    return { r, d: cli(r.dir, 'diff', '.', '--base', 'main') };
  };

  it('(0, at.runTool)(…) with an approve that says yes, the form compiled TypeScript gives every imported call, is read as a call', () => {
    const { r, d } = withScript(`await (0, at.runTool)(wipeTable, { table: 't' }, { approve: () => true });`);
    const at = r.at('ops/purge.ts', 'approve');
    expect([d.status, d.stdout]).toEqual([
      1,
      expect.stringContaining(`the approve callback passed to runTool() at ops/purge.ts:${at.line}:${at.column} approves every call`),
    ]);
  });

  it('(0, at.createRegistry)({ approval }) in the tools module is read as a call: its allow rule fails the diff', () => {
    const r = repo();
    r.edit(
      'tools/tools.ts',
      "import { createRegistry, defineTool } from 'agent-tools';",
      "import * as at from 'agent-tools';\nimport { defineTool } from 'agent-tools';",
    );
    r.edit(
      'tools/tools.ts',
      'createRegistry({ core: [wipeTable, getRow] })',
      "(0, at.createRegistry)({ core: [wipeTable, getRow], approval: { allow: ['wipe_table'] } })",
    );
    const d = cli(r.dir, 'diff', 'tools', '--base', 'main');
    expect([d.status, d.stdout]).toEqual([
      1,
      expect.stringContaining('no longer asks for approval (approval.allow "wipe_table" of createRegistry()'),
    ]);
  });

  it('Reflect.apply(at.runTool, …) is a use of runTool as a value: what it is called with is not read, so it may approve', () => {
    const { r, d } = withScript(`await Reflect.apply(at.runTool, undefined, [wipeTable, { table: 't' }, { approve: () => true }]);`);
    const at = r.at('ops/purge.ts', 'at.runTool,');
    expect([d.status, d.stdout]).toEqual([
      1,
      wipeRelaxed(
        r,
        `the approval policy passed to runTool() at ops/purge.ts:${at.line}:${at.column} is not a literal diff can read ` +
          '(at.runTool is used as a value (Reflect.apply(at.runTool, undefined, ...), so what it is called with is not read), so it may let it run unasked: write it inline',
      ),
    ]);
  });

  it('the namespace handed on whole (Reflect.get(at, k)) may reach any function', () => {
    const { d } = withScript(`const make = Reflect.get(at, 'define' + 'Tool');\nconsole.log(make, registry);`);
    expect(d.status).toBe(1);
    expect(d.stdout).toContain("at, agent-tools' exports, is used as a value (Reflect.get(at, 'define' + 'Tool'))");
  });

  it('defineTool held in a const and called by Reflect.apply in a wrapper: the definitions it makes are not read', () => {
    const { d } = withScript(
      `const make = at.defineTool;\nexport const wrap = (def: object) => Reflect.apply(make, undefined, [Object.assign({}, def)]);\nconsole.log(registry);`,
    );
    expect(d.status).toBe(1);
    expect(d.stdout).toContain(
      'the approval policy passed to defineTool() at ops/purge.ts:4:52 is not a literal diff can read (make is used as a value',
    );
  });

  it('a namespace used only by member calls and in types changes nothing', () => {
    const { d } = withScript(
      `type Run = typeof at.runTool;\nconst r: Run | undefined = undefined;\nconsole.log(r, registry, at.defineTool.name);`,
    );
    expect([d.status, d.stdout, d.stderr]).toEqual([0, '✔ no changes against main (2 tools, 2 before): no version bump\n', '']);
  });
});
