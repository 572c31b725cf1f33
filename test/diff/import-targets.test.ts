/** Tests that diff reads an imported flag from the file that runs: `imports` conditions as Node.js picks them, a .ts beside a .js. */

import { describe, expect, it } from 'vitest';
import { cli, wipeRepos } from './wipe-toolbox.js';

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
