/** Static equals runtime for OpenAI strict mode: `export --format openai --strict` writes what `toolsToAI(..., { strict: true })` sends. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asSchema } from 'ai';
import { tsImport } from 'tsx/esm/api';
import { describe, expect, it } from 'vitest';
import { toolsToAI } from '../../src/adapters/ai.js';
import type { AnyToolDef } from '../../src/core/tool.js';
import type { Registry } from '../../src/registry/registry.js';
import { exportTo } from './helpers.js';

const root = new URL('../..', import.meta.url).pathname;

interface StrictFunction {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown>; strict: boolean };
}

/** What the AI adapter sends for each tool in strict mode: the same shape as the export, from the tool set's own schema. */
function sentInStrictMode(defs: readonly AnyToolDef[]): StrictFunction[] {
  const set = toolsToAI(defs, { strict: true, tier: 'all' });
  return defs.map((d) => ({
    type: 'function',
    function: {
      name: d.name,
      description: set[d.name]!.description!,
      parameters: asSchema(set[d.name]!.inputSchema).jsonSchema as Record<string, unknown>,
      strict: true,
    },
  }));
}

async function exportedStrict(path: string): Promise<StrictFunction[]> {
  const exported = await exportTo({ paths: [path], format: 'openai', strict: true, tier: 'all', cwd: root });
  expect(exported.code).toBe(0);
  return JSON.parse(exported.stdout) as StrictFunction[];
}

describe('export --format openai --strict equals what toolsToAI(..., { strict: true }) sends', () => {
  for (const fixture of ['schemas', 'unicode', 'values']) {
    it(`${fixture}: the imported ToolDefs, in strict mode, give the exported parameters and descriptions`, async () => {
      const dir = join(root, 'fixtures/export', fixture);
      const mod = (await tsImport(join(dir, 'tools.ts'), {
        parentURL: import.meta.url,
        tsconfig: join(dir, fixture === 'values' ? 'tsconfig.json' : '../../../tsconfig.json'),
      })) as Record<string, AnyToolDef>;
      const exported = await exportedStrict(`fixtures/export/${fixture}`);
      const byName = new Map(Object.values(mod).map((d) => [d.name, d]));
      const defs = exported.map((f) => byName.get(f.function.name)!);
      expect(defs.every(Boolean)).toBe(true);
      expect(sentInStrictMode(defs)).toEqual(exported);
    });
  }

  it('a default is kept as "Default: 12." on both sides (strict mode takes no default keyword)', async () => {
    const dir = join(root, 'fixtures/export/values');
    const mod = (await tsImport(join(dir, 'tools.ts'), { parentURL: import.meta.url, tsconfig: join(dir, 'tsconfig.json') })) as Record<
      string,
      AnyToolDef
    >;
    const [sent] = sentInStrictMode([mod.setFontSize!]);
    const size = (sent!.function.parameters.properties as Record<string, { description: string; type: unknown; default?: unknown }>).size!;
    expect(size.description).toBe('Size (6-144). Default: 12.');
    expect(size.type).toEqual(['number', 'null']);
    expect('default' in size).toBe(false);
    const [written] = (await exportedStrict('fixtures/export/values')).filter((f) => f.function.name === 'set_font_size');
    expect(written!.function.parameters.properties).toEqual(sent!.function.parameters.properties);
  });

  it('the canvas example, every tier: equal tool by tool', async () => {
    const mod = (await tsImport(join(root, 'examples/canvas/registry.ts'), { parentURL: import.meta.url })) as { registry: Registry };
    const exported = await exportedStrict('examples/canvas');
    expect(exported.map((f) => f.function.name)).toEqual(mod.registry.all.map((t) => t.name));
    expect(sentInStrictMode(mod.registry.all)).toEqual(exported);
  });
});

