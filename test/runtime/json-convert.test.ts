/** Tests of `toJsonSafe`'s copy and JSON text against `JSON.stringify` on generated results, and its size bound. */

import { describe, expect, it } from 'vitest';
import { copyJsonSafe } from '../../src/runtime/json-convert.js';
import { toJsonSafe, toJsonSafeCopy } from '../../src/runtime/json-safe.js';
import { SuccessResult } from '../../src/runtime/success-result.js';

/** A deterministic pseudo-random stream, so a failure reproduces. */
function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

const STRINGS = [
  '',
  'hello',
  'a"b',
  'back\\slash',
  'line\nbreak',
  '\u0000\u001f',
  'tab\t',
  'é汉字',
  '😀',
  '\ud800',
  'x\udc00y',
  '\u2028',
  '</script>',
  'x'.repeat(64),
  'y'.repeat(65) + '"',
  'z'.repeat(200),
];
const KEYS = [
  'id',
  'name',
  '',
  'a b',
  'quo"te',
  '0',
  '1',
  '10',
  '007',
  '-1',
  '1.5',
  '__proto__',
  'constructor',
  'toJSON',
  'é',
  '😀',
  '$x',
  '\n',
];
const NUMBERS = [0, -0, 1, -1, 12.5, 1e21, 1e-7, 5e-324, Number.MAX_VALUE, NaN, Infinity, -Infinity, 2 ** 53];

class Point {
  constructor(
    public x: number,
    public y: unknown,
  ) {}
  get sum() {
    return this.x;
  }
}

function value(next: () => number, depth: number): unknown {
  const pick = <T>(a: readonly T[]) => a[Math.floor(next() * a.length)]!;
  const kind = Math.floor(next() * (depth > 3 ? 9 : 17));
  switch (kind) {
    case 0:
      return pick(STRINGS);
    case 1:
      return pick(NUMBERS);
    case 2:
      return next() < 0.5;
    case 3:
      return null;
    case 4:
      return pick([undefined, () => 1, Symbol('s')]);
    case 5:
      return BigInt(Math.floor(next() * 1e6)) * (next() < 0.5 ? -1n : 10n ** 20n);
    case 6:
      return next() < 0.8 ? new Date(Math.floor(next() * 4e12)) : new Date(NaN);
    case 7:
      return new Error(pick(STRINGS));
    case 8:
      return pick(STRINGS) + pick(KEYS);
    case 9:
    case 10:
    case 11: {
      const o: Record<string, unknown> = next() < 0.1 ? Object.create(null) : {};
      const n = Math.floor(next() * 6);
      for (let i = 0; i < n; i++)
        Object.defineProperty(o, pick(KEYS), { value: value(next, depth + 1), enumerable: true, writable: true, configurable: true });
      return o;
    }
    case 12:
    case 13:
      return Array.from({ length: Math.floor(next() * 5) }, () => value(next, depth + 1));
    case 14:
      return new Map(Array.from({ length: Math.floor(next() * 5) }, () => [pick([...KEYS, 1, 0, 10, true, null]), value(next, depth + 1)]));
    case 15:
      return new Set(Array.from({ length: Math.floor(next() * 4) }, () => value(next, depth + 1)));
    default:
      return new Point(pick(NUMBERS), value(next, depth + 1));
  }
}

