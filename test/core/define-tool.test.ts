/** Tests of `defineTool`: the definition returned as is, its location, and every rule it refuses. */

import { describe, expect, it } from 'vitest';
import { defineTool, definitionProblems, ToolDefinitionError, toolLocation, type ParamDef } from '../../src/index.js';

const ok = (params: Record<string, ParamDef>, name = 'set_font') => ({
  name,
  description: 'Set the font of a node',
  params,
  execute: () => null,
});

function errorOf(fn: () => unknown): ToolDefinitionError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ToolDefinitionError) return e;
    throw e;
  }
  throw new Error('expected a ToolDefinitionError');
}

describe('defineTool', () => {
  it('returns the definition itself and records where it was defined', () => {
    const def = ok({ id: { type: 'string', description: 'Id' } });
    expect(defineTool(def)).toBe(def);
    expect(toolLocation(def)).toMatch(/define-tool\.test\.ts:\d+:\d+$/);
  });

  it.each([
    ['Set Font', 'name'],
    ['font.set', 'name'],
    ['fonts/set', 'name'],
    ['x'.repeat(65), 'name'],
    ['', 'name'],
  ])('refuses the tool name %j', (name, field) => {
    const e = errorOf(() => defineTool(ok({}, name)));
    expect(e.field).toBe(field);
    expect(e.message).toContain('^[a-zA-Z0-9_-]{1,64}$');
  });

  it('accepts a 64-character name and dashes', () => {
    expect(defineTool(ok({}, 'a'.repeat(64))).name).toHaveLength(64);
    expect(defineTool(ok({}, 'set-font')).name).toBe('set-font');
  });

  it('accepts a string param with lengths, a pattern and a default that fits them, and lists them', () => {
    const t = defineTool(ok({ q: { type: 'string', min: 0, max: 200, pattern: '^\\p{L}+$', default: 'é', description: 'Query' } }));
    expect(t.params.q).toEqual({ type: 'string', min: 0, max: 200, pattern: '^\\p{L}+$', default: 'é', description: 'Query' });
  });

  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['unknown type', { p: { type: 'object', description: 'x' } }, 'params.p.type', /unknown type "object"; use one of/],
    [
      'integer as a type',
      { p: { type: 'integer', description: 'x' } },
      'params.p.type',
      /^unknown type "integer" \(for a whole number write type: 'number', integer: true\); use one of string, number/,
    ],
    [
      'misspelt type',
      { p: { type: 'strin', description: 'x' } },
      'params.p.type',
      /unknown type "strin" \(did you mean "string"\?\); use one of/,
    ],
    ['missing param description', { p: { type: 'string' } }, 'params.p.description', /missing or empty/],
    ['blank param description', { p: { type: 'string', description: '  ' } }, 'params.p.description', /missing or empty/],
    ['empty enum', { p: { type: 'string', enum: [], description: 'x' } }, 'params.p.enum', /non-empty/],
    [
      'number enum with a string',
      { p: { type: 'number', enum: [1, '2'], description: 'x' } },
      'params.p.enum',
      /member "2" is not of type number/,
    ],
    [
      'integer enum with a fraction',
      { p: { type: 'number', integer: true, enum: [0.5, 1, 2], description: 'x' } },
      'params.p.enum',
      /member 0\.5 is not a whole number \(the param says integer: true\)/,
    ],
    [
      'string enum with a number',
      { p: { type: 'string', enum: ['a', 2], description: 'x' } },
      'params.p.enum',
      /member 2 is not of type string/,
    ],
    ['min > max', { p: { type: 'number', min: 5, max: 1, description: 'x' } }, 'params.p.min', /5 is greater than max 1/],
    ['default of wrong type', { p: { type: 'number', default: '4', description: 'x' } }, 'params.p.default', /expected a finite number/],
    [
      'default outside enum',
      { p: { type: 'string', enum: ['a'], default: 'b', description: 'x' } },
      'params.p.default',
      /"b" is not one of "a"/,
    ],
    ['default outside range', { p: { type: 'number', min: 1, max: 3, default: 9, description: 'x' } }, 'params.p.default', /above max 3/],
    ['default not a color', { p: { type: 'color', default: 'red', description: 'x' } }, 'params.p.default', /not a hex color/],
    [
      'required with default',
      { p: { type: 'boolean', required: true, default: false, description: 'x' } },
      'params.p.default',
      /both required and defaulted/,
    ],
    ['bad param name', { 'font-size': { type: 'number', description: 'x' } }, 'params.font-size', /param name must match/],
    ['min on a boolean', { p: { type: 'boolean', min: 1, description: 'x' } }, 'params.p.min', /number, string and string\[\] params only/],
    [
      'a negative string length',
      { p: { type: 'string', min: -1, description: 'x' } },
      'params.p.min',
      /^is a length in characters \(Unicode code points\) and must be a whole number >= 0, got -1$/,
    ],
    ['a fractional string length', { p: { type: 'string', max: 2.5, description: 'x' } }, 'params.p.max', /whole number >= 0, got 2.5/],
    [
      'a pattern that does not compile with the u flag',
      { p: { type: 'string', pattern: '[a-z', description: 'x' } },
      'params.p.pattern',
      /^"\[a-z" is not a valid regular expression with the u flag \(Invalid regular expression: /,
    ],
    // compiles without the u flag, not with it (an identity escape of a letter)
    ['a pattern valid only without the u flag', { p: { type: 'string', pattern: '\\q', description: 'x' } }, 'params.p.pattern', /u flag/],
    [
      'a pattern that is not a string',
      { p: { type: 'string', pattern: /^a/, description: 'x' } },
      'params.p.pattern',
      /^expected a regular expression source string, got \{\}$/,
    ],
    ['a pattern on a color', { p: { type: 'color', pattern: '^#', description: 'x' } }, 'params.p.pattern', /own hex pattern/],
    [
      'a pattern on a number',
      { p: { type: 'number', pattern: '^1', description: 'x' } },
      'params.p.pattern',
      /string params only, not number/,
    ],
    [
      'a default shorter than min',
      { p: { type: 'string', min: 2, default: 'a', description: 'x' } },
      'params.p.default',
      /^has 1 character, fewer than min 2$/,
    ],
    [
      'a default longer than max',
      { p: { type: 'string', max: 1, default: '😀😀', description: 'x' } },
      'params.p.default',
      /^has 2 characters, more than max 1$/,
    ],
    [
      'a default outside the pattern',
      { p: { type: 'string', pattern: '^a', default: 'b', description: 'x' } },
      'params.p.default',
      /^"b" does not match pattern \^a$/,
    ],
    ['fractional item count', { p: { type: 'string[]', max: 1.5, description: 'x' } }, 'params.p.max', /whole number/],
  ];
  it.each(cases)('refuses %s', (_label, params, field, message) => {
    const e = errorOf(() => defineTool(ok(params as Record<string, ParamDef>)));
    expect(e.tool).toBe('set_font');
    expect(e.field).toBe(field);
    expect(e.problem).toMatch(message);
    expect(e.message).toContain(`Tool "set_font": ${field}:`);
  });

  it('refuses a missing description and a missing execute', () => {
    expect(errorOf(() => defineTool({ ...ok({}), description: '' })).field).toBe('description');
    expect(errorOf(() => defineTool({ name: 'a', description: 'b', params: {} } as never)).field).toBe('execute');
  });

  it('lists every problem through definitionProblems', () => {
    const problems = definitionProblems({
      name: 'bad name',
      description: '',
      params: { p: { type: 'number', min: 3, max: 1, description: '' } },
    });
    expect(problems.map((p) => p.field)).toEqual(['name', 'description', 'params.p.description', 'params.p.min']);
  });

  it.each([
    ['needsAproval', 'unknown key "needsAproval" (did you mean "needsApproval"?)'],
    ['mutate', 'unknown key "mutate" (did you mean "mutates"?)'],
    ['approval', 'unknown key "approval" (did you mean "needsApproval"?)'],
  ])('refuses the misspelt key %s with a TypeError naming the tool (it would be ignored: no approval)', (key, problem) => {
    const def = { name: 'nuke_db', description: 'Deletes the database', params: {}, execute: () => 'nuked', [key]: true };
    expect(() => defineTool(def)).toThrow(new TypeError(`defineTool "nuke_db": ${problem}`));
    expect(() => defineTool(def)).toThrow(TypeError);
  });

  it('refuses a definition that inherits its keys (__proto__) or computes an approval key in a getter: it would run unasked unseen', () => {
    const base = { name: 'nuke_db', description: 'Deletes the database', params: {}, execute: () => 'nuked' };
    expect(errorOf(() => defineTool({ ...base, __proto__: { needsApproval: false } } as never)).field).toBe('__proto__');
    expect(errorOf(() => defineTool(Object.assign(Object.create({ mutates: false }) as object, base) as never)).field).toBe('__proto__');
    const getter = Object.defineProperty({ ...base, mutates: true }, 'destructive', { get: () => false, enumerable: true });
    expect(() => defineTool(getter as never)).toThrow(
      'Tool "nuke_db": destructive: is a getter or setter, which may answer differently each time it is read; write it as a value',
    );
    expect(definitionProblems(Object.create(null) as object).map((p) => p.field)).not.toContain('__proto__');
  });

  it('refuses a key far from every known one with the list of keys', () => {
    expect(() => defineTool({ ...ok({}), tier: 'core' } as never)).toThrow(
      'defineTool "set_font": unknown key "tier"; a tool has name, title, description, mutates, destructive, idempotent, openWorld, params, ' +
        'input, inputSchema, output, outputSchema, execute, snapshot, needsApproval',
    );
  });

  it('takes every key a definition may have, and a tool spread into a new definition', () => {
    const full = defineTool({
      name: 'full',
      title: 'Full',
      description: 'Every key',
      mutates: true,
      destructive: false,
      idempotent: true,
      openWorld: false,
      params: {},
      output: { ok: { type: 'boolean', description: 'Done' } },
      execute: () => ({ ok: true }),
      snapshot: () => null,
      needsApproval: false,
    });
    const copy = { ...full, name: 'full_copy' };
    expect(defineTool(copy as never)).toBe(copy);
    expect(Object.keys(copy)).toContain('outputSchema');
  });
});
