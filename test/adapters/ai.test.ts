/** Tests of `toolsToAI` against each AI SDK major's mock model: arguments, errors, the step budget, schemas and the ToolLog. */

import { asSchema, generateText, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { MAX_AI_TOOLS, stepBudgetStopWhen, toolsToAI } from '../../src/adapters/ai.js';
import { toInputSchema } from '../../src/core/input-schema.js';
import { toOutputSchema } from '../../src/core/output-schema.js';
import { defineTool, type AnyToolDef } from '../../src/core/tool.js';
import { createRegistry } from '../../src/registry/registry.js';
import { createStepBudget } from '../../src/runtime/step-budget.js';
import { buildDebugLog, type ToolLogEntry } from '../../src/runtime/tool-log.js';
import type { ToolSource } from '../../src/runtime/tool-source.js';
import { AI_MAJOR, scriptedModel, toolOutputsSeenByModel } from './mock-model.js';

/** The text ai 7 puts before a tool's own message for invalid input (it sends the error's `String()`); ai 5 and 6 send messages only. */
const INVALID_INPUT_PREFIX = AI_MAJOR >= 7 ? 'AI_InvalidToolInputError: ' : '';
const TYPE_VALIDATION_PREFIX = AI_MAJOR >= 7 ? 'AI_TypeValidationError: ' : '';

describe(`the AI SDK the adapter runs against (project ai-v${AI_MAJOR})`, () => {
  it('is the major this project installs under the ai-v* alias, and the adapter tells it by the exports', async () => {
    // vitest.config.ts points `ai` at one alias per project; the default project uses the plain `ai` devDependency (6).
    const version = (await import('ai/package.json', { with: { type: 'json' } })).default.version as string;
    expect(Number(version.split('.')[0])).toBe(AI_MAJOR);
    expect([5, 6, 7]).toContain(AI_MAJOR);
  });
});

function counted() {
  const counter = { executions: 0 };
  const listNodes = defineTool({
    name: 'list_nodes',
    mutates: false,
    description: 'Lists the nodes.',
    params: {},
    execute: () => {
      counter.executions++;
      return ['n1', 'n2'];
    },
  });
  return { counter, listNodes };
}

const setFont = defineTool({
  name: 'set_font',
  mutates: true,
  destructive: false,
  description: 'Sets a font.',
  params: {
    id: { type: 'string', description: 'Font id', required: true },
    italic: { type: 'boolean', description: 'Italic', default: false },
    weight: { type: 'number', description: 'CSS weight', enum: [100, 400, 700, 900], default: 400 },
  },
  execute: (_api, args) => ({ received: args }),
});

describe('toolsToAI with generateText over several steps', () => {
  it('coerces string arguments, returns a bad argument to the model as a readable error, then continues', async () => {
    const model = scriptedModel([
      [{ toolName: 'set_font', input: '{"id":"f1","italic":"true","weight":"700"}' }],
      [{ toolName: 'set_font', input: '{"id":"f1","weight":750}' }],
      [{ toolName: 'set_font', input: '{"id":"f2"}' }],
    ]);
    const log: ToolLogEntry[] = [];
    const result = await generateText({
      model,
      tools: toolsToAI([setFont], { onToolLog: (e) => void log.push(e) }),
      prompt: 'style the fonts',
      stopWhen: stepCountIs(10),
    });
    expect(result.steps).toHaveLength(4);
    expect(result.text).toBe('done');
    const outputs = toolOutputsSeenByModel(model);
    expect(outputs).toEqual([
      { toolName: 'set_font', type: 'json', value: { received: { id: 'f1', italic: true, weight: 700 } } },
      {
        toolName: 'set_font',
        type: 'error-text',
        value: `${INVALID_INPUT_PREFIX}Invalid input for tool set_font: ${TYPE_VALIDATION_PREFIX}Type validation failed: Value: {"id":"f1","weight":750}.\nError message: Invalid arguments for tool "set_font":\n- weight: expected one of 100, 400, 700, 900, received number 750`,
      },
      { toolName: 'set_font', type: 'json', value: { received: { id: 'f2', italic: false, weight: 400 } } },
    ]);
    expect(log.map((e) => [e.args, e.error ?? null])).toEqual([
      [{ id: 'f1', italic: true, weight: 700 }, null],
      [
        { id: 'f1', weight: 750 },
        'Invalid arguments for tool "set_font":\n- weight: expected one of 100, 400, 700, 900, received number 750',
      ],
      [{ id: 'f2', italic: false, weight: 400 }, null],
    ]);
  });

  it('a thrown error and a returned { error } reach the model as error text, and the next call works', async () => {
    const boom = defineTool({
      name: 'boom',
      mutates: false,
      description: 'Throws.',
      params: {},
      execute: () => {
        throw new Error('Boom: the canvas is locked');
      },
    });
    const find = defineTool({
      name: 'find_node',
      mutates: false,
      description: 'Finds.',
      params: { id: { type: 'string', description: 'id' } },
      execute: (_a, args) => ({ error: `Node "${args.id}" not found` }),
    });
    const model = scriptedModel([
      [{ toolName: 'boom', input: '{}' }],
      [{ toolName: 'find_node', input: '{"id":"x"}' }],
      [{ toolName: 'set_font', input: '{"id":"f1"}' }],
    ]);
    await generateText({ model, tools: toolsToAI([boom, find, setFont]), prompt: 'go', stopWhen: stepCountIs(10) });
    expect(toolOutputsSeenByModel(model)).toEqual([
      { toolName: 'boom', type: 'error-text', value: 'Boom: the canvas is locked' },
      { toolName: 'find_node', type: 'error-text', value: 'Node "x" not found' },
      { toolName: 'set_font', type: 'json', value: { received: { id: 'f1', italic: false, weight: 400 } } },
    ]);
  });

  it('a model that always calls list_nodes {} is stopped by a budget of 3; buildDebugLog shows the repeat', async () => {
    const { counter, listNodes } = counted();
    const budget = createStepBudget(3);
    const log: ToolLogEntry[] = [];
    const model = scriptedModel(() => [{ toolName: 'list_nodes', input: '{}' }]);
    const result = await generateText({
      model,
      tools: toolsToAI([listNodes], { getStepBudget: () => budget, onToolLog: (e) => void log.push(e) }),
      prompt: 'loop',
      stopWhen: stepBudgetStopWhen(budget),
    });
    expect(counter.executions).toBe(3);
    expect(result.steps).toHaveLength(3);
    expect(buildDebugLog(log).duplicates).toEqual([{ tool: 'list_nodes', args: {}, count: 3 }]);
    expect(log.map((e) => e.isDuplicate ?? false)).toEqual([false, true, true]);
  });

  it('with another stop condition configured, executions still never pass the budget and the log shows it ran out', async () => {
    const { counter, listNodes } = counted();
    const budget = createStepBudget(3);
    const log: ToolLogEntry[] = [];
    const model = scriptedModel(() => [{ toolName: 'list_nodes', input: '{}' }]);
    const result = await generateText({
      model,
      tools: toolsToAI([listNodes], { getStepBudget: () => budget, onToolLog: (e) => void log.push(e) }),
      prompt: 'loop',
      stopWhen: stepCountIs(6),
    });
    expect(counter.executions).toBe(3);
    expect(result.steps).toHaveLength(6);
    expect(log).toHaveLength(6);
    expect(log.slice(3).every((e) => e.error?.startsWith('Step budget spent: all 3 tool calls have been used'))).toBe(true);
    expect(toolOutputsSeenByModel(model).at(-1)).toMatchObject({
      type: 'error-text',
      value: expect.stringContaining('the user can extend the budget'),
    });
    // stepBudgetStopWhen combined with the other condition stops at the budget
    const model2 = scriptedModel(() => [{ toolName: 'list_nodes', input: '{}' }]);
    const budget2 = createStepBudget(3);
    const r2 = await generateText({
      model: model2,
      tools: toolsToAI([listNodes], { getStepBudget: () => budget2 }),
      prompt: 'loop',
      stopWhen: [stepCountIs(50), stepBudgetStopWhen(budget2)],
    });
    expect(r2.steps).toHaveLength(3);
  });

  it('4 parallel calls in one step against a budget of 3 execute 3 times', async () => {
    const { counter, listNodes } = counted();
    const budget = createStepBudget(3);
    const call = { toolName: 'list_nodes', input: '{}' };
    const model = scriptedModel([[call, call, call, call]]);
    const result = await generateText({
      model,
      tools: toolsToAI([listNodes], { getStepBudget: () => budget }),
      prompt: 'go',
      stopWhen: [stepCountIs(5), stepBudgetStopWhen(budget)],
    });
    expect(counter.executions).toBe(3);
    expect(result.steps).toHaveLength(1);
    const parts = result.steps[0]!.content.filter((p) => p.type === 'tool-result' || p.type === 'tool-error').map((p) => p.type);
    expect(parts.sort()).toEqual(['tool-error', 'tool-result', 'tool-result', 'tool-result']);
  });

  it("passes the call's abort signal on to the tool", async () => {
    const controller = new AbortController();
    const seen: (AbortSignal | undefined)[] = [];
    const watch = defineTool({
      name: 'watch',
      mutates: false,
      description: 'Records its abort signal.',
      params: {},
      execute: (_api, _args, extra?: { abortSignal?: AbortSignal }) => {
        seen.push(extra?.abortSignal);
        return 'ok';
      },
    });
    await generateText({
      model: scriptedModel([[{ toolName: 'watch', input: '{}' }]]),
      tools: toolsToAI([watch]),
      prompt: 'go',
      abortSignal: controller.signal,
      stopWhen: stepCountIs(2),
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.aborted).toBe(false);
    controller.abort();
    expect(seen[0]?.aborted).toBe(true);
  });

  it('more than 128 tools in one tool set fails fast with a clear message', () => {
    const make = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        defineTool({ mutates: false, name: `tool_${i}`, description: `Tool ${i}.`, params: {}, execute: () => i }),
      );
    expect(MAX_AI_TOOLS).toBe(128);
    expect(Object.keys(toolsToAI(make(128)))).toHaveLength(128);
    expect(() => toolsToAI(make(130))).toThrow(
      "An AI tool set can hold at most 128 tools (the OpenAI limit per request), but 130 were given. Consider passing the registry's 'core' tier, or a ToolSource that shows only the tools the task needs.",
    );
  });

  it('uses toInputSchema as the input schema; strict mode makes every property required, optional ones nullable, defaults described', () => {
    const set = toolsToAI([setFont]);
    expect(asSchema(set.set_font!.inputSchema).jsonSchema).toEqual(toInputSchema(setFont.params));
    expect(set.set_font!.description).toBe('Sets a font.');
    const strict = toolsToAI([setFont], { strict: true });
    // ai 5's tools have no per-tool strict flag: the strict-form schema goes alone (the provider's own option turns strict on).
    expect(strict.set_font!.strict).toBe(AI_MAJOR === 5 ? undefined : true);
    expect(asSchema(strict.set_font!.inputSchema).jsonSchema).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string', description: 'Font id' },
        italic: { type: ['boolean', 'null'], description: 'Italic. Default: false.' },
        weight: { type: ['number', 'null'], description: 'CSS weight. Default: 400.', enum: [100, 400, 700, 900, null] },
      },
      required: ['id', 'italic', 'weight'],
      additionalProperties: false,
    });
  });

  it('strict mode: null for an optional param means omitted, so its default applies', async () => {
    const model = scriptedModel([[{ toolName: 'set_font', input: '{"id":"f1","italic":null,"weight":null}' }]]);
    await generateText({ model, tools: toolsToAI([setFont], { strict: true }), prompt: 'go', stopWhen: stepCountIs(3) });
    expect(toolOutputsSeenByModel(model)).toEqual([
      { toolName: 'set_font', type: 'json', value: { received: { id: 'f1', italic: false, weight: 400 } } },
    ]);
  });

  it('sends the title where the major has one (ai 6 and 7), and runs the hooks around each execution', async () => {
    const titled = defineTool({
      name: 'titled',
      mutates: false,
      title: 'Titled tool',
      description: 'Has a title.',
      params: {},
      execute: () => 1,
    });
    expect((toolsToAI([titled]).titled as { title?: string }).title).toBe(AI_MAJOR === 5 ? undefined : 'Titled tool');
    const seen: string[] = [];
    const model = scriptedModel([[{ toolName: 'set_font', input: '{"id":"f1"}' }], [{ toolName: 'set_font', input: '{"id":"stop"}' }]]);
    await generateText({
      model,
      tools: toolsToAI([setFont], {
        onBeforeExecute: (def, args) => {
          seen.push(`before ${def.name} ${String(args.id)}`);
          if (args.id === 'stop') throw new Error('Refused by policy: stop is reserved');
        },
        onAfterExecute: (def, _args, result) => void seen.push(`after ${def.name} ${JSON.stringify(result)}`),
      }),
      prompt: 'go',
      stopWhen: stepCountIs(5),
    });
    expect(seen).toEqual([
      'before set_font f1',
      'after set_font {"received":{"id":"f1","italic":false,"weight":400}}',
      'before set_font stop',
    ]);
    expect(toolOutputsSeenByModel(model).at(-1)).toEqual({
      toolName: 'set_font',
      type: 'error-text',
      value: 'Refused by policy: stop is reserved',
    });
  });

  it('takes a registry tier (core by default), and follows a ToolSource when called again per request', () => {
    const { listNodes } = counted();
    const registry = createRegistry({ core: [listNodes], extended: [setFont] });
    expect(Object.keys(toolsToAI(registry))).toEqual(['list_nodes']);
    expect(Object.keys(toolsToAI(registry, { tier: 'extended' }))).toEqual(['set_font']);
    expect(Object.keys(toolsToAI(registry, { tier: 'all' }))).toEqual(['list_nodes', 'set_font']);
    let visible: AnyToolDef[] = [listNodes];
    const source: ToolSource = { tools: () => visible, onChange: () => () => undefined };
    expect(Object.keys(toolsToAI(source))).toEqual(['list_nodes']);
    visible = [listNodes, setFont];
    expect(Object.keys(toolsToAI(source))).toEqual(['list_nodes', 'set_font']);
    expect(() => toolsToAI([listNodes, listNodes])).toThrow('Duplicate tool name "list_nodes": defined by tools[0]');
  });
});

