/** Tests of `toInputSchema`: object roots, numeric enums, array items, bounds, colors, required order, determinism. */

import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { defineTool, toInputSchema, type ParamsDef } from '../../src/index.js';

const ajv7 = new Ajv({ strict: true });
const ajv2020 = new Ajv2020({ strict: true });

function compileBoth(schema: object) {
  return [ajv7.compile(schema), ajv2020.compile(schema)];
}

const FORBIDDEN = ['$schema', '$id', '$ref', '$defs', 'anyOf', 'oneOf', 'allOf', 'exclusiveMinimum', 'exclusiveMaximum', 'format'];
function keysDeep(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) v.forEach((x) => keysDeep(x, out));
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      out.push(k);
      keysDeep(x, out);
    }
  return out;
}

describe('toInputSchema', () => {
  it('gives an object root with empty properties and no required for a tool with no params', () => {
    expect(JSON.stringify(toInputSchema({}))).toBe('{"type":"object","properties":{},"additionalProperties":false}');
  });

  it('keeps numeric enums as numbers', () => {
    const weights = [100, 200, 300, 400, 500, 600, 700, 800, 900];
    const s = toInputSchema({ weight: { type: 'number', enum: weights, description: 'CSS weight' } });
    expect(s.properties.weight).toEqual({ type: 'number', description: 'CSS weight', enum: weights });
    const [v7, v2020] = compileBoth(s);
    for (const v of [v7!, v2020!]) {
      expect(v({ weight: 700 })).toBe(true);
      expect(v({ weight: 750 })).toBe(false);
      expect(v({ weight: '700' })).toBe(false);
    }
  });

  it('puts a string[] enum on items, never on the array, and maps min/max to item counts', () => {
    const s = toInputSchema({ fonts: { type: 'string[]', enum: ['serif', 'sans', 'mono'], min: 1, max: 2, description: 'Families' } });
    expect(s.properties.fonts).toEqual({
      type: 'array',
      description: 'Families',
      items: { type: 'string', enum: ['serif', 'sans', 'mono'] },
      minItems: 1,
      maxItems: 2,
    });
    const [v] = compileBoth(s);
    expect(v!({ fonts: ['serif'] })).toBe(true);
    expect(v!({ fonts: ['comic'] })).toBe(false);
    expect(v!({ fonts: [] })).toBe(false);
  });

  it('writes minimum/maximum and a hex pattern for colors, no keyword clients reject', () => {
    const s = toInputSchema({
      size: { type: 'number', min: 6, max: 144, default: 12, description: 'Font size in px' },
      color: { type: 'color', description: 'Fill color' },
    });
    expect(s.properties.size).toEqual({ type: 'number', description: 'Font size in px', minimum: 6, maximum: 144, default: 12 });
    expect(s.properties.color!.type).toBe('string');
    expect(s.properties.color!.pattern).toBe('^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$');
    expect(s.required).toBeUndefined();
    const keys = keysDeep(s);
    for (const k of FORBIDDEN) expect(keys).not.toContain(k);
    const [v7, v2020] = compileBoth(s);
    for (const v of [v7!, v2020!]) {
      for (const ok of ['#fff', '#ffff', '#A0b1C2', '#a0b1c2d3']) expect(v({ color: ok })).toBe(true);
      for (const bad of ['fff', '#ff', '#fffff', '#gggggg', 'red', '#a0b1c2d3e']) expect(v({ color: bad })).toBe(false);
      expect(v({ size: 5 })).toBe(false);
      expect(v({ size: 144 })).toBe(true);
    }
  });

  it('lists required params in declaration order and leaves defaulted ones out', () => {
    const params: ParamsDef = {
      id: { type: 'string', required: true, description: 'Node id' },
      italic: { type: 'boolean', default: false, description: 'Italic' },
      weight: { type: 'number', default: 400, description: 'Weight' },
      name: { type: 'string', required: true, description: 'Name' },
    };
    const s = toInputSchema(params);
    expect(Object.keys(s.properties)).toEqual(['id', 'italic', 'weight', 'name']);
    expect(s.required).toEqual(['id', 'name']);
    expect(s.properties.italic).toEqual({ type: 'boolean', description: 'Italic', default: false });
  });

  it('is deterministic and does not share arrays with the definition', () => {
    const params: ParamsDef = {
      tags: { type: 'string[]', default: ['a'], description: 'Tags' },
      mode: { type: 'string', enum: ['x', 'y'], description: 'Mode' },
    };
    const a = JSON.stringify(toInputSchema(params));
    const s = toInputSchema(params);
    (s.properties.tags!.default as string[]).push('b');
    (s.properties.mode!.enum as string[]).push('z');
    expect(JSON.stringify(toInputSchema(params))).toBe(a);
  });

  it('compiles under ajv draft-07 and 2020-12 for every param type and rejects extra keys', () => {
    const tool = defineTool({
      name: 'set_font',
      description: 'Set the font of a text node',
      params: {
        id: { type: 'string', required: true, description: 'Node id' },
        family: { type: 'string', enum: ['serif', 'sans'], description: 'Family' },
        size: { type: 'number', min: 1, max: 200, description: 'Size' },
        italic: { type: 'boolean', description: 'Italic' },
        color: { type: 'color', default: '#000000', description: 'Color' },
        tags: { type: 'string[]', description: 'Tags' },
      },
      execute: () => null,
    });
    for (const v of compileBoth(toInputSchema(tool.params))) {
      expect(v!({ id: 'a', family: 'serif', size: 10, italic: true, color: '#fff', tags: ['x'] })).toBe(true);
      expect(v!({ id: 'a', extra: 1 })).toBe(false);
      expect(v!({ family: 'serif' })).toBe(false);
    }
  });
});
