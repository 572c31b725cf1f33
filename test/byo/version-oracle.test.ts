/** Tests that the static export equals what the AI SDK and the MCP SDK v1 send, per ai and zod version, run for real. */

import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { analyze } from '../../src/analysis/analyze.js';
import { aiSdkSends, PINNED_NODE_ARGS, pinnedProject, sortKeys, withoutStripped } from './version-farm.js';

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The zod versions claimed in docs/bring-your-own-tools.md, by the alias the tests install (`zod` is ours, 4.6). */
const ZOD_4 = [
  ['zod-v4-0', '4.0.17'],
  ['zod-v4-1', '4.1.13'],
  ['zod-v4-2', '4.2.1'],
  ['zod-v4-3', '4.3.6'],
  ['zod-v4-4', '4.4.3'],
  ['zod-v4-5', '4.5.4'],
  ['zod', '4.6.7'],
] as const;
/** zod 3, as the tests install it (`zod-v3`); its schemas go through zod-to-json-schema in every library that takes them. */
const ZOD_3 = ['zod-v3', '3.25.76'] as const;
const AI = [
  ['ai-v5', '5.0.87'],
  ['ai', '6.0.325'],
  ['ai-v7', '7.0.173'],
] as const;

/** Static export of a pinned project: each library tool as `{ name, description?, inputSchema }`, keys sorted. */
function staticTools(dir: string): unknown[] {
  const a = analyze(['.'], { cwd: dir });
  expect(a.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`)).toEqual([]);
  return a.tools.map((t) =>
    sortKeys({ name: t.name, ...(t.description ? { description: t.description } : {}), inputSchema: t.inputSchema }),
  );
}

describe('static export == what the AI SDK sends, per version (oracle: the pinned ai and zod run for real)', () => {
  for (const [aiAlias, aiVersion] of AI) {
    for (const [zodAlias, zodVersion] of ZOD_4) {
      it(`ai ${aiVersion} with zod ${zodVersion}: every tool byte for byte after key sorting`, () => {
        const dir = pinnedProject('fixtures/byo/ai-sdk-versions', { zod: zodAlias, ai: aiAlias });
        made.push(dir);
        const sent = aiSdkSends(dir, 'tools.ts').map((t) => {
          const { $schema: _dialect, ...inputSchema } = t.inputSchema as Record<string, unknown>;
          return sortKeys({ ...t, inputSchema });
        });
        const statics = staticTools(dir);
        const exact = statics.filter((s, i) => JSON.stringify(s) === JSON.stringify(sent[i])).length;
        expect(analyze(['.'], { cwd: dir }).modeled).toMatchObject({
          zod: [{ version: zodVersion, from: 'project' }],
          ai: [{ version: aiVersion, from: 'project' }],
        });
        expect({ exact, of: sent.length }).toEqual({ exact: 4, of: 4 });
        expect(statics).toEqual(sent);
      }, 30_000);
    }
  }
});

describe('static export == what the AI SDK sends for zod 3 schemas (oracle: the pinned ai with zod 3.25 run for real)', () => {
  for (const [aiAlias, aiVersion] of AI) {
    it(`ai ${aiVersion} with zod ${ZOD_3[1]}: every tool byte for byte after key sorting`, () => {
      const dir = pinnedProject('fixtures/byo/ai-sdk-zod3', { zod: ZOD_3[0], ai: aiAlias });
      made.push(dir);
      const sent = aiSdkSends(dir, 'tools.ts').map((t) => {
        const { $schema: _dialect, ...inputSchema } = t.inputSchema as Record<string, unknown>;
        return sortKeys({ ...t, inputSchema });
      });
      expect(analyze(['.'], { cwd: dir }).modeled).toMatchObject({
        zod: [{ version: ZOD_3[1], from: 'project' }],
        ai: [{ version: aiVersion, from: 'project' }],
      });
      const statics = staticTools(dir);
      const exact = statics.filter((s, i) => JSON.stringify(s) === JSON.stringify(sent[i])).length;
      expect({ exact, of: sent.length }).toEqual({ exact: 4, of: 4 });
      expect(statics).toEqual(sent);
    }, 30_000);
  }
});

/** The tools/list a real client receives from a pinned project's server (its own MCP SDK and zod), over stdio. */
async function listPinned(dir: string, file: string): Promise<Record<string, unknown>[]> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [...PINNED_NODE_ARGS, file], cwd: dir, stderr: 'pipe' });
  const client = new Client({ name: 'oracle', version: '1.0.0' });
  await client.connect(transport);
  try {
    return (await client.listTools()).tools as Record<string, unknown>[];
  } finally {
    await client.close();
  }
}

describe('static export == what the MCP SDK v1 lists, per zod version (oracle: the pinned zod under @modelcontextprotocol/sdk 1.32.2)', () => {
  for (const [zodAlias, zodVersion] of ZOD_4) {
    it(`zod ${zodVersion}: every tool of the 13-tool server byte for byte after key sorting`, async () => {
      const dir = pinnedProject('fixtures/byo/mcp-server', { zod: zodAlias });
      made.push(dir);
      const listed = (await listPinned(dir, 'server.ts')).map((t) => sortKeys(withoutStripped(t)));
      const a = analyze(['.'], { cwd: dir });
      expect(a.modeled.zod).toEqual([{ version: zodVersion, from: 'project' }]);
      const statics = a.tools.map((t) =>
        sortKeys({
          name: t.name,
          ...(t.title !== undefined ? { title: t.title } : {}),
          ...(t.description ? { description: t.description } : {}),
          inputSchema: t.inputSchema,
          ...(t.annotations ? { annotations: t.annotations } : {}),
        }),
      );
      const exact = statics.filter((s, i) => JSON.stringify(s) === JSON.stringify(listed[i])).length;
      expect({ exact, of: listed.length }).toEqual({ exact: 13, of: 13 });
    }, 30_000);
  }
});

describe('static export == what the MCP SDK v1 lists for zod 3 schemas (oracle: zod 3.25 under @modelcontextprotocol/sdk 1.32.2)', () => {
  it(`zod ${ZOD_3[1]}: every tool of the 13-tool server byte for byte after key sorting, a schema used twice as its $ref`, async () => {
    const dir = pinnedProject('fixtures/byo/mcp-server', { zod: ZOD_3[0] });
    made.push(dir);
    const listed = (await listPinned(dir, 'server.ts')).map((t) => sortKeys(withoutStripped(t)));
    const a = analyze(['.'], { cwd: dir });
    expect(a.diagnostics).toEqual([]);
    expect(a.modeled.zod).toEqual([{ version: ZOD_3[1], from: 'project' }]);
    const statics = a.tools.map((t) =>
      sortKeys({
        name: t.name,
        ...(t.title !== undefined ? { title: t.title } : {}),
        ...(t.description ? { description: t.description } : {}),
        inputSchema: t.inputSchema,
        ...(t.annotations ? { annotations: t.annotations } : {}),
      }),
    );
    const move = listed.find((t) => (t as { name: string }).name === 'move_file') as { inputSchema: { properties: object } };
    expect(move.inputSchema.properties).toMatchObject({ destination: { $ref: '#/properties/source' } });
    const exact = statics.filter((s, i) => JSON.stringify(s) === JSON.stringify(listed[i])).length;
    expect({ exact, of: listed.length }).toEqual({ exact: 13, of: 13 });
  }, 30_000);
});
