/** Tests of `paramsFromJsonSchema` on integers: type, bounds and enums kept through the params. */

import { describe, expect, it } from 'vitest';
import { toInputSchema } from '../../src/core/input-schema.js';
import { defineTool } from '../../src/core/tool.js';
import { parseArgs } from '../../src/core/parse-args.js';
import { paramsFromJsonSchema } from '../../src/skills/files/json-schema-params.js';

const params = (properties: Record<string, unknown>, required: string[] = []) => {
  const r = paramsFromJsonSchema({ type: 'object', properties, required }, '$.inputSchema');
  if ('problems' in r) throw new Error(JSON.stringify(r.problems));
  return r.params;
};

describe('paramsFromJsonSchema: integers', () => {
  it('keeps "type": "integer" through the params and the schema built from them', () => {
    const p = params({ count: { type: 'integer', description: 'How many', minimum: 1, maximum: 10 } }, ['count']);
    expect(p.count).toEqual({ type: 'number', integer: true, description: 'How many', required: true, min: 1, max: 10 });
    expect(toInputSchema(p)).toMatchObject({
      properties: { count: { type: 'integer', description: 'How many', minimum: 1, maximum: 10 } },
      required: ['count'],
    });
  });

  it('refuses 7.5 for an integer and takes 7 (a number param still takes 7.5)', () => {
    const tool = defineTool({
      name: 'counter',
      description: 'Counts',
      params: params({ count: { type: 'integer' }, ratio: { type: 'number' } }),
      execute: () => null,
    });
    expect(parseArgs(tool, { count: 7.5 })).toMatchObject({ ok: false });
    expect(parseArgs(tool, { count: 7, ratio: 7.5 })).toEqual({ ok: true, args: { count: 7, ratio: 7.5 } });
  });

  it('makes an integer’s exclusive bounds inclusive (both JSON Schema forms), and leaves a number’s alone', () => {
    expect(params({ n: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 10 } }).n).toMatchObject({ min: 1, max: 9 });
    expect(params({ n: { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 5, exclusiveMaximum: true } }).n).toMatchObject({
      min: 1,
      max: 4,
    });
    expect(params({ n: { type: 'integer', minimum: 3, exclusiveMinimum: 0 } }).n).toMatchObject({ min: 3 });
    expect(params({ n: { type: 'integer', exclusiveMinimum: 2.5 } }).n).toMatchObject({ min: 3 });
    // zod writes ±MAX_SAFE_INTEGER for every .int(): not a bound anyone wrote, so not a param bound (same rule as a zod input)
    const zodInt = params({ n: { type: 'integer', minimum: -9007199254740991, maximum: 10 } }).n;
    expect(zodInt).toEqual({ type: 'number', description: 'n', integer: true, max: 10 });
    const num = params({ x: { type: 'number', exclusiveMinimum: 0 } }).x;
    expect(num).toEqual({ type: 'number', description: 'x' });
  });

  it('keeps an integer enum', () => {
    expect(params({ w: { type: 'integer', enum: [100, 400, 700] } }).w).toMatchObject({ integer: true, enum: [100, 400, 700] });
  });
});

describe('paramsFromJsonSchema: string bounds and patterns', () => {
  it('keeps minLength, maxLength and pattern, so the validator refuses what the schema refuses', () => {
    const p = params({ code: { type: 'string', minLength: 2, maxLength: 4, pattern: '^[A-Z]+$' } }, ['code']);
    expect(p.code).toEqual({ type: 'string', description: 'code', required: true, min: 2, max: 4, pattern: '^[A-Z]+$' });
    expect(toInputSchema(p)).toMatchObject({ properties: { code: { type: 'string', minLength: 2, maxLength: 4, pattern: '^[A-Z]+$' } } });
    const tool = defineTool({ name: 'coded', description: 'Takes a code', params: p, execute: () => null });
    expect([parseArgs(tool, { code: 'A' }).ok, parseArgs(tool, { code: 'ABCDE' }).ok, parseArgs(tool, { code: 'ab' }).ok]).toEqual([
      false,
      false,
      false,
    ]);
    expect(parseArgs(tool, { code: 'ABC' })).toEqual({ ok: true, args: { code: 'ABC' } });
  });

  it('names a pattern that does not compile at its JSON path', () => {
    const r = paramsFromJsonSchema({ type: 'object', properties: { code: { type: 'string', pattern: '[A-' } } }, '$.inputSchema');
    expect('problems' in r && r.problems.map((x) => x.path)).toEqual(['$.inputSchema.properties.code.pattern']);
  });
});
