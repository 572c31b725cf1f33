/** Tests that every export format renders through `toInputSchema` and keeps each provider's rules. */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { TOOL_NAME_PATTERN } from '../../src/core/tool-name.js';
import { FORMAT_LIST, FORMATS, renderFormat, type FormatName } from '../../src/export/formats/index.js';
import { cell } from '../../src/export/formats/markdown.js';
import { CLEAN_FIXTURES } from './helpers.js';

const root = new URL('../..', import.meta.url).pathname;
const toolsOf = (fixture: string) => analyze([`fixtures/export/${fixture}`], { cwd: root }).tools;
const all = CLEAN_FIXTURES.flatMap(toolsOf);
const parse = (format: FormatName, strict = false) => JSON.parse(renderFormat(format, all, { strict }).text);

/** Every key used anywhere in a JSON value. */
function keysIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysIn(v, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysIn(v, out);
    }
  return out;
}

describe('every format renders through toInputSchema and keeps the provider rules', () => {
  it('extracts the fixture tools', () => {
    expect(all.map((t) => t.name)).toContain('set_font');
    expect(all.length).toBe(16);
  });

  it('mcp: every inputSchema compiles with ajv, names match the provider pattern, no keyword clients reject', () => {
    const ajv = new Ajv({ strict: true, strictTypes: false });
    const { tools } = parse('mcp') as { tools: { name: string; inputSchema: object }[] };
    expect(tools).toHaveLength(all.length);
    for (const t of tools) {
      expect(t.name).toMatch(TOOL_NAME_PATTERN);
      expect(() => ajv.compile(t.inputSchema)).not.toThrow();
    }
    const keys = keysIn(tools);
    for (const bad of ['$schema', '$ref', '$defs', 'anyOf', 'oneOf', 'allOf', 'exclusiveMinimum', 'exclusiveMaximum', 'format'])
      expect(keys.has(bad)).toBe(false);
  });

  it('numeric enums stay numbers, empty params are an object, enum on items, min/max inclusive, color as a pattern', () => {
    const { tools } = parse('mcp') as { tools: { name: string; inputSchema: Record<string, any> }[] };
    const setFont = tools.find((t) => t.name === 'set_font')!.inputSchema;
    expect(setFont.properties.weight).toEqual({
      type: 'number',
      description: 'CSS weight',
      enum: [100, 200, 300, 400, 500, 600, 700, 800, 900],
    });
    expect(setFont.properties.families).toEqual({
      type: 'array',
      description: 'Families',
      items: { type: 'string', enum: ['serif', 'sans', 'mono'] },
      minItems: 1,
      maxItems: 3,
    });
    expect(setFont.properties.size).toEqual({ type: 'number', description: 'Size', minimum: 6, maximum: 144, default: 12 });
    expect(setFont.properties.color).toEqual({
      type: 'string',
      description: 'Text color',
      pattern: '^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$',
    });
    expect(tools.find((t) => t.name === 'ping')!.inputSchema).toEqual({ type: 'object', properties: {}, additionalProperties: false });
  });

  it('json: one draft 2020-12 document keyed by tool name that ajv compiles and uses; per-tool schemas have no $schema', () => {
    const doc = parse('json');
    const validate = new Ajv2020({ strict: true, strictTypes: false }).compile(doc);
    expect(Object.keys(doc.properties)).toEqual(all.map((t) => t.name));
    for (const s of Object.values(doc.properties)) expect(keysIn(s).has('$schema')).toBe(false);
    expect(validate({ set_font: { id: 'n1', weight: 700 } })).toBe(true);
    expect(validate({ set_font: { id: 'n1', weight: 750 } })).toBe(false);
  });

  it('anthropic: name, description and input_schema only', () => {
    const tools = parse('anthropic') as Record<string, unknown>[];
    for (const t of tools) expect(Object.keys(t)).toEqual(['name', 'description', 'input_schema']);
  });

  it('openai --strict: every property required, optional ones nullable, no default, additionalProperties false; ajv accepts null for omitted', () => {
    const tools = parse('openai', true) as { function: { name: string; strict: boolean; parameters: Record<string, any> } }[];
    const ajv = new Ajv({ strict: false });
    for (const { function: f } of tools) {
      expect(f.strict).toBe(true);
      expect(f.parameters.additionalProperties).toBe(false);
      expect(f.parameters.required ?? []).toEqual(Object.keys(f.parameters.properties));
      expect(keysIn(f.parameters).has('default')).toBe(false);
      ajv.compile(f.parameters);
    }
    const p = tools.find((t) => t.function.name === 'set_font')!.function.parameters;
    expect(p.properties.size).toEqual({ type: ['number', 'null'], description: 'Size. Default: 12.', minimum: 6, maximum: 144 });
    expect(p.properties.weight.enum).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, null]);
    expect(p.properties.id.type).toBe('string');
    const validate = ajv.compile(p);
    expect(validate({ id: 'x', weight: null, families: null, size: null, color: null, italic: null })).toBe(true);
    expect(validate({ id: 'x' })).toBe(false);
  });

  it('openai without --strict: parameters are the input schema as is', () => {
    const tools = parse('openai') as { type: string; function: { name: string; parameters: unknown; strict?: boolean } }[];
    expect(tools[0]!.type).toBe('function');
    expect(tools.every((t) => t.function.strict === false)).toBe(true);
    const mcp = (parse('mcp') as { tools: { inputSchema: unknown }[] }).tools;
    expect(tools.map((t) => t.function.parameters)).toEqual(mcp.map((t) => t.inputSchema));
  });

  it('gemini: numeric enum becomes a string enum with a warning; no additionalProperties, $schema or default anywhere', () => {
    const result = FORMATS.gemini.render(all, {}, {});
    const doc = JSON.parse(result.text) as { functionDeclarations: { name: string; parameters?: Record<string, any> }[] };
    const keys = keysIn(doc);
    for (const bad of ['additionalProperties', '$schema', 'default']) expect(keys.has(bad)).toBe(false);
    const weight = doc.functionDeclarations.find((f) => f.name === 'set_font')!.parameters!.properties.weight;
    expect(weight).toEqual({
      type: 'string',
      description: 'CSS weight',
      enum: ['100', '200', '300', '400', '500', '600', '700', '800', '900'],
    });
    expect(result.warnings).toContainEqual({
      tool: 'set_font',
      field: 'params.weight.enum',
      message: expect.stringContaining('turned into a string enum'),
    });
    expect(result.warnings).toContainEqual({
      tool: 'set_font',
      field: 'params.size.default',
      message: expect.stringContaining('moved into the description'),
    });
    expect(doc.functionDeclarations.find((f) => f.name === 'ping')).toEqual({ name: 'ping', description: 'Answers pong' });
    for (const f of doc.functionDeclarations)
      for (const p of Object.values(f.parameters?.properties ?? {}) as any[]) if (p.enum) expect(p.type).toBe('string');
  });

  it('gemini: an integer enum becomes a string enum of type string with a warning, like any numeric enum', () => {
    const level = { type: 'number', integer: true, enum: [1, 2, 3], description: 'Heading level' } as const;
    const tool = { ...all.find((t) => t.name === 'ping')!, name: 'set_level', params: { level } };
    const result = FORMATS.gemini.render([tool], {}, {});
    const doc = JSON.parse(result.text) as { functionDeclarations: { parameters: { properties: Record<string, unknown> } }[] };
    expect(doc.functionDeclarations[0]!.parameters.properties.level).toEqual({
      type: 'string',
      description: 'Heading level',
      enum: ['1', '2', '3'],
    });
    expect(result.warnings).toEqual([
      {
        tool: 'set_level',
        field: 'params.level.enum',
        message:
          'numeric enum [1, 2, 3] turned into a string enum (Gemini accepts enums of strings only); the model will send strings such as "1"',
      },
    ]);
  });

  it('markdown escapes | and line breaks in cells and keeps non-ASCII text as is', () => {
    expect(cell('a | b\nc\r\nd')).toBe('a \\| b<br>c<br>d');
    const md = FORMATS.markdown.render(all, {}, {}).text;
    expect(md).toContain('| `note` | string | no |  |  | Pipe \\| and<br>newline in a cell |');
    expect(md).toContain('设置字体粗细（100–900）。支持 emoji 👍 与「引号」');
    expect(md).not.toMatch(/\\u[0-9a-fA-F]{4}|\uFFFD/);
  });

  it('markdown names an integer param integer, as the JSON formats do', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-tools-md-integer-'));
    try {
      writeFileSync(
        join(dir, 'tools.ts'),
        `import { defineTool } from 'agent-tools';
/** Sets a weight. */
export const setWeight = defineTool({
  name: 'set_weight',
  description: 'Sets the font weight of the selected text node.',
  mutates: true,
  destructive: false,
  params: { weight: { type: 'number', integer: true, min: 100, max: 900, description: 'Font weight, 100-900' } },
  execute: () => ({}),
});
`,
      );
      const tools = analyze(['.'], { cwd: dir }).tools;
      expect(FORMATS.markdown.render(tools, {}, {}).text).toContain('| `weight` | integer | no |  | 100 to 900 | Font weight, 100-900 |');
      const mcp = JSON.parse(renderFormat('mcp', tools).text) as { tools: { inputSchema: { properties: { weight: { type: string } } } }[] };
      expect(mcp.tools[0]!.inputSchema.properties.weight.type).toBe('integer');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('every format is deterministic', () => {
    for (const f of FORMAT_LIST) expect(renderFormat(f.name, all).text).toBe(renderFormat(f.name, [...all]).text);
  });
});
