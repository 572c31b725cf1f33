/** A zod record in a tool's input keeps its value schema in every schema a provider or client is sent: run time, each export format. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { asSchema } from 'ai';
import { afterAll, describe, expect, it } from 'vitest';
import { z as z4 } from 'zod';
import { toolsToAI } from '../../src/adapters/ai.js';
import { createRegistry, defineTool, inputSchemaOfTool, runTool } from '../../src/index.js';

const root = new URL('../..', import.meta.url).pathname;
const bin = `${root}bin/agent-tools.js`;

type ZodLike = Record<string, (...a: unknown[]) => never>;
const s = (x: unknown) => x as ZodLike;

/** The tester's tool: a free-form metadata map beside a nested size, built with the given copy of zod. */
function createShape(z: ZodLike) {
  const input = z.object!({
    meta: s(z.record!(z.string!(), z.string!())).describe!('Free-form metadata map'),
    size: z.object!({ w: z.number!(), h: s(z.number!()).optional!() }),
  });
  return defineTool({
    name: 'create_shape',
    description: 'Creates a shape.',
    mutates: false,
    input,
    execute: (_c: unknown, args: unknown) => args,
  });
}

const META = {
  description: 'Free-form metadata map',
  type: 'object',
  propertyNames: { type: 'string' },
  additionalProperties: { type: 'string' },
};

describe('a zod record keeps its value schema (additionalProperties) at run time', () => {
  for (const copy of ['zod', 'zod-v3']) {
    it(`${copy}: inputSchema, the AI SDK tool set and runTool agree: { owner: 'ada' } is valid metadata`, async () => {
      const { z } = (await import(join(root, 'node_modules', copy, 'index.js'))) as { z: ZodLike };
      const tool = createShape(z);
      const schema = inputSchemaOfTool(tool) as unknown as Record<string, Record<string, unknown>>;
      expect(schema.properties!.meta).toEqual(META);
      // nested plain objects stay closed
      expect((schema.properties!.size as Record<string, unknown>).additionalProperties).toBe(false);
      const set = toolsToAI(createRegistry({ core: [tool] }), {});
      const sent = asSchema(set.create_shape!.inputSchema).jsonSchema as Record<string, Record<string, unknown>>;
      expect(sent.properties!.meta).toEqual(META);
      const args = { meta: { owner: 'ada' }, size: { w: 2 } };
      const validate = new Ajv({ strict: false }).compile(sent);
      expect(validate(args)).toBe(true);
      expect(validate({ meta: { owner: 7 }, size: { w: 2 } })).toBe(false);
      const result = await runTool(tool, args);
      expect(result.isError).toBe(false);
    });
  }

  it("equals zod's own z.toJSONSchema for the record", () => {
    const own = z4.toJSONSchema(z4.record(z4.string(), z4.string()).describe('Free-form metadata map'), { io: 'input' }) as Record<
      string,
      unknown
    >;
    const { $schema: _d, ...rest } = own;
    expect(rest).toEqual(META);
  });
});

const tmp = mkdtempSync(join(tmpdir(), 'agent-tools-record-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('agent-tools export (built CLI) writes the record with its value schema', () => {
  for (const [module, label] of [
    ['zod', 'zod 4'],
    ['zod/v3', 'zod 3 API'],
  ] as const) {
    const dir = join(tmp, module.replace('/', '-'));
    it(`${label}: anthropic, openai, mcp and json give meta additionalProperties { type: string }`, () => {
      spawnSync('mkdir', ['-p', dir]);
      writeFileSync(
        join(dir, 'tools.ts'),
        [
          "import { defineTool } from 'agent-tools';",
          `import { z } from '${module}';`,
          'export const createShape = defineTool({',
          "  name: 'create_shape',",
          "  description: 'Creates a shape.',",
          '  input: z.object({',
          "    meta: z.record(z.string(), z.string()).describe('Free-form metadata map'),",
          '    size: z.object({ w: z.number(), h: z.number().optional() }),',
          '  }),',
          '  execute: (_c, args) => args,',
          '});',
          '',
        ].join('\n'),
      );
      const schemaOf: Record<string, (v: never) => Record<string, Record<string, unknown>>> = {
        anthropic: (v: { input_schema: never }[]) => v[0]!.input_schema,
        openai: (v: { function: { parameters: never } }[]) => v[0]!.function.parameters,
        mcp: (v: { tools: { inputSchema: never }[] }) => v.tools[0]!.inputSchema,
        json: (v: { properties: { create_shape: never } }) => v.properties.create_shape,
      };
      for (const [format, pick] of Object.entries(schemaOf)) {
        const r = spawnSync(process.execPath, [bin, 'export', dir, '--format', format], { cwd: root, encoding: 'utf8' });
        expect(r.stderr, format).toBe('');
        expect(r.status, format).toBe(0);
        const schema = pick(JSON.parse(r.stdout) as never);
        expect(schema.properties!.meta, format).toEqual(META);
      }
    });
  }
});
