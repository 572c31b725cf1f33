/** ToolDef is built on ToolListing: the listed fields are declared once, and a definition is a listing as it stands. */
import { describe, expectTypeOf, it } from 'vitest';
import { defineTool, type ParamsDef, type ToolDef, type ToolListing } from '../../src/index.js';
import type { ExtractedTool } from '../../src/toolkit/index.js';

describe('ToolDef and the listing type', () => {
  it('every listed field of ToolDef is a ToolListing field, of the same type', () => {
    expectTypeOf<Pick<ToolDef, keyof ToolListing>>().toEqualTypeOf<ToolListing>();
    expectTypeOf<Pick<ToolDef<{ n: { type: 'number'; description: 'N' } }>, 'params'>>().toEqualTypeOf<{
      params: { n: { type: 'number'; description: 'N' } };
    }>();
    expectTypeOf<ToolListing['params']>().toEqualTypeOf<ParamsDef>();
  });

  it('a defined tool, and an extracted one, are listings', () => {
    const tool = defineTool({
      name: 'get_size',
      title: 'Get size',
      description: 'Reads the size',
      mutates: false,
      openWorld: false,
      params: { id: { type: 'string', required: true, description: 'Node id' } },
      execute: (_api, args) => {
        expectTypeOf(args).toEqualTypeOf<{ id: string }>();
        return 1;
      },
    });
    expectTypeOf(tool).toExtend<ToolListing>();
    expectTypeOf<ExtractedTool>().toExtend<ToolListing>();
    // the fields that run a tool are not part of what it lists
    expectTypeOf<'execute' | 'snapshot' | 'needsApproval' | 'input'>().not.toExtend<keyof ToolListing>();
  });
});