describe('toolsToAI and the call context', () => {
  it('passes the abort signal, records log lines and the progress count in onToolLog, and sends the model only the result', async () => {
    let sawSignal = false;
    const scan = defineTool({
      name: 'scan',
      mutates: false,
      description: 'Scans, reporting progress and logging.',
      params: {},
      execute: (_api, _args, ctx) => {
        sawSignal = ctx.signal instanceof AbortSignal && !ctx.signal.aborted;
        ctx.log.info('scanning', { pages: 2 });
        ctx.reportProgress({ progress: 1, total: 2 });
        ctx.reportProgress({ progress: 2, total: 2 });
        ctx.log.warning('page 2 is empty');
        return { pages: 2 };
      },
    });
    const model = scriptedModel([[{ toolName: 'scan', input: '{}' }]]);
    const log: ToolLogEntry[] = [];
    await generateText({
      model,
      tools: toolsToAI([scan], { onToolLog: (e) => void log.push(e) }),
      prompt: 'scan',
      stopWhen: stepCountIs(3),
    });
    expect(sawSignal).toBe(true);
    expect(toolOutputsSeenByModel(model)).toEqual([{ toolName: 'scan', type: 'json', value: { pages: 2 } }]);
    expect(log.map((e) => [e.progressCount, e.logs])).toEqual([
      [
        2,
        [
          { level: 'info', message: 'scanning', data: { pages: 2 } },
          { level: 'warning', message: 'page 2 is empty' },
        ],
      ],
    ]);
  });
});

