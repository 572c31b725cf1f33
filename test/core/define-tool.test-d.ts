/** Type tests of `defineTool` and `createRegistry`: args inferred from params, enums narrowed, API and result types. */

import { describe, expectTypeOf, it } from 'vitest';
import { createRegistry, defineTool, type ArgsOf } from '../../src/index.js';

describe('defineTool infers args', () => {
  it('required and defaulted keys are non-optional, the rest optional', () => {
    defineTool({
      name: 'set_font',
      description: 'Set the font',
      params: {
        id: { type: 'string', required: true, description: 'Node id' },
        italic: { type: 'boolean', default: false, description: 'Italic' },
        size: { type: 'number', description: 'Size' },
        color: { type: 'color', description: 'Color' },
        tags: { type: 'string[]', description: 'Tags' },
      },
      execute(_api, args) {
        expectTypeOf(args).toEqualTypeOf<{ id: string; italic: boolean; size?: number; color?: string; tags?: string[] }>();
        return null;
      },
    });
  });

  it('enums narrow to their literal unions', () => {
    defineTool({
      name: 'align',
      description: 'Align nodes',
      params: {
        side: { type: 'string', enum: ['left', 'right'], required: true, description: 'Side' },
        weight: { type: 'number', enum: [100, 400, 700], description: 'Weight' },
        fonts: { type: 'string[]', enum: ['serif', 'mono'], default: ['serif'], description: 'Fonts' },
      },
      execute(_api, args) {
        expectTypeOf(args.side).toEqualTypeOf<'left' | 'right'>();
        expectTypeOf(args.weight).toEqualTypeOf<100 | 400 | 700 | undefined>();
        expectTypeOf(args.fonts).toEqualTypeOf<('serif' | 'mono')[]>();
        return null;
      },
    });
  });

  it('as const params infer the same way', () => {
    const params = { n: { type: 'number', required: true, description: 'N' } } as const;
    expectTypeOf<ArgsOf<typeof params>>().toEqualTypeOf<{ n: number }>();
  });

  it('the api type flows into execute and the result type out', () => {
    interface Api {
      getNode(id: string): { id: string };
    }
    const t = defineTool({
      name: 'get_node',
      description: 'Get a node',
      params: { id: { type: 'string', required: true, description: 'Id' } },
      execute: (api: Api, { id }) => api.getNode(id),
    });
    expectTypeOf(t.execute).returns.toEqualTypeOf<{ id: string } | Promise<{ id: string }>>();
  });
});

describe('createRegistry', () => {
  it('takes tiers whose tools have different params and APIs without a type argument', () => {
    const a = defineTool({
      name: 'a',
      description: 'Tool a',
      params: { n: { type: 'number', required: true, description: 'N' } },
      execute: (_api: { x: number }, { n }) => n,
    });
    const b = defineTool({ name: 'b', description: 'Tool b', params: { s: { type: 'string', description: 'S' } }, execute: () => 'b' });
    const registry = createRegistry({ core: [a], extended: [b] });
    expectTypeOf(registry.all).items.toHaveProperty('name').toEqualTypeOf<string>();
    const core = [a, b];
    const extended = [b];
    createRegistry({ core, extended });
  });
});
