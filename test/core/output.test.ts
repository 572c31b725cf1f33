/** Tests of declared outputs: `toOutputSchema`, `checkOutput`, and `outputSchema` in tools/list. */

import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { checkOutput, contentResult, defineTool, textContent, toOutputSchema, type OutputDef } from '../../src/index.js';
import { toolsListEntry } from '../../src/core/tools-list-entry.js';
import { runTool } from '../../src/runtime/run-tool.js';
import { createStepBudget } from '../../src/runtime/step-budget.js';

const nodeOutput = {
  id: { type: 'string', required: true, description: 'Node id' },
  type: { type: 'string', enum: ['text', 'frame'], required: true, description: 'Node type' },
  width: { type: 'number', integer: true, min: 0, description: 'Width in px' },
  fill: { type: 'color', description: 'Fill' },
  tags: { type: 'string[]', max: 2, description: 'Tags' },
  box: {
    type: 'object',
    description: 'Bounding box',
    properties: { x: { type: 'number', required: true, description: 'Left' }, y: { type: 'number', required: true, description: 'Top' } },
  },
  children: { type: 'object[]', description: 'Children', properties: { id: { type: 'string', required: true, description: 'Child id' } } },
} as const satisfies OutputDef;

const getNode = defineTool({
  name: 'get_node',
  mutates: false,
  description: 'Get a node',
  params: { id: { type: 'string', required: true, description: 'Node id' } },
  output: nodeOutput,
  execute: (_api, { id }) => ({ id, type: 'text' as const }),
});

describe('toOutputSchema', () => {
  it('writes each field as the input converter writes a param, nested objects open, required listed', () => {
    expect(toOutputSchema(nodeOutput)).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string', description: 'Node id' },
        type: { type: 'string', description: 'Node type', enum: ['text', 'frame'] },
        width: { type: 'integer', description: 'Width in px', minimum: 0 },
        fill: { type: 'string', description: 'Fill', pattern: '^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$' },
        tags: { type: 'array', description: 'Tags', items: { type: 'string' }, maxItems: 2 },
        box: {
          type: 'object',
          description: 'Bounding box',
          properties: { x: { type: 'number', description: 'Left' }, y: { type: 'number', description: 'Top' } },
          required: ['x', 'y'],
        },
        children: {
          type: 'array',
          description: 'Children',
          items: { type: 'object', properties: { id: { type: 'string', description: 'Child id' } }, required: ['id'] },
        },
      },
      required: ['id', 'type'],
    });
  });

  it('a zod output: zod output mode, portable, the root left open', () => {
    const schema = toOutputSchema(z.object({ id: z.string().describe('Id'), n: z.number().default(1), at: z.object({ x: z.number() }) }));
    expect(schema).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string', description: 'Id' },
        n: { type: 'number', default: 1 },
        at: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'], additionalProperties: false },
      },
      required: ['id', 'n', 'at'],
    });
  });

  it('defineTool sets outputSchema and tools/list carries it after inputSchema', () => {
    expect(getNode.outputSchema).toEqual(toOutputSchema(nodeOutput));
    const entry = toolsListEntry(getNode);
    expect(Object.keys(entry)).toEqual(['name', 'description', 'inputSchema', 'outputSchema', 'annotations']);
    expect(entry.outputSchema).toEqual(toOutputSchema(nodeOutput));
    const plain = defineTool({ name: 'plain', mutates: false, description: 'No output', params: {}, execute: () => null });
    expect('outputSchema' in toolsListEntry(plain)).toBe(false);
  });
});

