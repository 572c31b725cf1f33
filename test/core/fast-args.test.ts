/** Tests that the parseArgs fast path gives exactly the full policy's output for every input it accepts. */

import { describe, expect, it } from 'vitest';
import { buildFastArgs, isColor } from '../../src/core/fast-args.js';
import { COLOR_PATTERN } from '../../src/core/param.js';
import { parseArgs, parseArgsFullPolicy } from '../../src/core/parse-args.js';
import { defineTool, type AnyToolDef } from '../../src/index.js';

const tool = defineTool({
  name: 'set_font',
  description: 'Set the font of a text node',
  params: {
    id: { type: 'string', required: true, description: 'Node id' },
    italic: { type: 'boolean', default: false, description: 'Italic' },
    weight: { type: 'number', default: 400, enum: [100, 400, 700], description: 'CSS weight' },
    size: { type: 'number', min: 6, max: 144, description: 'Size' },
    color: { type: 'color', description: 'Color' },
    tags: { type: 'string[]', default: ['a'], description: 'Tags' },
    fonts: { type: 'string[]', enum: ['serif', 'sans', 'mono'], min: 1, max: 2, description: 'Fonts' },
    kind: { type: 'string', enum: ['x', 'y'], description: 'Kind' },
  },
  execute: () => null,
});

// Values per param: first the valid ones (VALID[name] of them), then ones the full policy
// coerces, and invalid ones.
const VALUES: Record<string, unknown[]> = {
  id: ['f1', '', 7, true, { x: 1 }, null, undefined],
  italic: [true, false, 'TRUE', 'no', 1, null],
  weight: [400, 700, 750, '700', -0, NaN, null],
  size: [6, 144, 5, 145, 12.5, ' 12 ', '', Infinity, null],
  color: ['#fff', '#FF0000aa', 'red', 3, null],
  tags: [[], ['x', 'y'], ['x', 3], '["p"]', 'q', null],
  fonts: [['serif'], ['serif', 'mono'], [], ['serif', 'sans', 'mono'], ['comic'], 'sans', null],
  kind: ['x', 'z', 1, null],
};
const VALID: Record<string, number> = { id: 2, italic: 2, weight: 3, size: 3, color: 2, tags: 2, fonts: 2, kind: 1 };
const NAMES = Object.keys(VALUES);

/** A deterministic pseudo-random stream, so a failure reproduces. */
function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

function* inputs(): Generator<unknown> {
  yield undefined;
  yield null;
  yield {};
  yield 'id=3';
  yield [1];
  yield { id: 'a', nme: 'x' };
  const next = rng(16);
  for (let i = 0; i < 1500; i++) {
    const raw: Record<string, unknown> = {};
    for (const name of [...NAMES].sort(() => next() - 0.5)) {
      if (next() < 0.4) continue;
      const vals = VALUES[name]!;
      const pick = next() < 0.85 ? Math.floor(next() * VALID[name]!) : Math.floor(next() * vals.length);
      raw[name] = vals[pick];
    }
    yield raw;
  }
}

describe('the parseArgs fast path', () => {
  it('gives exactly the full policy output (values and key order) for every input it accepts, and accepts the common case', () => {
    const fast = buildFastArgs(tool.params)!;
    let accepted = 0;
    let total = 0;
    for (const raw of inputs()) {
      total++;
      const full = parseArgsFullPolicy(tool, raw);
      const mine = fast(raw);
      expect(parseArgs(tool, raw)).toEqual(full);
      if (mine === undefined) continue;
      accepted++;
      expect(full.ok, JSON.stringify(raw)).toBe(true);
      if (!full.ok) continue;
      expect(mine).toStrictEqual(full.args);
      expect(Object.keys(mine)).toEqual(Object.keys(full.args));
    }
    // The generator mixes valid values with ones to coerce or refuse: both sides must occur.
    expect(accepted).toBeGreaterThan(300);
    expect(accepted).toBeLessThan(total);
  });

  it('accepts a typical model call and leaves coercion to the full policy', () => {
    const fast = buildFastArgs(tool.params)!;
    expect(fast({ id: 'n1', size: 12, fonts: ['serif'] })).toEqual({
      id: 'n1',
      italic: false,
      weight: 400,
      size: 12,
      tags: ['a'],
      fonts: ['serif'],
    });
    expect(fast({ id: 'n1', size: '12' })).toBeUndefined();
    expect(parseArgs(tool, { id: 'n1', size: '12' })).toEqual({
      ok: true,
      args: { id: 'n1', italic: false, weight: 400, size: 12, tags: ['a'] },
    });
  });

  it('reads own keys only: an inherited enumerable key goes to the full policy, a null-prototype object is accepted', () => {
    const fast = buildFastArgs(tool.params)!;
    const inherited = Object.assign(Object.create({ nme: 'x' }) as object, { id: 'n1' });
    expect(fast(inherited)).toBeUndefined();
    expect(parseArgs(tool, inherited)).toEqual(parseArgsFullPolicy(tool, inherited));
    const bare = Object.assign(Object.create(null) as object, { id: 'n1', size: 12 });
    expect(fast(bare)).toEqual({ id: 'n1', italic: false, weight: 400, size: 12, tags: ['a'] });
    const full = parseArgsFullPolicy(tool, bare);
    expect(fast(bare)).toEqual(full.ok && full.args);
    expect(buildFastArgs({})!(Object.create({ x: 1 }))).toBeUndefined();
    expect(buildFastArgs({})!({})).toEqual({});
  });

  it('copies arrays, so a caller changing its input or a result changes nothing else', () => {
    const fast = buildFastArgs(tool.params)!;
    const fonts = ['serif'];
    const a = fast({ id: 'n', fonts })!;
    expect(a.fonts).not.toBe(fonts);
    (a.tags as string[]).push('b');
    expect(fast({ id: 'n' })!.tags).toEqual(['a']);
  });
});