describe('a zod input with a nested object, an optional nested field and a record: one strict transform, run time and export', () => {
  const dir = join(root, 'fixtures/export/zod-nested');
  const load = async () =>
    (await tsImport(join(dir, 'tools.ts'), { parentURL: import.meta.url, tsconfig: join(root, 'tsconfig.json') })) as Record<
      string,
      AnyToolDef
    >;

  it('the nested object is strict at every level, equal on both sides; the record is refused on both sides, naming input.meta', async () => {
    const mod = await load();
    const exported = await exportTo({ paths: ['fixtures/export/zod-nested'], format: 'openai', strict: true, tier: 'all', cwd: root });
    // create_shape is left out with a diagnostic naming the record and the strict rule, never the flat-params validator
    expect(exported.code).toBe(1);
    expect(exported.stderr).toContain('tool `create_shape`: zod input: `input.meta` is a record');
    expect(exported.stderr).toContain('additionalProperties: false on every object');
    expect(exported.stderr).not.toContain('params.size.type');
    const functions = JSON.parse(exported.stdout) as StrictFunction[];
    expect(functions.map((f) => f.function.name)).toEqual(['resize']);
    expect(sentInStrictMode([mod.resize!])).toEqual(functions);
    const size = (functions[0]!.function.parameters.properties as Record<string, Record<string, unknown>>).size!;
    expect(size.required).toEqual(['w', 'h']);
    expect(size.additionalProperties).toBe(false);
    expect((size.properties as Record<string, unknown>).h).toEqual({ description: 'Height in px', type: ['number', 'null'] });
    expect(exported.stderr).toContain('resize.input.id.minLength: minLength dropped');
    // run time: the same record is refused when the tool set is built, not sent closed
    expect(() => toolsToAI([mod.createShape!], { strict: true, tier: 'all' })).toThrow(/Tool "create_shape": input\.meta: is a record/);
  });

  it('the model’s null for the omitted nested field is read as omitted, so the strict schema and the tool agree', async () => {
    const mod = await load();
    const set = toolsToAI([mod.resize!], { strict: true, tier: 'all' });
    const checked = await asSchema(set.resize!.inputSchema).validate!({ id: 'a', size: { w: 3, h: null } });
    expect(checked).toEqual({ success: true, value: { id: 'a', size: { w: 3 } } });
  });

  it('gemini writes the nested object in its Schema subset and refuses the record, naming input.meta', async () => {
    const exported = await exportTo({ paths: ['fixtures/export/zod-nested'], format: 'gemini', tier: 'all', cwd: root });
    expect(exported.code).toBe(1);
    expect(exported.stderr).toContain(
      "tool `create_shape`: zod input: `input.meta` is a record (z.record: any key, each value checked), but Gemini's Schema has no additionalProperties",
    );
    expect(exported.stderr).not.toContain('params.size.type');
    const { functionDeclarations } = JSON.parse(exported.stdout) as { functionDeclarations: { name: string; parameters: unknown }[] };
    expect(functionDeclarations).toEqual([
      {
        name: 'resize',
        description: 'Resizes a shape.',
        parameters: {
          type: 'object',
          properties: {
            id: { type: 'string', minLength: 1, description: 'Shape id' },
            size: {
              type: 'object',
              properties: { w: { type: 'number', description: 'Width in px' }, h: { type: 'number', description: 'Height in px' } },
              required: ['w'],
              description: 'New size',
            },
          },
          required: ['id', 'size'],
        },
      },
    ]);
  });

  it('a folder whose one tool gemini and openai --strict leave out: nothing to export says the tool was left out, not that a tier is empty', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zod-record-only-'));
    writeFileSync(
      join(dir, 'tools.ts'),
      [
        "import { defineTool } from 'agent-tools';",
        "import { z } from 'zod';",
        'export const tag = defineTool({',
        "  name: 'tag',",
        "  description: 'Tags a shape.',",
        "  input: z.object({ meta: z.record(z.string(), z.string()).describe('Tags by key') }),",
        "  execute: async () => 'ok',",
        '});',
        '',
      ].join('\n'),
    );
    for (const options of [{ format: 'gemini' }, { format: 'openai', strict: true }]) {
      const r = await exportTo({ paths: ['.'], cwd: dir, tier: 'all', ...options });
      expect([r.code, r.stdout]).toEqual([1, '']);
      expect(r.stderr).toContain('tool `tag`: zod input: `input.meta` is a record');
      expect(r.stderr).toContain(
        'agent-tools: export: nothing to export: no tool could be exported from .: 1 problem (above) left every tool out',
      );
    }
  });
});
