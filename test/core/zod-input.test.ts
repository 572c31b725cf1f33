/** Tests of `defineTool` with a zod input beside params, through the one converter and the one validator. */

import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { COLOR_PATTERN, defineTool, parseArgs, toInputSchema, type ParamsDef } from '../../src/index.js';
import { toolsListEntry } from '../../src/core/tools-list-entry.js';

// defineTool({ input: z.object(...) }) beside params, through the one converter.
const weather = defineTool({
  name: 'get_weather',
  description: 'Returns the weather forecast for a city.',
  input: z.object({
    city: z.string().describe('City name'),
    days: z.number().int().min(1).max(7).default(1).describe('Days ahead'),
    units: z.enum(['c', 'f']).optional().describe('Temperature units'),
    tags: z.array(z.string()).min(1).max(3).optional().describe('Labels'),
    accent: z.string().regex(new RegExp(COLOR_PATTERN)).optional().describe('Accent color'),
    alerts: z.boolean().default(false).describe('Include alerts'),
    email: z.string().email().optional().describe('Where to send it'),
  }),
  execute: (_api, args) => args,
});

describe('a flat zod input', () => {
  it('becomes params, and its input schema is toInputSchema of those params (no $schema, $ref, anyOf; items on arrays)', () => {
    const same: ParamsDef = {
      city: { type: 'string', description: 'City name', required: true },
      days: { type: 'number', description: 'Days ahead', default: 1, min: 1, max: 7, integer: true },
      units: { type: 'string', description: 'Temperature units', enum: ['c', 'f'] },
      tags: { type: 'string[]', description: 'Labels', min: 1, max: 3 },
      accent: { type: 'color', description: 'Accent color' },
      alerts: { type: 'boolean', description: 'Include alerts', default: false },
      email: { type: 'string', description: 'Where to send it' },
    };
    expect(weather.params).toStrictEqual(same);
    expect(weather.inputSchema).toBeUndefined();
    expect(toolsListEntry(weather).inputSchema).toStrictEqual({
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name' },
        days: { type: 'integer', description: 'Days ahead', minimum: 1, maximum: 7, default: 1 },
        units: { type: 'string', description: 'Temperature units', enum: ['c', 'f'] },
        tags: { type: 'array', description: 'Labels', items: { type: 'string' }, minItems: 1, maxItems: 3 },
        accent: { type: 'string', description: 'Accent color', pattern: COLOR_PATTERN },
        alerts: { type: 'boolean', description: 'Include alerts', default: false },
        email: { type: 'string', description: 'Where to send it' },
      },
      required: ['city'],
      additionalProperties: false,
    });
    expect(toolsListEntry(weather).inputSchema).toStrictEqual(toInputSchema(same));
  });

  it('parseArgs applies the params coercion policy, then the zod checks params cannot say', () => {
    expect(parseArgs(weather, { city: 'Oslo', days: ' 3 ', tags: 'rain', alerts: 'TRUE', units: null })).toEqual({
      ok: true,
      args: { city: 'Oslo', days: 3, tags: ['rain'], alerts: true },
    });
    expect(parseArgs(weather, { city: 42 })).toEqual({ ok: true, args: { city: '42', days: 1, alerts: false } });
    const fail = (raw: unknown) => {
      const r = parseArgs(weather, raw);
      return r.ok ? 'ok' : r.error;
    };
    expect(fail({ city: 'Oslo', days: '' })).toBe('Invalid arguments for tool "get_weather":\n- days: expected number, received string ""');
    expect(fail({ city: 'Oslo', days: 9 })).toBe(
      'Invalid arguments for tool "get_weather":\n- days: expected a number <= 7, received number 9',
    );
    expect(fail({ city: 'Oslo', days: '2.5' })).toBe(
      'Invalid arguments for tool "get_weather":\n- days: expected an integer, received number 2.5',
    );
    expect(fail({ city: 'Oslo', email: 'nope' })).toBe(
      'Invalid arguments for tool "get_weather":\n- email: expected an email, received string "nope"',
    );
    expect(fail({ city: 'Oslo', accent: 'red' })).toBe(
      'Invalid arguments for tool "get_weather":\n- accent: expected a hex color (#RGB, #RGBA, #RRGGBB or #RRGGBBAA), received string "red"',
    );
    expect(fail({ town: 'Oslo' })).toBe(
      'Invalid arguments for tool "get_weather":\n- city: missing required parameter (expected string)\n- town: unknown parameter; valid parameters: city, days, units, tags, accent, alerts, email',
    );
  });
});

