/** Tests of `parsePlain`: plain messages for zod issues, with the base path prefixed. */

import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { parsePlain } from '../../src/core/zod-issues.js';

// One formatter for every file a user writes (scaffold specs, skill files, the validate config).
const schema = z.strictObject({
  name: z.string(),
  weight: z.number().int().min(100).max(900).optional(),
  tier: z.enum(['core', 'extended']).optional(),
  tags: z.array(z.string().min(1)).min(1).optional(),
  kind: z.literal('tool').optional(),
  pattern: z
    .string()
    .regex(/^#[0-9a-f]{6}$/)
    .optional(),
  nested: z.strictObject({ description: z.string() }).optional(),
});
const problems = (value: unknown, base: PropertyKey[] = []) => {
  const r = parsePlain(schema, value, base);
  return r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`);
};

describe('parsePlain', () => {
  it('passes valid data through', () => {
    expect(parsePlain(schema, { name: 'a', weight: 400 })).toEqual({ ok: true, data: { name: 'a', weight: 400 } });
  });

  it.each([
    [{}, ['$.name: missing required key "name"']],
    [{ name: 1 }, ['$.name: "name" must be a string, not the number 1']],
    [{ name: 'a', weight: '700' }, ['$.weight: "weight" must be a number, not the string "700"']],
    [{ name: 'a', weight: JSON.parse('1e400') }, ['$.weight: "weight" must be a finite number, not Infinity']],
    [{ name: 'a', weight: 7.5 }, ['$.weight: "weight" must be a whole number, not the number 7.5']],
    [{ name: 'a', weight: 50 }, ['$.weight: "weight" must be at least 100, not the number 50']],
    [{ name: 'a', weight: 950 }, ['$.weight: "weight" must be at most 900, not the number 950']],
    [
      { name: 'a', tier: 'extnded' },
      ['$.tier: "tier" must be one of "core", "extended", not the string "extnded" (did you mean "extended"?)'],
    ],
    [{ name: 'a', tags: [] }, ['$.tags: "tags" must have at least 1 item']],
    [{ name: 'a', tags: ['x', ''] }, ['$.tags[1]: item 1 must not be empty']],
    [{ name: 'a', kind: 'prompt' }, ['$.kind: "kind" must be "tool", not the string "prompt"']],
    [{ name: 'a', pattern: 'red' }, ['$.pattern: "pattern" must match /^#[0-9a-f]{6}$/, not the string "red"']],
    [{ name: 'a', nested: {} }, ['$.nested.description: missing required key "description"']],
    [{ name: 'a', nam: 'b', zzz: 1 }, ['$.nam: unknown key "nam" (did you mean "name"?)', '$.zzz: unknown key "zzz"']],
    [[1], ['$: the value must be an object, not an array']],
    [null, ['$: the value must be an object, not null']],
  ])('%j: plain words with the JSON path', (value, expected) => {
    expect(problems(value)).toEqual(expected);
  });

  it('prefixes a base path (an element of an array, a key of package.json)', () => {
    expect(problems({ name: 'a', weight: 'x' }, [2])).toEqual(['$[2].weight: "weight" must be a number, not the string "x"']);
    expect(problems({ name: 'a', 'odd key': 1 }, ['agentTools'])).toEqual(['$.agentTools["odd key"]: unknown key "odd key"']);
  });

  it('keeps a message the schema sets itself', () => {
    const own = z.strictObject({ runtime: z.enum(['bash'], { error: 'use bash' }) });
    expect(parsePlain(own, { runtime: 'sh' })).toEqual({ ok: false, problems: [{ path: '$.runtime', message: 'use bash' }] });
  });
});
