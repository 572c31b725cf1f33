import { describe, expect, it } from 'vitest';
import type { OwnAdapter } from '../../src/analysis/types.js';
import { ADAPTER_LIST, type AdapterDescriptor, isModuleOf } from '../../src/core/adapter-list.js';
import type { PipelineOptions } from '../../src/runtime/run-tool.js';
import { ADAPTER_FACTORIES } from '../../src/validate/adapters.js';

const list: readonly AdapterDescriptor[] = ADAPTER_LIST;

describe('the adapter list holds each entry to the real adapter', () => {
  it('each factory is exported by its module, as users import it (the package exports map)', async () => {
    const ours = list.filter((a) => a.factory);
    expect(ours.map((a) => a.module)).toEqual(['agent-tools/ai', 'agent-tools/mcp', 'agent-tools/cli']);
    for (const a of ours) {
      const mod = (await import(a.module!)) as Record<string, unknown>;
      expect(typeof mod[a.factory!], `${a.module} exports ${a.factory}`).toBe('function');
    }
    expect(ADAPTER_FACTORIES).toEqual(ours.map((a) => a.factory));
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
