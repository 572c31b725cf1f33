/** Tests that static output schemas equal what the MCP SDK v1 and v2 and the AI SDK list, per version, run for real. */

import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { exportTo } from '../export/helpers.js';
import { PINNED_NODE_ARGS, pinnedProject, sortKeys, withoutStripped } from './version-farm.js';

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The versions claimed in docs/bring-your-own-tools.md, by the alias the tests install (`zod` and `ai` are ours). */
const ZOD_4 = [
  ['zod-v4-0', '4.0.17'],
  ['zod-v4-1', '4.1.13'],
  ['zod-v4-2', '4.2.1'],
  ['zod-v4-3', '4.3.6'],
  ['zod-v4-4', '4.4.3'],
  ['zod-v4-5', '4.5.4'],
  ['zod', '4.6.7'],
] as const;
const ZOD_3 = ['zod-v3', '3.25.76'] as const;
const AI = [
  ['ai-v5', '5.0.87'],
  ['ai', '6.0.325'],
  ['ai-v7', '7.0.173'],
] as const;

type Json = Record<string, unknown>;

function pinned(fixture: string, pins: Record<string, string>): string {
  const dir = pinnedProject(fixture, pins);
  made.push(dir);
  return dir;
}

/** `export --format <format>` of a pinned project, which must print no diagnostic and exit 0. */
async function exported(dir: string, format: 'mcp' | 'json' = 'mcp'): Promise<Json> {
  const r = await exportTo({ paths: ['.'], cwd: dir, format });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Json;
}

/** The tools/list a real client of the pinned SDK major receives over stdio from a pinned project's server. */
async function listed(dir: string, major: 1 | 2): Promise<Json[]> {
  const args = [...PINNED_NODE_ARGS, 'server.ts'];
  const client =
    major === 1
      ? new Client({ name: 'oracle', version: '1.0.0' })
      : (new ClientV2({ name: 'oracle', version: '1.0.0' }) as unknown as Client);
  const transport =
    major === 1
      ? new StdioClientTransport({ command: process.execPath, args, cwd: dir, stderr: 'pipe' })
      : (new StdioV2({ command: process.execPath, args, cwd: dir, stderr: 'pipe' }) as unknown as StdioClientTransport);
  await client.connect(transport);
  try {
    return (await client.listTools()).tools as Json[];
  } finally {
    await client.close();
  }
}

/** Entries equal byte for byte after key sorting, as `{ exact, of }`; every listed tool must be exported. */
function exactness(statics: Json[], runtime: Json[]): { exact: number; of: number } {
  expect(statics.map((t) => t.name)).toEqual(runtime.map((t) => t.name));
  const exact = statics.filter((s, i) => JSON.stringify(sortKeys(s)) === JSON.stringify(sortKeys(runtime[i]))).length;
  return { exact, of: runtime.length };
}

describe('static outputSchema == what the MCP SDK v1 lists (oracle: @modelcontextprotocol/sdk 1.32.2 and the pinned zod, listed by a real client)', () => {
  for (const [zodAlias, zodVersion] of [...ZOD_4, ZOD_3]) {
    it(`zod ${zodVersion}: every tools/list entry of the notes server, outputSchema included, byte for byte after key sorting`, async () => {
      const dir = pinned('fixtures/byo/mcp-outputs', { zod: zodAlias });
      const runtime = (await listed(dir, 1)).map(withoutStripped);
      expect(runtime.filter((t) => t.outputSchema !== undefined).map((t) => t.name)).toEqual(['create_note', 'search_notes']);
      const statics = (await exported(dir)).tools as Json[];
      expect(exactness(statics, runtime)).toEqual({ exact: 3, of: 3 });
    }, 60_000);
  }
});

describe('static outputSchema == what the MCP SDK v2 lists (oracle: @modelcontextprotocol/server 2.4.0 and the pinned zod, listed by the v2 client)', () => {
  for (const [zodAlias, zodVersion] of ZOD_4.slice(2)) {
    it(`zod ${zodVersion}: a zod object, a raw shape, fromJsonSchema and no output, byte for byte after key sorting`, async () => {
      const dir = pinned('fixtures/byo/mcp-v2-outputs', { zod: zodAlias });
      const runtime = (await listed(dir, 2)).map(withoutStripped);
      expect(runtime.filter((t) => t.outputSchema !== undefined).map((t) => t.name)).toEqual([
        'create_note',
        'search_notes',
        'count_notes',
      ]);
      const statics = (await exported(dir)).tools as Json[];
      expect(exactness(statics, runtime)).toEqual({ exact: 4, of: 4 });
    }, 60_000);
  }

  it('zod 4.0 and 4.1 (below the SDK v2 range): each zod output is a diagnostic with its position, never a guess', async () => {
    for (const zodAlias of ['zod-v4-0', 'zod-v4-1']) {
      const dir = pinned('fixtures/byo/mcp-v2-outputs', { zod: zodAlias });
      const r = await exportTo({ paths: ['.'], cwd: dir, format: 'mcp' });
      expect(r.stderr).toMatch(/server\.ts:\d+:\d+/);
      expect(r.stderr).toContain('without their descriptions');
      expect(((JSON.parse(r.stdout) as Json).tools as Json[]).map((t) => t.name)).toEqual(['count_notes']);
    }
  }, 60_000);
});

/**
 * What the pinned project's own AI SDK makes of each tool's `outputSchema`: `asSchema(tool.outputSchema).jsonSchema`, in a child
 * process.
 */
function aiSdkOutputs(project: string): Json[] {
  const script = `
import { asSchema } from 'ai';
import { tools } from ${JSON.stringify(join(project, 'tools.ts'))};
const out = [];
for (const [name, t] of Object.entries(tools)) {
  if (t.outputSchema === undefined) continue;
  const { $schema: _dialect, ...outputSchema } = await asSchema(t.outputSchema).jsonSchema;
  out.push({ name, outputSchema });
}
process.stdout.write(JSON.stringify(out));
`;
  writeFileSync(join(project, 'oracle.ts'), script);
  const r = spawnSync(process.execPath, [...PINNED_NODE_ARGS, join(project, 'oracle.ts')], { cwd: project, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`oracle failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout) as Json[];
}

describe("static outputSchema == the AI SDK's own conversion (oracle: asSchema of the pinned ai, with the pinned zod)", () => {
  for (const [aiAlias, aiVersion] of AI) {
    for (const [zodAlias, zodVersion] of [...ZOD_4, ZOD_3]) {
      it(`ai ${aiVersion} with zod ${zodVersion}: every declared output byte for byte after key sorting (mcp and json formats)`, async () => {
        const dir = pinned('fixtures/byo/ai-sdk-outputs', { zod: zodAlias, ai: aiAlias });
        const runtime = aiSdkOutputs(dir);
        expect(runtime.map((t) => t.name)).toEqual(['get_quote', 'list_transactions']);
        const mcp = ((await exported(dir)).tools as Json[]).filter((t) => t.outputSchema !== undefined);
        const statics = mcp.map((t) => ({ name: t.name, outputSchema: t.outputSchema }));
        expect(exactness(statics, runtime)).toEqual({ exact: 2, of: 2 });
        const json = await exported(dir, 'json');
        expect(json.$defs).toEqual(Object.fromEntries(statics.map((t) => [t.name, t.outputSchema])));
        expect(json['x-modeled-versions']).toEqual({ zod: zodVersion, ai: aiVersion });
      }, 60_000);
    }
  }
});
