/** Tests that no keyword clients reject appears in any provider format, shared params inlined per tool. */

import { asSchema } from 'ai';
import { describe, expect, it } from 'vitest';
import { toolsToAI } from '../../src/adapters/ai.js';
import { setLabel, setText } from '../../fixtures/cases/shared-params/tools.js';
import { placeBox } from '../../fixtures/cases/zod-bounds/tools.js';
import { parseArgs } from '../../src/index.js';
import { exportTo } from '../export/helpers.js';

// In every provider format (not only mcp) no keyword clients reject appears — no
// $schema, $ref, $defs, anyOf/oneOf/allOf, exclusive bounds, format, and no type arrays —
// and params shared between tools (by reference and by spread, across files) are inlined.
const root = new URL('../..', import.meta.url).pathname;
const FORBIDDEN = ['$schema', '$ref', '$defs', 'definitions', 'anyOf', 'oneOf', 'allOf', 'exclusiveMinimum', 'exclusiveMaximum', 'format'];

/** Every key in `value` and every `type` whose value is not a string (a type array), with their JSON paths. */
function rejected(value: unknown, path = '$', out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v, i) => rejected(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (FORBIDDEN.includes(k)) out.push(`${path}.${k}`);
      if (k === 'type' && typeof v !== 'string' && !path.endsWith('.properties')) out.push(`${path}.type`);
      rejected(v, `${path}.${k}`, out);
    }
  }
  return out;
}

const SIZE = { type: 'number', description: 'Font size in px', minimum: 6, maximum: 144, default: 12 };
const ID = { type: 'string', description: 'Node id' };
const COLOR = { type: 'string', description: 'Text color', pattern: '^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$' };

async function exported(format: string): Promise<any> {
  const r = await exportTo({ paths: ['fixtures/cases/shared-params'], format, cwd: root });
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

describe('C-05: no keyword clients reject, in any format; shared params inlined per tool', () => {
  it('mcp, openai, anthropic: minimum/maximum, color as a hex pattern, shared params inlined in each tool', async () => {
    const schemas = {
      mcp: (await exported('mcp')).tools.map((t: any) => t.inputSchema),
      openai: (await exported('openai')).map((t: any) => t.function.parameters),
      anthropic: (await exported('anthropic')).map((t: any) => t.input_schema),
    };
    for (const [format, [text, label]] of Object.entries(schemas)) {
      expect(rejected([text, label]), format).toEqual([]);
      expect(text, format).toEqual({
        type: 'object',
        properties: { id: ID, size: SIZE, color: COLOR },
        required: ['id'],
        additionalProperties: false,
      });
      expect(label, format).toEqual({ type: 'object', properties: { id: ID, size: SIZE }, required: ['id'], additionalProperties: false });
    }
  });

  it('json: per-tool schemas carry no $schema (only the document root does) and nothing else clients reject', async () => {
    const doc = await exported('json');
    expect(doc.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(rejected(doc.properties)).toEqual([]);
    expect(doc.properties.set_label_size.properties).toEqual({ id: ID, size: SIZE });
  });

  it('gemini: nothing clients reject either', async () => {
    const doc = await exported('gemini');
    expect(rejected(doc)).toEqual([]);
    expect(doc.functionDeclarations[1].parameters.properties.size).toEqual({
      type: 'number',
      description: 'Font size in px. Default: 12.',
      minimum: 6,
      maximum: 144,
    });
  });

  it('openai --strict: the one type array is OpenAI strict mode\'s documented optional form, ["<type>", "null"]; nothing else', async () => {
    // OpenAI's Structured Outputs docs: strict mode requires every property, and an optional
    // one is written as a union with null. Only this opt-in format carries a type array.
    const r = await exportTo({ paths: ['fixtures/cases/shared-params'], format: 'openai', strict: true, cwd: root });
    expect(r.code).toBe(0);
    const [text] = JSON.parse(r.stdout).map((t: any) => t.function.parameters);
    expect(rejected(text)).toEqual(['$.properties.size.type', '$.properties.color.type']);
    expect([text.properties.size.type, text.properties.color.type, text.required]).toEqual([
      ['number', 'null'],
      ['string', 'null'],
      ['id', 'size', 'color'],
    ]);
  });

  it('the AI SDK tool set (runtime definitions) gives the same inlined schemas', () => {
    const set = toolsToAI([setText, setLabel]);
    const text = asSchema(set.set_text_style!.inputSchema).jsonSchema;
    expect(rejected(text)).toEqual([]);
    expect(text).toEqual({
      type: 'object',
      properties: { id: ID, size: SIZE, color: COLOR },
      required: ['id'],
      additionalProperties: false,
    });
  });
});

describe('C-05: a zod input that is not flat lists inclusive bounds only', () => {
  const BOUNDS = {
    ratio: { type: 'number', description: 'A ratio strictly between 0 and 1' },
    count: { type: 'integer', minimum: 1, description: 'How many boxes' },
    box: {
      type: 'object',
      description: 'Box size',
      properties: { w: { type: 'number', description: 'Width in px' }, h: { type: 'integer', maximum: 9, description: 'Height in rows' } },
      required: ['w', 'h'],
      additionalProperties: false,
    },
  };

  it('the AI SDK tool set: no exclusive bounds, an integer bound moved inside it, no safe-integer range', () => {
    const schema = asSchema(toolsToAI([placeBox]).place_box!.inputSchema).jsonSchema as { properties: unknown };
    expect(rejected(schema)).toEqual([]);
    expect(schema.properties).toEqual(BOUNDS);
  });

  it('export --format mcp reads the same schema from the source, and the runtime still refuses 0 and 1', async () => {
    const r = await exportTo({ paths: ['fixtures/cases/zod-bounds'], format: 'mcp', cwd: root });
    expect(r.code).toBe(0);
    const listed = JSON.parse(r.stdout).tools[0].inputSchema;
    expect(rejected(listed)).toEqual([]);
    expect(listed.properties).toEqual(BOUNDS);
    const args = { count: 1, box: { w: 1, h: 1 } };
    expect(parseArgs(placeBox, { ...args, ratio: 0.5 }).ok).toBe(true);
    expect(parseArgs(placeBox, { ...args, ratio: 0 }).ok).toBe(false);
    expect(parseArgs(placeBox, { ...args, ratio: 1 }).ok).toBe(false);
  });
});
