/** Tests that the adapter list holds each entry to the real adapter: exports, option names and SDK modules. */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { OwnAdapter } from '../../src/analysis/types.js';
import { ADAPTER_LIST, type AdapterDescriptor, isModuleOf } from '../../src/core/adapter-list.js';
import type { PipelineOptions } from '../../src/runtime/run-tool.js';
import { ADAPTER_FACTORIES } from '../../src/validate/adapters.js';

const list: readonly AdapterDescriptor[] = ADAPTER_LIST;
const root = new URL('../..', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { exports: Record<string, { import: string } | string> };

/** The source file behind `agent-tools/<sub>`: package.json's `exports` maps it to ./dist/<path>.js, built from src/<path>.ts. */
function sourceOf(module: string): string | undefined {
  const entry = pkg.exports[`.${module.slice('agent-tools'.length)}`];
  return typeof entry === 'object' ? entry.import.replace(/^\.\/dist\/(.*)\.js$/, 'src/$1.ts') : undefined;
}

describe('the adapter list holds each entry to the real adapter', () => {
  it('each factory is exported by its module, as users import it (the package exports map, read from the source)', async () => {
    const ours = list.filter((a) => a.factory);
    expect(ours.map((a) => a.module)).toEqual(['agent-tools/ai', 'agent-tools/mcp', 'agent-tools/cli']);
    for (const a of ours) {
      const source = sourceOf(a.module!);
      expect(source, `${a.module} is not in package.json exports`).toBeDefined();
      const mod = (await import(`${root}${source!}`)) as Record<string, unknown>;
      expect(typeof mod[a.factory!], `${a.module} (${source!}) exports ${a.factory}`).toBe('function');
    }
    expect(ADAPTER_FACTORIES).toEqual(ours.map((a) => a.factory));
  });

  it('each adapter module the package exports has its entry in the list', () => {
    const exported = Object.entries(pkg.exports)
      .filter(([, e]) => typeof e === 'object' && e.import.startsWith('./dist/adapters/'))
      .map(([sub]) => `agent-tools${sub.slice(1)}`);
    const listed = list.flatMap((a) => (a.module ? [a.module] : []));
    const unlisted = exported.filter((m) => !listed.includes(m));
    expect(unlisted, 'exported by package.json, no entry in ADAPTER_LIST (src/core/adapter-list.ts)').toEqual([]);
  });

  it('each option name is a pipeline option every adapter takes (a misspelt one does not compile)', () => {
    const names: readonly (keyof PipelineOptions)[] = ADAPTER_LIST.flatMap((a) => [
      a.options.log,
      ...('budget' in a.options ? [a.options.budget] : []),
      ...a.options.hooks,
    ]);
    expect(new Set(names)).toEqual(new Set(['onToolLog', 'getStepBudget', 'onBeforeExecute', 'onAfterExecute']));
  });

  it('the SDKs an own adapter is looked for are the ones the reading names', () => {
    const own: readonly OwnAdapter['sdk'][] = ADAPTER_LIST.flatMap((a) => (a.ownAdapters ? [a.sdk] : []));
    expect(own).toEqual(['ai', 'mcp', 'mastra']);
  });

  it('a module name is that module; one ending in / is every module under it', () => {
    expect(isModuleOf(['ai', '@ai-sdk/'], 'ai')).toBe(true);
    expect(isModuleOf(['ai', '@ai-sdk/'], '@ai-sdk/openai')).toBe(true);
    expect(isModuleOf(['ai', '@ai-sdk/'], 'ai-v5')).toBe(false);
  });
});
