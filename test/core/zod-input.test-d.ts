/** Type tests of `defineTool` with a zod input: args inferred as the schema's output. */

import { z } from 'zod';
import { describe, expectTypeOf, it } from 'vitest';
import { createRegistry, defineTool, type AnyToolDef } from '../../src/index.js';

describe('defineTool with a zod input infers args from the schema', () => {
  it('args is z.output of the input: optional stays optional, a default makes the key present, enums narrow', () => {
    const t = defineTool({
      name: 'get_weather',
      description: 'Returns the weather for a city.',
      input: z.object({
        city: z.string().describe('City'),
        days: z.number().int().default(1).describe('Days'),
        units: z.enum(['c', 'f']).optional().describe('Units'),
        tags: z.array(z.string()).optional().describe('Tags'),
        box: z
          .object({ w: z.number().describe('Width') })
          .optional()
          .describe('Box'),
      }),
      execute(_api, args) {
        expectTypeOf(args).toEqualTypeOf<{
          city: string;
          days: number;
          units?: 'c' | 'f' | undefined;
          tags?: string[] | undefined;
          box?: { w: number } | undefined;
        }>();
        return args.city.length;
      },
    });
    expectTypeOf(t.params).toEqualTypeOf<import('../../src/index.js').ParamsDef>();
    expectTypeOf(t).toMatchTypeOf<AnyToolDef>();
    createRegistry({ core: [t], extended: [] });
  });

  it('params and input together, or an input that is not a zod object, do not type-check', () => {
    // @ts-expect-error params beside input
    defineTool({ name: 'a', description: 'A tool for the type test.', params: {}, input: z.object({}), execute: () => null });
    // @ts-expect-error input must be a z.object
    defineTool({ name: 'a', description: 'A tool for the type test.', input: z.string(), execute: () => null });
  });
});
