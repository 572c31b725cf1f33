/** Tests that diff reads an imported flag from the file that runs: `imports` conditions as Node.js picks them, a .ts beside a .js. */

import { afterAll, describe, expect, it } from 'vitest';
import { TempRepo } from './git-repo.js';
import { cli, wipeRepos, wipeToolbox } from './wipe-toolbox.js';

/** package.json with `imports` mapping `#flags` to `target`. */
const pkg = (target: unknown) => JSON.stringify({ name: 'toolbox', private: true, type: 'module', imports: { '#flags': target } });

describe('diff: a flag imported through a package.json imports alias with conditions', { timeout: 120_000 }, () => {
  const repo = wipeRepos();
  /** wipe_table's `mutates` read from `#flags`, whose files say `typed` (flags.ts) and `runs` (flags.node.ts). */
  const useFlags = (target: unknown, typed: string, runs: string) => {
    const r = repo();
    r.write('package.json', pkg(target));
    r.write('tools/flags.ts', `export const MUTATES = ${typed};\n`);
    r.write('tools/flags.node.ts', `export const MUTATES = ${runs};\n`);
    r.edit(
      'tools/tools.ts',
      "import { createRegistry, defineTool } from 'agent-tools';",
      "import { createRegistry, defineTool } from 'agent-tools';\nimport { MUTATES } from '#flags';",
    );
    r.edit(
      'tools/tools.ts',
      "  params: { table: { type: 'string', required: true, description: 'The table name' } },",
      "  mutates: MUTATES,\n  params: { table: { type: 'string', required: true, description: 'The table name' } },",
    );
    return cli(r.dir, 'diff', 'tools', '--base', 'main');
  };

  it('reads the file Node runs (`node` before `default`), not the `types` one: a tool that stops asking fails the diff', () => {
    const r = useFlags({ types: './tools/flags.ts', node: './tools/flags.node.ts', default: './tools/flags.ts' }, 'true', 'false');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('breaking  approval-relaxed  `wipe_table` no longer asks for approval');
  });

  it('keeps the order of the map: `default` listed before `node` is what Node runs', () => {
    const r = useFlags({ types: './tools/flags.node.ts', default: './tools/flags.ts', node: './tools/flags.node.ts' }, 'true', 'false');
    expect([r.status, r.stdout]).toEqual([0, '✔ no changes against main (2 tools, 2 before): no version bump\n']);
  });

  it('reads the `types` source when the runtime target is build output not there yet (src and dist)', () => {
    const r = useFlags({ types: './tools/flags.ts', default: './dist/flags.js' }, 'true', 'false');
    expect([r.status, r.stdout]).toEqual([0, '✔ no changes against main (2 tools, 2 before): no version bump\n']);
  });

  it('a custom condition listed before the one Node sets, naming another file, leaves the value unread', () => {
    const r = useFlags({ development: './tools/flags.node.ts', default: './tools/flags.ts' }, 'true', 'false');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      `\`MUTATES\` is imported from '#flags', whose package.json "imports" entry lists the condition "development" (set by --conditions ` +
        'or another runtime) before the ones Node.js sets by default, naming another file: which file runs depends on how the process is started',
    );
  });
});

