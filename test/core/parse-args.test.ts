/** Tests of `parseArgs`: defaults, null and omitted arguments, enums, numeric coercion, strings and errors by param. */

import { describe, expect, it } from 'vitest';
import { defineTool, parseArgs } from '../../src/index.js';
import { parseArgsFullPolicy } from '../../src/core/parse-args.js';

const tool = defineTool({
  name: 'set_font',
  description: 'Set the font of a text node',
  params: {
    id: { type: 'string', required: true, description: 'Node id' },
    italic: { type: 'boolean', default: false, description: 'Italic' },
    weight: { type: 'number', default: 400, enum: [100, 200, 300, 400, 500, 600, 700, 800, 900], description: 'CSS weight' },
    size: { type: 'number', min: 6, max: 144, description: 'Size' },
    color: { type: 'color', description: 'Color' },
    tags: { type: 'string[]', description: 'Tags' },
    fonts: { type: 'string[]', enum: ['serif', 'sans', 'mono'], max: 2, description: 'Fonts' },
  },
  execute: () => null,
});

const ok = (raw: unknown) => {
  const r = parseArgs(tool, raw);
  if (!r.ok) throw new Error(r.error);
  return r.args;
};
const fail = (raw: unknown) => {
  const r = parseArgs(tool, raw);
  if (r.ok) throw new Error('expected failure, got ' + JSON.stringify(r.args));
  return r;
};

