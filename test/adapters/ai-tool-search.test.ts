/** Tests of `toolsToAI(registry, { toolSearch: true })`: core plus `search_tools`, found tools loaded for the next step. */

import { generateText, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { toolsToAI } from '../../src/adapters/ai.js';
import { defineTool } from '../../src/core/tool.js';
import { createRegistry } from '../../src/registry/registry.js';
import { buildDebugLog, type ToolLogEntry } from '../../src/runtime/tool-log.js';
import { AI_MAJOR, scriptedModel, toolOutputsSeenByModel } from './mock-model.js';

const getNode = defineTool({
  name: 'get_node',
  description: 'Return one node of the document by its id.',
  mutates: false,
  params: { id: { type: 'string', required: true, description: 'Node id' } },
  execute: (_api, { id }) => ({ id, type: 'frame' }),
});
const setCornerRadius = defineTool({
  name: 'set_corner_radius',
  description: 'Round the corners of a rectangle or frame by a radius in px.',
  mutates: true,
  destructive: false,
  params: {
    id: { type: 'string', required: true, description: 'Node id' },
    radius: { type: 'number', min: 0, required: true, description: 'Corner radius in px' },
  },
  execute: (_api, { id, radius }) => ({ id, radius }),
});
const exportSvg = defineTool({
  name: 'export_svg',
  description: 'Render the page as SVG markup.',
  mutates: false,
  params: {},
  execute: () => '<svg/>',
});
const registry = createRegistry({ core: [getNode], extended: [setCornerRadius, exportSvg] });

/** The tool names the model was offered on each of its requests (each major's mock records the call options). */
function offered(model: ReturnType<typeof scriptedModel>): string[][] {
  return (model.doGenerateCalls as unknown as { tools?: { name: string }[] }[]).map((c) => (c.tools ?? []).map((t) => t.name).sort());
}

describe(`toolsToAI(registry, { toolSearch: true }) (ai ${AI_MAJOR})`, () => {
  it('offers core + search_tools; a search loads the extended tool it found for the next step, which the model calls, logged', async () => {
    const model = scriptedModel([
      [{ toolName: 'search_tools', input: '{"query":"make the corners rounded","limit":"2"}' }],
      [{ toolName: 'set_corner_radius', input: '{"id":"n1","radius":"8"}' }],
      [{ toolName: 'get_node', input: '{"id":"n1"}' }],
    ]);
    const log: ToolLogEntry[] = [];
    const tools = toolsToAI(registry, { toolSearch: true, onToolLog: (e) => void log.push(e) });
    expect(Object.keys(tools).sort()).toEqual(['get_node', 'search_tools']);
    const result = await generateText({ model, tools, prompt: 'round the card', stopWhen: stepCountIs(10) });
    expect(result.text).toBe('done');
    expect(offered(model)).toEqual([
      ['get_node', 'search_tools'],
      ['get_node', 'search_tools', 'set_corner_radius'],
      ['get_node', 'search_tools', 'set_corner_radius'],
      ['get_node', 'search_tools', 'set_corner_radius'],
    ]);
    expect(log.map((e) => [e.tool, e.args, e.error ?? null])).toEqual([
      ['search_tools', { query: 'make the corners rounded', limit: 2 }, null],
      ['set_corner_radius', { id: 'n1', radius: 8 }, null],
      ['get_node', { id: 'n1' }, null],
    ]);
    const outputs = toolOutputsSeenByModel(model);
    expect(outputs[0]).toEqual({
      toolName: 'search_tools',
      type: 'json',
      value: {
        tools: [{ name: 'set_corner_radius', description: setCornerRadius.description, tier: 'extended' }],
        note: 'The extended tools found (set_corner_radius) can be called from your next step on.',
      },
    });
    expect(outputs[1]).toEqual({ toolName: 'set_corner_radius', type: 'json', value: { id: 'n1', radius: 8 } });
  });

  it('a call to an extended tool no search found is an error the model reads, naming search_tools; it is not run, but logged', async () => {
    const model = scriptedModel([
      [{ toolName: 'export_svg', input: '{}' }],
      [{ toolName: 'search_tools', input: '{"query":"svg"}' }],
      [{ toolName: 'export_svg', input: '{}' }],
    ]);
    const log: ToolLogEntry[] = [];
    await generateText({
      model,
      tools: toolsToAI(registry, { toolSearch: true, onToolLog: (e) => void log.push(e) }),
      prompt: 'x',
      stopWhen: stepCountIs(10),
    });
    const outputs = toolOutputsSeenByModel(model);
    expect(outputs[0]!.type).toBe('error-text');
    expect(outputs[0]!.value).toContain('Tool "export_svg" is not loaded yet: call search_tools with what you want to do first');
    expect(outputs[2]).toEqual({ toolName: 'export_svg', type: 'text', value: '<svg/>' });
    expect(log.map((e) => [e.tool, e.error ?? null])).toEqual([
      ['export_svg', outputs[0]!.value],
      ['search_tools', null],
      ['export_svg', null],
    ]);
    expect(log[0]).toMatchObject({ args: {}, result: null, mutates: false });
    expect(buildDebugLog(log).byTool.export_svg).toMatchObject({ calls: 2, errors: 1 });
    expect(offered(model)[0]).toEqual(['get_node', 'search_tools']);
  });

  it('a hook that throws after execute ran does not make the call a tool error: the model gets the results, the log the hook error', async () => {
    const model = scriptedModel([
      [{ toolName: 'search_tools', input: '{"query":"svg"}' }],
      [{ toolName: 'get_node', input: '{"id":"n1"}' }],
    ]);
    const log: ToolLogEntry[] = [];
    const hooks: string[] = [];
    const tools = toolsToAI(registry, {
      toolSearch: true,
      onAfterExecute: () => {
        throw new Error('hook boom');
      },
      onToolLog: (e) => void log.push(e),
      onHookError: (h) => void hooks.push(`${h.hook} ${h.tool} ${h.message}`),
    });
    await generateText({ model, tools, prompt: 'x', stopWhen: stepCountIs(10) });
    const outputs = toolOutputsSeenByModel(model);
    expect(outputs.map((o) => [o.toolName, o.type])).toEqual([
      ['search_tools', 'json'],
      ['get_node', 'json'],
    ]);
    expect(outputs[1]!.value).toEqual({ id: 'n1', type: 'frame' });
    expect(offered(model)[1]).toEqual(['export_svg', 'get_node', 'search_tools']);
    expect(log.map((e) => [e.tool, e.error ?? null, e.hookError])).toEqual([
      ['search_tools', null, { hook: 'onAfterExecute', message: 'hook boom' }],
      ['get_node', null, { hook: 'onAfterExecute', message: 'hook boom' }],
    ]);
    expect(log[1]!.result).toEqual({ id: 'n1', type: 'frame' });
    expect(hooks).toEqual(['onAfterExecute search_tools hook boom', 'onAfterExecute get_node hook boom']);
  });

  it('a before-hook that throws stops the call: the model reads a tool error and nothing ran', async () => {
    const model = scriptedModel([[{ toolName: 'get_node', input: '{"id":"n1"}' }]]);
    let ran = 0;
    const tools = toolsToAI(registry, {
      toolSearch: true,
      onBeforeExecute: () => {
        throw new Error('not now');
      },
      onAfterExecute: () => void ran++,
    });
    await generateText({ model, tools, prompt: 'x', stopWhen: stepCountIs(10) });
    expect(toolOutputsSeenByModel(model)).toEqual([{ toolName: 'get_node', type: 'error-text', value: 'not now' }]);
    expect(ran).toBe(0);
  });

  it('found tools stay for the rest of the run only: a new set starts from core + search_tools again', () => {
    expect(Object.keys(toolsToAI(registry, { toolSearch: true })).sort()).toEqual(['get_node', 'search_tools']);
    expect(() => toolsToAI([getNode], { toolSearch: true })).toThrow(/toolSearch needs a registry/);
  });
});