describe('a nested zod input', () => {
  const place = defineTool({
    name: 'place_box',
    description: 'Places a box at a point on the canvas.',
    input: z.object({
      id: z.string().describe('Box id'),
      at: z.object({ x: z.number().describe('X'), y: z.number().describe('Y') }).describe('Where'),
      notes: z
        .array(z.object({ text: z.string().email() }))
        .optional()
        .describe('Notes'),
    }),
    execute: (_api, args) => args.at.x + args.at.y,
  });

  it('is allowed: listed with its portable schema (closed objects, items, no $schema or format); params hold its flat part', () => {
    const schema = {
      type: 'object',
      properties: {
        id: { type: 'string', description: 'Box id' },
        at: {
          type: 'object',
          properties: { x: { type: 'number', description: 'X' }, y: { type: 'number', description: 'Y' } },
          required: ['x', 'y'],
          additionalProperties: false,
          description: 'Where',
        },
        notes: {
          description: 'Notes',
          type: 'array',
          items: {
            type: 'object',
            properties: { text: { type: 'string', pattern: expect.any(String) } },
            required: ['text'],
            additionalProperties: false,
          },
        },
      },
      required: ['id', 'at'],
      additionalProperties: false,
    };
    expect(place.inputSchema).toEqual(schema);
    expect(JSON.stringify(place.inputSchema)).not.toMatch(/"\$schema"|"\$ref"|"anyOf"|"format"/);
    expect(toolsListEntry(place).inputSchema).toBe(place.inputSchema);
    expect(place.params).toStrictEqual({ id: { type: 'string', description: 'Box id', required: true } });
  });

  it('parseArgs coerces the flat params and leaves nested values to zod', () => {
    expect(parseArgs(place, { id: 7, at: { x: 1, y: 2 } })).toEqual({ ok: true, args: { id: '7', at: { x: 1, y: 2 } } });
    const r = parseArgs(place, { id: 'b', at: { x: '1', y: 2 } });
    expect(r.ok ? 'ok' : r.error).toBe('Invalid arguments for tool "place_box":\n- at.x: expected number, received string "1"');
  });
});

describe('defineTool refuses an input it cannot list portably', () => {
  const define = (def: Record<string, unknown>) => () =>
    defineTool({ name: 'bad', description: 'A tool with a bad input.', execute: () => null, ...def } as never);
  it.each([
    [
      'both params and input',
      { params: {}, input: z.object({}) },
      'Tool "bad": input: give either params or input (a zod object), not both',
    ],
    ['not a z.object', { input: z.string() }, 'Tool "bad": input: expected a zod object schema, `z.object({ ... })`'],
    [
      'a field without .describe',
      { input: z.object({ q: z.string() }) },
      /^Tool "bad": input\.q\.description: .*add \.describe\('\.\.\.'\) to the field$/,
    ],
    [
      'a nullable field',
      { input: z.object({ q: z.string().nullable().describe('Q') }) },
      /^Tool "bad": input\.q: is a union, a nullable value or a reference/,
    ],
    [
      'a union inside a nested object',
      { input: z.object({ o: z.object({ v: z.union([z.string(), z.number()]) }).describe('O') }) },
      /^Tool "bad": input\.o\.v: is a union/,
    ],
    ['a date', { input: z.object({ when: z.date().describe('When') }) }, /^Tool "bad": input: zod cannot write it as JSON Schema: /],
  ])('%s', (_name, def, message) => {
    expect(define(def)).toThrow(message);
  });
});
