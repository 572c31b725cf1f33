/** Tests that the static export equals what the AI SDK sends to the model (oracle: `generateText` with the mock model). */

import { join } from 'node:path';
import { generateText, type ToolSet } from 'ai';
import { tsImport } from 'tsx/esm/api';
import { describe, expect, it } from 'vitest';
import { exportTo } from '../export/helpers.js';
import { scriptedModel } from '../adapters/mock-model.js';

const root = new URL('../..', import.meta.url).pathname;

/** The tools `generateText` sends to the mock model for the tool set `tools.ts` of `fixture` exports. */
async function sentTools(fixture: string) {
  const mod = (await tsImport(join(root, fixture, 'tools.ts'), { parentURL: import.meta.url })) as { tools: ToolSet };
  const model = scriptedModel([]);
  await generateText({ model, prompt: 'hello', tools: mod.tools });
  return (model.doGenerateCalls[0]!.tools ?? []) as {
    type: string;
    name: string;
    description?: string;
    inputSchema: Record<string, unknown>;
  }[];
}

describe('static export equals what the AI SDK sends to the model (oracle: generateText with the ai/test mock model)', () => {
  it('ai-sdk: names (the keys of the tool set), order, descriptions and input schemas', async () => {
    const sent = await sentTools('fixtures/byo/ai-sdk');
    expect(sent.map((t) => t.name)).toEqual(['get_weather', 'convert_currency', 'search_docs', 'send_email']);

    const exported = await exportTo({ paths: ['fixtures/byo/ai-sdk'], cwd: root, format: 'mcp' });
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    const statics = (JSON.parse(exported.stdout) as { tools: Record<string, unknown>[] }).tools;
    // export strips `$schema` from a tool's schema by design; nothing else differs
    expect(statics).toStrictEqual(
      sent.map((t) => {
        const { $schema, ...inputSchema } = t.inputSchema;
        expect($schema).toBe('http://json-schema.org/draft-07/schema#');
        return { name: t.name, ...(t.description !== undefined ? { description: t.description } : {}), inputSchema };
      }),
    );
  });

  it("an inputSchema written with the AI SDK's jsonSchema() is read as the JSON Schema the SDK sends", async () => {
    const sent = await sentTools('fixtures/byo/ai-sdk-json-schema');
    const exported = await exportTo({ paths: ['fixtures/byo/ai-sdk-json-schema'], cwd: root, format: 'mcp' });
    expect([exported.code, exported.stderr]).toEqual([0, '']);
    expect((JSON.parse(exported.stdout) as { tools: unknown[] }).tools).toStrictEqual(
      sent.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
    );
  });
});
