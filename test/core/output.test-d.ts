/** Type tests of declared outputs: `execute`'s return typed by flat fields or a zod output. */

import { z } from 'zod';
import { describe, expectTypeOf, it } from 'vitest';
import { createRegistry, defineTool, type AnyToolDef, type ResolvedOutput } from '../../src/index.js';

describe('output types execute', () => {
  it('required fields are non-optional, enums narrow, nested objects and arrays resolve', () => {
    const output = {
      id: { type: 'string', required: true, description: 'Node id' },
      type: { type: 'string', enum: ['text', 'frame'], required: true, description: 'Node type' },
      width: { type: 'number', description: 'Width' },
      tags: { type: 'string[]', description: 'Tags' },
      box: { type: 'object', description: 'Box', properties: { x: { type: 'number', required: true, description: 'X' } } },
      children: { type: 'object[]', required: true, description: 'Children', properties: { id: { type: 'string', description: 'Id' } } },
    } as const;
    expectTypeOf<ResolvedOutput<typeof output>>().toEqualTypeOf<{
      id: string;
      type: 'text' | 'frame';
      children: { id?: string }[];
      width?: number;
      tags?: string[];
      box?: { x: number };
    }>();
  });

  it('a right return compiles; a wrong one, a missing required field or a bare string is a compile error', () => {
    const t = defineTool({
      name: 'get_node',
      description: 'Get a node',
      params: { id: { type: 'string', required: true, description: 'Id' } },
      output: { id: { type: 'string', required: true, description: 'Node id' } },
      execute: (_api, { id }) => ({ id }),
    });
    expectTypeOf<ResolvedOutput<typeof t.output>>().toEqualTypeOf<{ id: string }>();

    defineTool({
      name: 'failing',
      description: 'Fails',
      params: {},
      output: { id: { type: 'string', required: true, description: 'Node id' } },
      execute: async () => ({ error: 'no node' }),
    });
    const idOut = { id: { type: 'string', required: true, description: 'Node id' } } as const;
    // @ts-expect-error id must be a string
    defineTool({ name: 'wrong', description: 'Wrong', params: {}, output: idOut, execute: () => ({ id: 3 }) });
    // @ts-expect-error id is required
    defineTool({ name: 'missing', description: 'Missing', params: {}, output: idOut, execute: () => ({}) });
    // @ts-expect-error a bare string is not the declared object
    defineTool({ name: 'bare', description: 'Bare', params: {}, output: idOut, execute: async () => 'done' });
    defineTool({ name: 'right', description: 'Right', params: {}, output: idOut, execute: async () => ({ id: 'n1' }) });
  });

  it('a tool with number, boolean and string[] params and an output is a tool every registry and adapter takes', () => {
    const t = defineTool({
      name: 'list_notes',
      description: 'List notes',
      params: {
        limit: { type: 'number', min: 1, max: 100, default: 10, description: 'How many' },
        pinned: { type: 'boolean', required: true, description: 'Pinned only' },
        tags: { type: 'string[]', description: 'Tags' },
      },
      output: {
        notes: { type: 'object[]', required: true, description: 'Notes', properties: { id: { type: 'string', description: 'Id' } } },
      },
      execute: (_api, { limit }) => ({ notes: Array.from({ length: limit }, (_, i) => ({ id: String(i) })) }),
    });
    expectTypeOf(t).toMatchTypeOf<AnyToolDef>();
    createRegistry({ core: [t], extended: [] });
  });

  it('a zod output types the return as z.input of it, with a zod or a flat input', () => {
    const t = defineTool({
      name: 'rename',
      description: 'Rename',
      input: z.object({ id: z.string().describe('Id') }),
      output: z.object({ id: z.string(), renamed: z.boolean().default(true) }),
      execute: (_api, { id }) => {
        expectTypeOf(id).toEqualTypeOf<string>();
        return { id };
      },
    });
    expectTypeOf<ResolvedOutput<typeof t.output>>().toEqualTypeOf<{ id: string; renamed?: boolean | undefined }>();
    const input = z.object({ id: z.string().describe('Id') });
    const output = z.object({ id: z.string() });
    // @ts-expect-error id must be a string
    defineTool({ name: 'rename2', description: 'Rename', input, output, execute: () => ({ id: 1 }) });
    defineTool({ name: 'rename3', description: 'Rename', input, output, execute: (_api, { id }) => ({ id }) });
    defineTool({
      name: 'flat_in',
      description: 'Flat input, declared output',
      params: { n: { type: 'number', required: true, description: 'N' } },
      output: { double: { type: 'number', required: true, description: '2n' } },
      execute: (_api, { n }) => {
        expectTypeOf(n).toEqualTypeOf<number>();
        return { double: 2 * n };
      },
    });
  });
});
