/** Type tests of `ToolResult`: a success's `json` getter is not in a spread copy's type. */

import { describe, expectTypeOf, it } from 'vitest';
import type { SuccessResult, ToolResult } from '../../src/index.js';

describe('ToolResult types', () => {
  it('a success has json (a getter), and a spread copy of it has no json in its type', () => {
    const r = {} as ToolResult;
    if (!r.isError) {
      expectTypeOf(r).toEqualTypeOf<SuccessResult>();
      expectTypeOf(r.json).toEqualTypeOf<string>();
      const copy = { ...r };
      expectTypeOf(copy).not.toHaveProperty('json');
      expectTypeOf(copy).toHaveProperty('value');
    } else {
      expectTypeOf(r.error).toEqualTypeOf<string>();
    }
  });
});