describe('checkOutput', () => {
  const ajv = new Ajv({ strict: false });
  const agrees = ajv.compile(toOutputSchema(nodeOutput));
  const cases: [string, unknown, string[]][] = [
    ['a conforming result', { id: 'n1', type: 'text', width: 3, box: { x: 0, y: 1 }, children: [{ id: 'n2' }], extra: 1 }, []],
    ['a wrong type', { id: 3, type: 'text' }, ['$.id: expected a string, received the number 3']],
    ['a missing required field', { type: 'text' }, ['$.id: missing required field (expected a string)']],
    [
      'null for an optional field',
      { id: 'a', type: 'text', fill: null },
      ['$.fill: expected a hex color (#RGB, #RGBA, #RRGGBB or #RRGGBBAA), received null'],
    ],
    ['outside the enum', { id: 'a', type: 'box' }, ['$.type: expected one of "text", "frame", received the string "box"']],
    ['not an integer, below min', { id: 'a', type: 'text', width: -1.5 }, ['$.width: expected an integer, received the number -1.5']],
    ['too many items', { id: 'a', type: 'text', tags: ['a', 'b', 'c'] }, ['$.tags: expected at most 2 items, received 3']],
    ['a nested field', { id: 'a', type: 'text', box: { x: 1, y: '2' } }, ['$.box.y: expected a number, received the string "2"']],
    [
      'an array item',
      { id: 'a', type: 'text', children: [{ id: 'x' }, {}] },
      ['$.children[1].id: missing required field (expected a string)'],
    ],
    ['not an object', 'done', ['$: expected an object, received the string "done"']],
  ];
  it.each(cases)('%s', (_label, value, expected) => {
    const r = checkOutput(getNode, value);
    expect(r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`)).toEqual(expected);
    // the same verdict as a JSON Schema validator on the listed output schema
    expect(agrees(value)).toBe(expected.length === 0);
  });

  it('a zod output: zod parses, its output is the value (defaults filled in)', () => {
    const out = z.object({ id: z.string(), renamed: z.boolean().default(true) });
    expect(checkOutput({ name: 't', output: out }, { id: 'a' })).toEqual({ ok: true, value: { id: 'a', renamed: true } });
    const bad = checkOutput({ name: 't', output: out }, { id: 1 });
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.error).toBe(
        'Invalid result from tool "t": it does not match the tool\'s output schema\n- $.id: "id" must be a string, not the number 1',
      );
  });
});

describe('defineTool output rules', () => {
  const base = { name: 't', description: 'T', params: {}, execute: () => ({}) as never };
  const cases: [string, unknown, string][] = [
    ['an unknown type', { a: { type: 'date', description: 'A' } }, 'output.a.type: unknown type "date"'],
    ['a default', { a: { type: 'string', description: 'A', default: 'x' } }, 'output.a.default: an output field has no default'],
    ['no description', { a: { type: 'string' } }, 'output.a.description: is missing or empty'],
    ['an object without properties', { a: { type: 'object', description: 'A' } }, 'output.a.properties: an object field needs properties'],
    [
      'a nested problem',
      { a: { type: 'object[]', description: 'A', properties: { b: { type: 'number', description: 'B', min: 3, max: 1 } } } },
      'output.a.properties.b.min: min 3 is greater than max 1',
    ],
    ['a zod non-object', z.string(), 'output: expected a zod object schema'],
    ['a zod date', z.object({ at: z.date() }), 'output: zod cannot write it as JSON Schema'],
  ];
  it.each(cases)('%s', (_label, output, message) => {
    expect(() => defineTool({ ...base, output } as never)).toThrow(message);
  });
});

describe('the pipeline checks results against the output', () => {
  it('a conforming result passes as it is; a broken one is an error result naming the path', async () => {
    expect(await runTool(getNode, { id: 'n1' })).toMatchObject({ isError: false, value: { id: 'n1', type: 'text' } });
    const broken = { ...getNode, name: 'broken', execute: () => ({ id: 'n1', type: 'circle' }) };
    const r = await runTool(broken, { id: 'n1' });
    expect(r).toEqual({
      isError: true,
      error:
        'Invalid result from tool "broken": it does not match the tool\'s output schema\n- $.type: expected one of "text", "frame", received the string "circle"',
      issues: [{ path: '$.type', message: 'expected one of "text", "frame", received the string "circle"' }],
      invalidResult: true,
    });
  });

  it('an { error } result stays the tool error; a result over the cap or a content result is an error', async () => {
    const failing = { ...getNode, name: 'failing', execute: () => ({ error: 'No node' }) };
    expect(await runTool(failing, { id: 'x' })).toEqual({ isError: true, error: 'No node' });
    const big = { ...getNode, name: 'big', execute: () => ({ id: 'x'.repeat(1000), type: 'text' }) };
    expect(await runTool(big, { id: 'x' }, { maxResultBytes: 400 })).toEqual({
      isError: true,
      error:
        'The result of tool "big" is 1023 UTF-8 bytes, over the result cap of 400; a tool with a declared output must return it whole (return less, or raise maxResultBytes)',
    });
    const content = { ...getNode, name: 'content', execute: () => contentResult(textContent('hi')) };
    expect(await runTool(content, { id: 'x' })).toMatchObject({
      isError: true,
      error: expect.stringContaining('it returned content items'),
    });
  });

  it('a zod output sends zod output; the budget warning is still allowed by the open root', async () => {
    const t = defineTool({
      name: 'rename',
      mutates: false,
      description: 'Rename',
      input: z.object({ id: z.string().describe('Id') }),
      output: z.object({ id: z.string(), renamed: z.boolean().default(true) }),
      execute: (_api, { id }) => ({ id }),
    });
    const budget = createStepBudget(2);
    const r = await runTool(t, { id: 'a' }, { getStepBudget: () => budget });
    expect(r.isError).toBe(false);
    if (!r.isError) {
      expect(r.value).toMatchObject({ id: 'a', renamed: true, _warning: expect.any(String) });
      expect(JSON.parse(r.json)).toEqual(r.value);
      expect(new Ajv({ strict: false }).validate(toOutputSchema(t.output), r.value)).toBe(true);
    }
  });
});
