/** Tests that export and diff refuse a registry entry whose tool is defined outside the paths read, instead of leaving it out silently. */

import { afterAll, describe, expect, it } from 'vitest';
import { TempRepo } from '../diff/git-repo.js';
import { run } from '../cli/notes-toolbox.js';

const tool = (v: string, name: string) =>
  `import { defineTool } from 'agent-tools';\n/** ${name}. */\nexport const ${v} = defineTool({ name: '${name}', description: 'Returns ${name} for the caller, as text.', mutates: false, params: {}, execute: () => '${name}' });\n`;
const REGISTRY = (entries: string) =>
  "import { createRegistry } from 'agent-tools';\nimport { getNode } from './get-node.js';\nimport { getTime } from '../shared/time.js';\n" +
  `export const registry = createRegistry({ core: [${entries}], extended: [] });\n`;

describe('a registered tool defined outside the paths read', { timeout: 120_000 }, () => {
  const repo = new TempRepo({
    'tools/get-node.ts': tool('getNode', 'get_node'),
    'shared/time.ts': tool('getTime', 'get_time'),
    'tools/registry.ts': REGISTRY('getNode, getTime'),
  });
  afterAll(() => repo.dispose());
  const entry = repo.at('tools/registry.ts', 'getTime]');
  const LINE =
    `tools/registry.ts:${entry.line}:${entry.column} registry entry \`getTime\` in core names a tool defined at shared/time.ts:3:24, ` +
    'outside the paths read, so it is left out; add the folder or file that defines it to the paths [outside-paths]';

  it('export exits 1 naming the entry and where the tool is; with its folder added both tools are written', () => {
    const r = run(repo.dir, 'export', 'tools', '--format', 'mcp');
    expect([r.status, r.stderr.split('\n')[0]]).toEqual([1, LINE]);
    const both = run(repo.dir, 'export', 'tools', 'shared', '--format', 'mcp');
    expect([both.status, JSON.parse(both.stdout).tools.map((t: { name: string }) => t.name)]).toEqual([0, ['get_node', 'get_time']]);
    expect(run(repo.dir, 'export', 'tools', '--format', 'mcp', '--allow-partial').status).toBe(0);
  });

  it('diff of a change that drops the entry fails on the base rather than saying no changes', () => {
    repo.write('tools/registry.ts', REGISTRY('getNode'));
    repo.commit('drop get_time');
    const r = run(repo.dir, 'diff', 'tools', '--base', 'main~1');
    expect(r.status).not.toBe(0);
    expect(r.stdout).not.toContain('no changes');
    expect(r.stderr).toContain(LINE);
  });
});
