/** Tests of the benchmark corpus generator: one file per tool, unique snake_case names, sources that load. */

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runTool } from 'agent-tools';
import { CORPUS_CORE_SIZE, corpusToolName, corpusToolSource, writeCorpus } from '../../bench/corpus.js';

const root = join(import.meta.dirname, '..', '..', 'bench');
const dir = mkdtempSync(join(root, '.corpus-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the benchmark corpus generator', () => {
  it('writes one file per tool plus the three registry files', () => {
    const files = writeCorpus(dir, 30);
    expect(files).toHaveLength(33);
    expect(readdirSync(join(dir, 'tools'))).toHaveLength(30);
    expect(readdirSync(dir).sort()).toEqual(['registry-core.ts', 'registry-extended.ts', 'registry.ts', 'tools', 'tsconfig.json']);
    const core = readFileSync(join(dir, 'registry-core.ts'), 'utf8');
    expect(core.match(/^ {2}\w+,$/gm)).toHaveLength(CORPUS_CORE_SIZE);
    expect(readFileSync(join(dir, 'registry-extended.ts'), 'utf8').match(/^ {2}\w+,$/gm)).toHaveLength(10);
  });

  it('gives unique snake_case names', () => {
    const names = Array.from({ length: 5000 }, (_, i) => corpusToolName(i));
    expect(new Set(names).size).toBe(5000);
    for (const n of names) expect(n).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
  });

  it('generates tool sources with a JSDoc comment and a defineTool call that loads', async () => {
    expect(corpusToolSource(12)).toContain(
      '/** Generated tool 12 for the agent-tools benchmarks. */\nexport const updateFrame0012 = defineTool({',
    );
    const mod = await import(join(dir, 'tools', 'set-node-0001.ts'));
    expect(mod.setNode0001).toMatchObject({ name: 'set_node_0001', mutates: true });
    expect(Object.keys(mod.setNode0001.params)).toEqual(['id', 'limit', 'recursive']);
    // a mutating tool that does not say destructive: false asks, so its execute runs through runTool only
    expect(() => mod.setNode0001.execute(null, { id: 'a' })).toThrow('Tool "set_node_0001" asks for approval (it is destructive)');
    const result = await runTool(mod.setNode0001, { id: 'a' }, { approve: () => true });
    expect(result).toMatchObject({ isError: false, value: { id: 'a', tool: 'set_node_0001' } });
  });
});
