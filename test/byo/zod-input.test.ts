/** Tests of `defineTool` with a zod input: the static export equals the runtime listing of the MCP server and the AI SDK tool set. */

import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { generateText, stepCountIs } from 'ai';
import { tsImport } from 'tsx/esm/api';
import { describe, expect, it } from 'vitest';
import { toolsToAI } from '../../src/adapters/ai.js';
import { createMcpServer } from '../../src/adapters/mcp.js';
import { analyze } from '../../src/analysis/analyze.js';
import type { AnyToolDef } from '../../src/core/tool.js';
import { exportTo } from '../export/helpers.js';
import { checkFolder, writeSources } from '../validate/helpers.js';
import { scriptedModel, toolOutputsSeenByModel } from '../adapters/mock-model.js';

// defineTool({ input: z.object(...) }) read statically (the schema replayed on zod,
// then the runtime's own converter) equals what the runtime lists after importing the module.
const root = new URL('../..', import.meta.url).pathname;
const fixture = 'fixtures/byo/zod-input';
const load = async () => {
  const mod = (await tsImport(join(root, fixture, 'tools.ts'), { parentURL: import.meta.url })) as Record<string, AnyToolDef>;
  const order = ['get_forecast', 'subscribe_alerts', 'compare_places'];
  return Object.values(mod).sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
};

describe('defineTool with a zod input: static export equals the runtime listing', () => {
  it('export --format mcp is byte-identical to what a real MCP client lists from createMcpServer (flat and nested inputs)', async () => {
    const defs = await load();
    const exported = await exportTo({ paths: [fixture], cwd: root });
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const server = createMcpServer(defs, { name: 'zod-input', version: '1.0.0' });
    const client = new Client({ name: 'test', version: '1.0.0' });
    await server.connect(serverTransport);
    await client.connect(clientTransport);
    const listed = await client.listTools();
    await client.close();
    await server.close();
    expect(listed.tools.map((t) => t.name)).toEqual(['get_forecast', 'subscribe_alerts', 'compare_places']);
    expect(`${JSON.stringify(listed, null, 2)}\n`).toBe(exported.stdout);
    // the nested input is listed portably: closed objects, no $schema/$ref/anyOf
    expect(listed.tools[2]!.inputSchema.properties!.a).toEqual({
      type: 'object',
      properties: {
        lat: { type: 'number', minimum: -90, maximum: 90, description: 'Latitude' },
        lon: { type: 'number', description: 'Longitude' },
      },
      required: ['lat', 'lon'],
      additionalProperties: false,
      description: 'First point',
    });
  });

  it('the AI SDK tool set sends the same schemas to the model, and a string "3" reaches execute as the number 3', async () => {
    const defs = await load();
    const model = scriptedModel([[{ toolName: 'get_forecast', input: '{"city":"Oslo","days":"3"}' }]]);
    await generateText({ model, prompt: 'weather', tools: toolsToAI(defs, { getApi: () => ({}) }), stopWhen: stepCountIs(3) });
    const sent = (model.doGenerateCalls[0]!.tools ?? []) as unknown as { name: string; inputSchema: Record<string, unknown> }[];
    const exported = JSON.parse((await exportTo({ paths: [fixture], cwd: root })).stdout) as {
      tools: { name: string; inputSchema: unknown }[];
    };
    expect(sent.map((t) => ({ name: t.name, inputSchema: t.inputSchema }))).toEqual(
      exported.tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema })),
    );
    expect(toolOutputsSeenByModel(model)).toEqual([{ toolName: 'get_forecast', type: 'json', value: { city: 'Oslo', days: 3 } }]);
  });

  it('validate: the nested input is reported by flat-params, the flat ones pass', () => {
    const a = analyze([fixture], { cwd: root });
    expect(a.diagnostics).toEqual([]);
    expect(a.tools.map((t) => `${t.name} ${Object.keys(t.params).join(',')}`)).toEqual([
      'get_forecast city,days,units,alerts',
      'subscribe_alerts email,cities',
      'compare_places a,b',
    ]);
    const result = checkFolder(join(root, fixture), 'flat-params');
    expect(result.findings.map((f) => `${f.line}:${f.column} ${f.messageId} ${String(f.data.param)} ${String(f.data.type)}`)).toEqual([
      '31:5 notFlat a object',
      '32:5 notFlat b object',
    ]);
  });

  it('an input outside the static zod subset is a not-static diagnostic with file:line:col, never a guess', () => {
    const dir = writeSources({
      'tools/t.ts': `import { defineTool } from 'agent-tools';\nimport { z } from 'zod';\nimport { makeInput } from './make.js';\nexport const a = defineTool({ name: 'a', description: 'Refined input, known at runtime only.', input: z.object({ n: z.number().refine((v) => v > 0).describe('N') }), execute: () => 1 });\nexport const b = defineTool({ name: 'b', description: 'Input made by a function of the project.', input: makeInput(), execute: () => 1 });\n`,
      'tools/make.ts': `import { z } from 'zod';\nexport const makeInput = () => z.object({});\n`,
    });
    const a = analyze(['tools'], { cwd: dir });
    expect(a.tools).toEqual([]);
    expect(a.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.tool} ${d.field}`)).toEqual([
      'tools/t.ts:4:128 not-static a input',
      'tools/t.ts:5:106 not-static b input',
    ]);
    expect(a.diagnostics[0]!.message).toMatch(/`\.refine\(\)` is not in the static zod subset/);
  });
});