describe(`declared outputs (project ai-v${AI_MAJOR})`, () => {
  it('each tool carries outputSchema; the model reads a checked result, and a broken one as an error', async () => {
    const output = {
      id: { type: 'string', required: true, description: 'Node id' },
      type: { type: 'string', enum: ['text', 'frame'], required: true, description: 'Node type' },
    } as const;
    const getNode = defineTool({
      name: 'get_node',
      mutates: false,
      description: 'Gets.',
      params: {},
      output,
      execute: () => ({ id: 'n1', type: 'text' as const }),
    });
    const broken = { ...getNode, name: 'broken_node', execute: () => ({ id: 'n1', type: 'circle' }) };
    const plain = defineTool({ name: 'plain', mutates: false, description: 'Plain.', params: {}, execute: () => ({ ok: true }) });
    const set = toolsToAI([getNode, broken, plain]);
    expect(await asSchema(set.get_node!.outputSchema).jsonSchema).toEqual(toOutputSchema(output));
    expect(set.plain!.outputSchema).toBeUndefined();
    const model = scriptedModel([[{ toolName: 'get_node', input: '{}' }], [{ toolName: 'broken_node', input: '{}' }]]);
    await generateText({ model, tools: set, prompt: 'go', stopWhen: stepCountIs(5) });
    expect(toolOutputsSeenByModel(model)).toEqual([
      { toolName: 'get_node', type: 'json', value: { id: 'n1', type: 'text' } },
      {
        toolName: 'broken_node',
        type: 'error-text',
        value:
          'Invalid result from tool "broken_node": it does not match the tool\'s output schema\n- $.type: expected one of "text", "frame", received the string "circle"',
      },
    ]);
  });
});