describe('the compiled fast path and odd param names', () => {
  // defineTool refuses such names, but parseArgs also takes definitions built without it.
  const odd: AnyToolDef = {
    name: 'odd_names',
    description: 'Params whose names are not identifiers',
    params: {
      'a"b': { type: 'string', description: 'a quote' },
      'c\\d\n': { type: 'number', default: 2, description: 'a backslash and a newline' },
      '}; throw new Error("x"); ({': { type: 'boolean', description: 'code' },
      'line\u2028sep': { type: 'string[]', default: ['z'], description: 'U+2028' },
      '7': { type: 'color', description: 'an index-like name' },
      '': { type: 'string', description: 'empty' },
    },
    execute: () => null,
  };
  const names = Object.keys(odd.params);
  const values = [
    ['s', 1, null],
    [3, '3', null],
    [true, 'true', null],
    [['q'], 'q', null],
    ['#abc', 'blue', null],
    ['e', false, null],
  ];

  it('treats names as data: each input gives the full policy output, key order included', () => {
    const fast = buildFastArgs(odd.params)!;
    const next = rng(7);
    let accepted = 0;
    for (let i = 0; i < 400; i++) {
      const raw: Record<string, unknown> = {};
      names.forEach((name, j) => {
        if (next() < 0.5) raw[name] = values[j]![Math.floor(next() * 3)];
      });
      const full = parseArgsFullPolicy(odd, raw);
      const mine = fast(raw);
      expect(parseArgs(odd, raw)).toEqual(full);
      if (mine === undefined) continue;
      accepted++;
      expect(full.ok && Object.keys(full.args)).toEqual(Object.keys(mine));
      expect(mine).toStrictEqual(full.ok && full.args);
    }
    expect(accepted).toBeGreaterThan(20);
    expect(fast({ '7': '#abc' })).toEqual({ '7': '#abc', 'c\\d\n': 2, 'line\u2028sep': ['z'] });
  });

  it('leaves a param named like an Object.prototype property to the full policy (zod reads it through the prototype)', () => {
    expect(buildFastArgs({ constructor: { type: 'string' as const, description: 'c' } })).toBeUndefined();
    expect(buildFastArgs(JSON.parse('{"__proto__": {"type": "string", "description": "p"}}'))).toBeUndefined();
  });
});

describe('isColor: COLOR_PATTERN without the regex engine', () => {
  it('agrees with the pattern on 30 000 generated strings and on every single character after #', () => {
    const pattern = new RegExp(COLOR_PATTERN);
    const alphabet = ['#', '0', '5', '9', 'a', 'f', 'A', 'F', 'g', 'G', '@', '`', '/', ':', '\u0010', '\u0019', ' ', '\n', 'é', '０'];
    const next = rng(23);
    let colors = 0;
    for (let i = 0; i < 30_000; i++) {
      const hexish = next() < 0.7;
      let s = next() < 0.9 ? '#' : '';
      const n = Math.floor(next() * 11);
      for (let j = 0; j < n; j++)
        s += hexish && next() < 0.9 ? '0123456789abcdefABCDEF'[Math.floor(next() * 22)] : alphabet[Math.floor(next() * alphabet.length)];
      if (pattern.test(s)) colors++;
      expect(isColor(s), JSON.stringify(s)).toBe(pattern.test(s));
    }
    for (let c = 0; c < 0x10000; c++) {
      const s = `#ab${String.fromCharCode(c)}`;
      expect(isColor(s), s).toBe(pattern.test(s));
    }
    expect(colors).toBeGreaterThan(1000);
  });
});