describe('parseArgs', () => {
  it('fills defaults for omitted params', () => {
    expect(ok({ id: 'f1' })).toEqual({ id: 'f1', italic: false, weight: 400 });
  });

  it('treats undefined and null raw arguments as {}', () => {
    const none = defineTool({ name: 'list_nodes', description: 'List all nodes', params: {}, execute: () => [] });
    expect(parseArgs(none, undefined)).toEqual({ ok: true, args: {} });
    expect(parseArgs(none, null)).toEqual({ ok: true, args: {} });
    expect(parseArgs(none, {})).toEqual({ ok: true, args: {} });
  });

  it('treats a param sent as null as omitted', () => {
    expect(ok({ id: 'f1', italic: null, size: null })).toEqual({ id: 'f1', italic: false, weight: 400 });
  });

  it('checks numeric enums and lists the allowed values', () => {
    expect(ok({ id: 'a', weight: 700 }).weight).toBe(700);
    const r = fail({ id: 'a', weight: 750 });
    expect(r.issues).toEqual([
      { path: 'weight', message: 'expected one of 100, 200, 300, 400, 500, 600, 700, 800, 900, received number 750' },
    ]);
    expect(r.error).toBe(
      'Invalid arguments for tool "set_font":\n- weight: expected one of 100, 200, 300, 400, 500, 600, 700, 800, 900, received number 750',
    );
  });

  it('coerces numeric strings after trimming, never blank strings', () => {
    expect(ok({ id: 'a', size: ' 12.5 ' }).size).toBe(12.5);
    expect(ok({ id: 'a', size: '1e1' }).size).toBe(10);
    expect(ok({ id: 'a', weight: '700' }).weight).toBe(700);
    expect(fail({ id: 'a', size: '' }).issues[0]).toEqual({ path: 'size', message: 'expected number, received string ""' });
    expect(fail({ id: 'a', size: '   ' }).issues[0]!.path).toBe('size');
    expect(fail({ id: 'a', size: 'abc' }).issues[0]!.message).toBe('expected number, received string "abc"');
    expect(fail({ id: 'a', size: '0x10' }).issues[0]!.path).toBe('size');
    expect(fail({ id: 'a', size: Infinity }).issues[0]!.path).toBe('size');
  });

  it('names a value that is not finite as such, as typed when it came as a string', () => {
    for (const [raw, text] of [
      ['1e400', '1e400'],
      [' -1e400 ', '-1e400'],
      ['Infinity', 'Infinity'],
      ['nan', 'nan'],
      [Infinity, 'Infinity'],
      [-Infinity, '-Infinity'],
      [NaN, 'NaN'],
    ] as const) {
      expect(fail({ id: 'a', size: raw }).issues).toEqual([{ path: 'size', message: `${text} is not a finite number` }]);
      expect(parseArgsFullPolicy(tool, { id: 'a', size: raw })).toEqual(parseArgs(tool, { id: 'a', size: raw }));
    }
    // a tiny value underflows to 0, which is finite: it is checked like any number
    expect(fail({ id: 'a', size: '1e-400' }).issues[0]!.message).toBe('expected a number >= 6, received number 0');
  });

  it('checks min and max', () => {
    expect(ok({ id: 'a', size: 6 }).size).toBe(6);
    expect(fail({ id: 'a', size: 5 }).issues[0]).toEqual({ path: 'size', message: 'expected a number >= 6, received number 5' });
    expect(fail({ id: 'a', size: 145 }).issues[0]).toEqual({ path: 'size', message: 'expected a number <= 144, received number 145' });
  });

  it('accepts booleans and "true"/"false" in any case, nothing else', () => {
    expect(ok({ id: 'a', italic: 'TRUE' }).italic).toBe(true);
    expect(ok({ id: 'a', italic: 'False' }).italic).toBe(false);
    expect(ok({ id: 'a', italic: true }).italic).toBe(true);
    expect(fail({ id: 'a', italic: 'yes' }).issues[0]).toEqual({ path: 'italic', message: 'expected boolean, received string "yes"' });
    expect(fail({ id: 'a', italic: 1 }).issues[0]!.message).toBe('expected boolean, received number 1');
  });

  it('keeps strings unchanged and stringifies numbers and booleans sent for strings', () => {
    expect(ok({ id: '007' }).id).toBe('007');
    expect(ok({ id: 7 }).id).toBe('7');
    expect(ok({ id: true }).id).toBe('true');
    expect(fail({ id: { x: 1 } }).issues[0]).toEqual({ path: 'id', message: 'expected string, received an object' });
  });

  it('checks colors against the hex pattern', () => {
    expect(ok({ id: 'a', color: '#FF0000' }).color).toBe('#FF0000');
    expect(fail({ id: 'a', color: 'red' }).issues[0]).toEqual({
      path: 'color',
      message: 'expected a hex color (#RGB, #RGBA, #RRGGBB or #RRGGBBAA), received string "red"',
    });
  });

  it('takes string[] as an array, a JSON array string, or a single string', () => {
    expect(ok({ id: 'a', tags: ['x', 'y'] }).tags).toEqual(['x', 'y']);
    expect(ok({ id: 'a', tags: '["x","y"]' }).tags).toEqual(['x', 'y']);
    expect(ok({ id: 'a', tags: 'x,y' }).tags).toEqual(['x,y']);
    expect(ok({ id: 'a', tags: '[not json' }).tags).toEqual(['[not json']);
    expect(ok({ id: 'a', fonts: ['serif', 'mono'] }).fonts).toEqual(['serif', 'mono']);
    expect(fail({ id: 'a', fonts: ['serif', 'comic'] }).issues).toEqual([
      { path: 'fonts[1]', message: 'expected one of "serif", "sans", "mono", received string "comic"' },
    ]);
    expect(fail({ id: 'a', fonts: ['serf'] }).issues).toEqual([
      { path: 'fonts[0]', message: 'expected one of "serif", "sans", "mono", received string "serf" (did you mean "serif"?)' },
    ]);
    expect(fail({ id: 'a', fonts: ['serif', 'sans', 'mono'] }).issues).toEqual([
      { path: 'fonts', message: 'expected at most 2 items, received 3' },
    ]);
  });

  it('reports a missing required param and unknown keys with the valid names', () => {
    const r = fail({ nme: 'x' });
    expect(r.issues).toEqual([
      { path: 'id', message: 'missing required parameter (expected string)' },
      { path: 'nme', message: 'unknown parameter; valid parameters: id, italic, weight, size, color, tags, fonts' },
    ]);
  });

  it('refuses a non-object', () => {
    expect(fail('id=3').issues).toEqual([{ path: '', message: 'expected an object of arguments, received string "id=3"' }]);
    expect(fail([1]).issues[0]!.message).toMatch(/^expected an object of arguments, received an array/);
  });

  it('lists every problem at once', () => {
    expect(fail({ id: 'a', size: 'big', italic: 'maybe', color: 'blue' }).issues.map((i) => i.path)).toEqual(['italic', 'size', 'color']);
  });

  it('returns a fresh copy of an array default on every call', () => {
    const t = defineTool({
      name: 't',
      description: 'd',
      params: { tags: { type: 'string[]', default: ['a'], description: 'x' } },
      execute: () => null,
    });
    const a = parseArgs(t, {});
    const b = parseArgs(t, {});
    if (!a.ok || !b.ok) throw new Error('unexpected');
    (a.args.tags as string[]).push('b');
    expect(b.args.tags).toEqual(['a']);
    expect(t.params.tags.default).toEqual(['a']);
  });
});