describe('toJsonSafe: the copy, its JSON text and the bound on its size', () => {
  it('its text equals JSON.stringify of its value for 3 000 generated results', () => {
    const next = rng(16);
    let objects = 0;
    for (let i = 0; i < 3000; i++) {
      const v = value(next, 0);
      if (typeof v === 'object' && v !== null) objects += 1;
      const r = toJsonSafe(v, { maxResultBytes: 10_000_000 });
      if (!r.ok) throw new Error(`case ${i}: ${r.error}`);
      expect(r.json, `case ${i}`).toBe(JSON.stringify(r.value));
    }
    expect(objects).toBeGreaterThan(1000);
  });

  it('bounds the UTF-8 size of the text (and of a string result) from above for 3 000 generated results', () => {
    const next = rng(1616);
    let tight = 0;
    for (let i = 0; i < 3000; i++) {
      const original = value(next, 0);
      const { value: copy, maxBytes } = copyJsonSafe(original);
      const bytes = Buffer.byteLength(JSON.stringify(copy), 'utf8');
      expect(maxBytes, `case ${i}`).toBeGreaterThanOrEqual(bytes);
      if (typeof copy === 'string') expect(maxBytes, `case ${i}`).toBeGreaterThanOrEqual(Buffer.byteLength(copy, 'utf8'));
      if (maxBytes <= 8 * bytes + 64) tight += 1;
    }
    expect(tight).toBe(3000); // an upper bound, but not a useless one
  });

  it('writes the text only when the bound passes the cap, and caps by the real size', () => {
    expect(toJsonSafeCopy({ id: 'n1' }, 100)).toEqual({ ok: true, value: { id: 'n1' } });
    const wide = 'a'.repeat(20_000); // bound 120 002 bytes, text 20 002
    expect(toJsonSafeCopy(wide, 100_000)).toEqual({ ok: true, value: wide, json: JSON.stringify(wide) });
    const over = toJsonSafeCopy({ text: 'é'.repeat(60_000) }, 100_000);
    expect(over).toMatchObject({ ok: true, truncated: { originalBytes: 120_011 } });
  });

  it('a SuccessResult writes its json on first read; spread leaves it out, JSON.stringify and a Proxy see it', () => {
    const r = new SuccessResult({ a: [1, 'x'] }, undefined);
    expect(Object.keys(r)).toEqual(['isError', 'value']);
    expect(r.json).toBe('{"a":[1,"x"]}');
    expect(r.json).toBe(r.json);
    expect({ ...r }).toEqual({ isError: false, value: { a: [1, 'x'] } });
    expect(JSON.parse(JSON.stringify(r))).toEqual({ isError: false, value: { a: [1, 'x'] }, json: '{"a":[1,"x"]}' });
    expect(new Proxy(r, {}).json).toBe('{"a":[1,"x"]}');
    expect(new SuccessResult('capped', '"given"', { originalBytes: 9, keptBytes: 5 }).json).toBe('"given"');
  });

  it('keeps the rules where writing in place would differ: Map keys, digit keys, __proto__, -0, escapes', () => {
    const proto = JSON.parse('{"a":1,"__proto__":{"x":2},"b":2}') as object;
    // an own "__proto__" key (JSON.parse makes one) stays an own key, as JSON.stringify of the original writes it
    const p = toJsonSafe(proto) as { value: object; json: string };
    expect(p.json).toBe('{"a":1,"__proto__":{"x":2},"b":2}');
    expect(Object.getPrototypeOf(p.value)).toBe(Object.prototype);
    expect(Object.keys(p.value)).toEqual(['a', '__proto__', 'b']);
    const point = Object.defineProperty(new Point(1, 2), '__proto__', {
      value: { y: 3 },
      enumerable: true,
      writable: true,
      configurable: true,
    });
    const instance = toJsonSafe(point) as { value: object; json: string };
    expect([instance.json, Object.getPrototypeOf(instance.value) === Object.prototype]).toEqual([
      '{"x":1,"y":2,"__proto__":{"y":3}}',
      true,
    ]);
    const r = toJsonSafe({
      b: 1,
      2: 'two',
      m: new Map<unknown, unknown>([
        [1, 'a'],
        ['1', 'b'],
        ['z', undefined],
        [0, 'c'],
      ]),
      n: -0,
      s: 'a"\n\ud800',
    });
    expect(r).toEqual({
      ok: true,
      value: { 2: 'two', b: 1, m: { 1: 'b', 0: 'c' }, n: -0, s: 'a"\n\ud800' },
      json: '{"2":"two","b":1,"m":{"0":"c","1":"b"},"n":0,"s":"a\\"\\n\\ud800"}',
    });
    expect(Object.is((r as { value: { n: number } }).value.n, -0)).toBe(true);
    expect(toJsonSafe([undefined, () => 1, Symbol('x'), 1n])).toEqual({
      ok: true,
      value: [null, null, null, '1'],
      json: '[null,null,null,"1"]',
    });
  });

  it('names the path of a cycle through a class instance, a Map and a Set (found by the second pass)', () => {
    const p = new Point(1, null);
    p.y = { back: [p] };
    const m = new Map<string, unknown>();
    m.set('k', { m });
    const set = new Set<unknown>();
    set.add([{ set }]);
    const deep: Record<string, unknown> = {};
    let at = deep;
    for (let i = 0; i < 300; i++) at = (at.next = {}) as Record<string, unknown>;
    const errors = [{ p }, { list: [m] }, set].map((v) => (toJsonSafe(v) as { error?: string }).error);
    expect(errors).toEqual(
      ['$.p.y.back[0]', '$.list[0].k.m', '$[0][0].set'].map(
        (path) => `The result is circular: the object at ${path} contains itself, so it cannot be sent as JSON.`,
      ),
    );
    expect(toJsonSafe(deep)).toMatchObject({ ok: true, json: JSON.stringify(deep) });
  });

  it('reads a getter once, and a getter that converts a value itself does not disturb the outer text', () => {
    let reads = 0;
    const inner = {
      get x() {
        reads += 1;
        const r = toJsonSafe({ deep: [1, 'two'] });
        return r.ok ? r.json : r.error;
      },
    };
    const r = toJsonSafe({ a: 'first', inner, z: [true] });
    expect(reads).toBe(1);
    expect(r).toEqual({
      ok: true,
      value: { a: 'first', inner: { x: '{"deep":[1,"two"]}' }, z: [true] },
      json: JSON.stringify({ a: 'first', inner: { x: '{"deep":[1,"two"]}' }, z: [true] }),
    });
  });
});
