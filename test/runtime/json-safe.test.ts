/** Tests of the result policy: conversions, cycles, and capping large results with head, tail and a marker. */

import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_RESULT_BYTES, PartialText, toJsonSafe, truncationMarker } from '../../src/runtime/json-safe.js';

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

describe('toJsonSafe: the result policy', () => {
  it('converts BigInt, Date, Map, Set, Error, undefined and non-finite numbers', () => {
    const r = toJsonSafe({
      big: 12345678901234567890123n,
      when: new Date('2026-01-02T03:04:05.000Z'),
      map: new Map<unknown, unknown>([
        ['a', 1],
        [2, 'b'],
      ]),
      set: new Set(['x', 'y']),
      err: new TypeError('bad thing'),
      gone: undefined,
      fn: () => 1,
      list: [1, undefined, NaN, Infinity],
    });
    expect(r).toEqual({
      ok: true,
      value: {
        big: '12345678901234567890123',
        when: '2026-01-02T03:04:05.000Z',
        map: { a: 1, '2': 'b' },
        set: ['x', 'y'],
        err: { name: 'TypeError', message: 'bad thing' },
        list: [1, null, null, null],
      },
      json: '{"big":"12345678901234567890123","when":"2026-01-02T03:04:05.000Z","map":{"2":"b","a":1},"set":["x","y"],"err":{"name":"TypeError","message":"bad thing"},"list":[1,null,null,null]}',
    });
  });

  it('turns undefined and void into null', () => {
    expect(toJsonSafe(undefined)).toEqual({ ok: true, value: null, json: 'null' });
  });

  it('names the path of a circular structure and accepts shared references', () => {
    const node: Record<string, unknown> = { id: 'n1', children: [{ id: 'n2' }] };
    (node.children as Record<string, unknown>[])[0]!.parent = node;
    expect(toJsonSafe({ node })).toEqual({
      ok: false,
      error: 'The result is circular: the object at $.node.children[0].parent contains itself, so it cannot be sent as JSON.',
    });
    const shared = { v: 1 };
    expect(toJsonSafe({ a: shared, b: shared })).toMatchObject({ ok: true, value: { a: { v: 1 }, b: { v: 1 } } });
  });

  it('caps 5 000 000 ASCII characters at 100 000 bytes with head, tail and a marker', () => {
    const r = toJsonSafe('a'.repeat(2_500_000) + 'z'.repeat(2_500_000));
    if (!r.ok) throw new Error(r.error);
    const text = r.value as string;
    expect(DEFAULT_MAX_RESULT_BYTES).toBe(100_000);
    expect(r.truncated!.originalBytes).toBe(5_000_000);
    expect(bytes(text)).toBeLessThanOrEqual(100_000);
    expect(text).toContain(`[result truncated: 5000000 UTF-8 bytes, kept ${r.truncated!.keptBytes} (head and tail)]`);
    expect(text.startsWith('aaaa')).toBe(true);
    expect(text.endsWith('zzzz')).toBe(true);
    const [head, tail] = text.split(/\n\.\.\.\[result truncated: [^\]]+\]\.\.\.\n/);
    expect(head).toMatch(/^a+$/);
    expect(tail).toMatch(/^z+$/);
    expect(head!.length + tail!.length).toBe(r.truncated!.keptBytes);
    expect(r.json).toBe(JSON.stringify(text));
  });

  it('caps 2 MB of Chinese text without splitting a character', () => {
    const source = '汉字测试'.repeat(175_000);
    const r = toJsonSafe(source, { maxResultBytes: 100_001 });
    if (!r.ok) throw new Error(r.error);
    const text = r.value as string;
    expect(r.truncated!.originalBytes).toBe(2_100_000);
    expect(bytes(text)).toBeLessThanOrEqual(100_001);
    expect(text).not.toContain('\uFFFD');
    const [head, tail] = text.split(/\n\.\.\.\[result truncated: [^\]]+\]\.\.\.\n/);
    expect(source.startsWith(head!)).toBe(true);
    expect(source.endsWith(tail!)).toBe(true);
    expect(bytes(head!) + bytes(tail!)).toBe(r.truncated!.keptBytes);
    expect(bytes(head!) % 3).toBe(0);
  });

  it('caps an object by its JSON text and leaves results under the cap unchanged', () => {
    const r = toJsonSafe({ rows: Array.from({ length: 50 }, (_, i) => ({ i })) }, { maxResultBytes: 200 });
    expect(r).toMatchObject({
      ok: true,
      truncated: { originalBytes: bytes(JSON.stringify({ rows: Array.from({ length: 50 }, (_, i) => ({ i })) })) },
    });
    expect(bytes((r as { value: string }).value)).toBeLessThanOrEqual(200);
    expect(toJsonSafe('short', { maxResultBytes: 200 })).toEqual({ ok: true, value: 'short', json: '"short"' });
  });

  it('a PartialText is cut once, with one marker stating its real original size', () => {
    const part = new PartialText('汉'.repeat(200_000), '字'.repeat(200_000), 5_100_000);
    const r = toJsonSafe(part);
    if (!r.ok) throw new Error(r.error);
    const text = r.value as string;
    expect(r.truncated!.originalBytes).toBe(5_100_000);
    expect(bytes(text)).toBeLessThanOrEqual(100_000);
    expect(text.match(/truncated/g)).toHaveLength(1);
    const [head, tail] = text.split(truncationMarker(5_100_000, r.truncated!.keptBytes));
    expect(head).toMatch(/^汉+$/);
    expect(tail).toMatch(/^字+$/);
    expect(bytes(head!) + bytes(tail!)).toBe(r.truncated!.keptBytes);
    // parts that fit under the cap are kept whole, still marked with the real size
    const small = toJsonSafe(new PartialText('head', 'tail', 9_000));
    expect(small).toEqual({
      ok: true,
      value: `head${truncationMarker(9_000, 8)}tail`,
      json: JSON.stringify(`head${truncationMarker(9_000, 8)}tail`),
      truncated: { originalBytes: 9_000, keptBytes: 8 },
    });
    expect(String(new PartialText('head', 'tail', 9_000))).toBe(small.ok && small.value);
  });

  it('keeps a capped text within the cap whatever the alignment of its characters (1-4 byte characters)', () => {
    for (const ch of ['a', 'é', '汉', '😀']) {
      for (let max = 120; max < 140; max++) {
        const r = toJsonSafe(ch.repeat(500), { maxResultBytes: max });
        if (!r.ok || typeof r.value !== 'string') throw new Error('expected a capped string');
        expect(Buffer.byteLength(r.value), `${ch} at ${max}`).toBeLessThanOrEqual(max);
        expect(r.value).not.toContain('\ufffd');
        expect(
          r.truncated!.keptBytes + Buffer.byteLength(r.value.replace(/[^]*?(\n\.\.\.\[result truncated[^\]]*\]\.\.\.\n)[^]*/, '$1')),
        ).toBe(Buffer.byteLength(r.value));
      }
    }
  });

  it('converts a class instance through its toJSON() and a boxed primitive to its value, as JSON.stringify does', () => {
    class Money {
      constructor(readonly cents: bigint) {}
      toJSON() {
        return { amount: `${this.cents / 100n}.${String(this.cents % 100n).padStart(2, '0')}`, big: this.cents };
      }
    }
    class Self {
      x = 1;
      toJSON() {
        return this;
      }
    }
    const value = {
      price: new Money(1999n),
      bytes: Buffer.from('hi'),
      n: new Number(5),
      s: new String('s'),
      b: new Boolean(false),
      self: new Self(),
      list: [new Money(5n)],
    };
    const r = toJsonSafe(value);
    expect(r).toMatchObject({
      ok: true,
      value: {
        price: { amount: '19.99', big: '1999' },
        bytes: { type: 'Buffer', data: [104, 105] },
        n: 5,
        s: 's',
        b: false,
        self: { x: 1 },
        list: [{ amount: '0.05', big: '5' }],
      },
    });
    expect((r as { json: string }).json).toBe(
      JSON.stringify({ ...value, price: { amount: '19.99', big: '1999' }, list: [{ amount: '0.05', big: '5' }] }),
    );
    const throwing = {
      toJSON: 1,
      get x() {
        return 1;
      },
    };
    expect(
      toJsonSafe(
        Object.setPrototypeOf(
          { a: 1 },
          {
            toJSON() {
              throw new Error('no');
            },
          },
        ),
      ),
    ).toEqual({ ok: false, error: 'The result cannot be converted to JSON: no' });
    expect(toJsonSafe(throwing)).toMatchObject({ ok: true, value: { toJSON: 1, x: 1 } });
    // a PartialText inside a result is its marked text (at the top level the cap handles it)
    expect(toJsonSafe({ out: new PartialText('ab', 'yz', 1000) })).toMatchObject({
      ok: true,
      value: { out: `ab${truncationMarker(1000, 4)}yz` },
    });
  });
});