describe('diff: a flag imported from a file that has a JavaScript twin', { timeout: 120_000 }, () => {
  const repo = wipeRepos();
  for (const specifier of ['./flags.js', './flags'])
    it(`'${specifier}' with flags.ts and flags.js side by side is not read: Node.js loads one, tsx the other`, () => {
      const r = repo();
      r.write('tools/flags.ts', 'export const MUTATES = true;\n');
      r.write('tools/flags.js', 'export const MUTATES = false;\n');
      r.edit(
        'tools/tools.ts',
        "import { createRegistry, defineTool } from 'agent-tools';",
        `import { createRegistry, defineTool } from 'agent-tools';\nimport { MUTATES } from '${specifier}';`,
      );
      r.edit(
        'tools/tools.ts',
        "  params: { table: { type: 'string', required: true, description: 'The table name' } },",
        "  mutates: MUTATES,\n  params: { table: { type: 'string', required: true, description: 'The table name' } },",
      );
      const d = cli(r.dir, 'diff', 'tools', '--base', 'main');
      expect(d.status).toBe(2);
      expect(d.stderr).toContain(
        `\`MUTATES\` is imported from '${specifier}', which names both flags.ts and flags.js, and runners load different ones ` +
          '(Node.js flags.js, tsx flags.ts): which file runs depends on the runner',
      );
    });

  it('a .ts imported as .js with no .js beside it is read as before', () => {
    const r = repo();
    r.write('tools/flags.ts', 'export const MUTATES = false;\n');
    r.edit(
      'tools/tools.ts',
      "import { createRegistry, defineTool } from 'agent-tools';",
      "import { createRegistry, defineTool } from 'agent-tools';\nimport { MUTATES } from './flags.js';",
    );
    r.edit(
      'tools/tools.ts',
      "  params: { table: { type: 'string', required: true, description: 'The table name' } },",
      "  mutates: MUTATES,\n  params: { table: { type: 'string', required: true, description: 'The table name' } },",
    );
    const d = cli(r.dir, 'diff', 'tools', '--base', 'main');
    expect([d.status, d.stdout]).toEqual([
      1,
      expect.stringContaining('breaking  approval-relaxed  `wipe_table` no longer asks for approval'),
    ]);
  });
});

describe('diff: a dot-folder script importing the tools by a URL-like or self-referencing specifier, or from the monorepo root', () => {
  const repo = wipeRepos();
  const PURGE = (from: string) =>
    `import { runTool } from 'agent-tools';\nimport { wipeTable } from '${from}';\nawait runTool(wipeTable, { table: 't' }, { approve: () => true });\n`;
  const approvesAll = (d: { status: number | null; stdout: string }, file = '.ops/purge.ts') => {
    expect(d.status).toBe(1);
    expect(d.stdout).toContain(`the approve callback passed to runTool() at ${file}:3:`);
  };

  for (const from of ['../tools/tools.js?v=1', '../tools/tools.js#ops'])
    it(`'${from}': Node.js reads a relative specifier as a URL, so it names tools/tools.ts`, { timeout: 60_000 }, () => {
      const r = repo();
      r.write('.ops/purge.ts', PURGE(from));
      approvesAll(cli(r.dir, 'diff', '.', '--base', 'main'));
    });

  it("the package's own name through its package.json exports", { timeout: 60_000 }, () => {
    const r = repo();
    r.write('package.json', JSON.stringify({ name: 'toolbox', private: true, type: 'module', exports: { './tools': './tools/tools.ts' } }));
    r.write('.ops/purge.ts', PURGE('toolbox/tools'));
    approvesAll(cli(r.dir, 'diff', '.', '--base', 'main'));
  });
});

describe("diff: a script in the monorepo root's dot folder importing a workspace's tools", { timeout: 60_000 }, () => {
  const repos: TempRepo[] = [];
  afterAll(() => repos.forEach((r) => r.dispose()));
  it('is read: the root package is searched as well as the workspace', () => {
    const r = new TempRepo({
      'packages/notes/package.json': '{ "name": "notes", "type": "module" }\n',
      'packages/notes/tools/tools.ts': wipeToolbox(),
    });
    repos.push(r);
    r.write(
      '.ops/purge.ts',
      `import { runTool } from 'agent-tools';\nimport { wipeTable } from '../packages/notes/tools/tools.js';\nawait runTool(wipeTable, { table: 't' }, { approve: () => true });\n`,
    );
    const d = cli(r.dir, 'diff', '.', '--base', 'main');
    expect(d.status).toBe(1);
    expect(d.stdout).toContain('the approve callback passed to runTool() at .ops/purge.ts:3:');
  });
});
