/** Tests that the static export equals what the MCP SDK v2 lists, per zod version, run for real. */

import { rmSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { PINNED_NODE_ARGS, pinnedProject, sortKeys, withoutStripped } from './version-farm.js';

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The zod minors the MCP SDK v2 (2.4.0) takes: it depends on zod ^4.2.0 and converts with the schema's own `~standard.jsonSchema`. */
const ZOD_42_ON = [
  ['zod-v4-2', '4.2.1'],
  ['zod-v4-3', '4.3.6'],
  ['zod-v4-4', '4.4.3'],
  ['zod-v4-5', '4.5.4'],
  ['zod', '4.6.7'],
] as const;

/** The tools/list the real v2 client (`@modelcontextprotocol/client`) receives over stdio from a pinned project's v2 server. */
async function listV2(dir: string, file: string): Promise<Record<string, unknown>[]> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [...PINNED_NODE_ARGS, file], cwd: dir, stderr: 'pipe' });
  const client = new Client({ name: 'oracle', version: '1.0.0' });
  await client.connect(transport);
  try {
    return (await client.listTools()).tools as Record<string, unknown>[];
  } finally {
    await client.close();
  }
}

describe('static export == what the MCP SDK v2 lists (oracle: @modelcontextprotocol/server 2.4.0 and the pinned zod, listed by the v2 client)', () => {
  for (const [zodAlias, zodVersion] of ZOD_42_ON) {
    it(`zod ${zodVersion}: zod objects, a raw shape, no input and fromJsonSchema, byte for byte after key sorting`, async () => {
      const dir = pinnedProject('fixtures/byo/mcp-v2-server', { zod: zodAlias });
      made.push(dir);
      const listed = (await listV2(dir, 'server.ts')).map((t) => sortKeys(withoutStripped(t)));
      const a = analyze(['.'], { cwd: dir });
      expect(a.diagnostics).toEqual([]);
      expect(a.modeled).toMatchObject({
        zod: [{ version: zodVersion, from: 'project' }],
        '@modelcontextprotocol/server': [{ version: '2.4.0', from: 'project' }],
      });
      const statics = a.tools.map((t) =>
        sortKeys({
          name: t.name,
          ...(t.title !== undefined ? { title: t.title } : {}),
          ...(t.description ? { description: t.description } : {}),
          inputSchema: t.inputSchema,
          ...(t.annotations ? { annotations: t.annotations } : {}),
        }),
      );
      expect(listed.map((t) => (t as { name: string }).name)).toEqual(['search', 'order', 'stock', 'ping', 'farewell']);
      const exact = statics.filter((s, i) => JSON.stringify(s) === JSON.stringify(listed[i])).length;
      expect({ exact, of: listed.length }).toEqual({ exact: 5, of: 5 });
    }, 30_000);
  }

  it('zod 4.0 and 4.1 (below the SDK v2 range, so npm gives the SDK its own zod, which cannot see their descriptions): a diagnostic per zod tool, never a guess', () => {
    for (const zodAlias of ['zod-v4-0', 'zod-v4-1']) {
      const dir = pinnedProject('fixtures/byo/mcp-v2-server', { zod: zodAlias });
      made.push(dir);
      const a = analyze(['.'], { cwd: dir });
      expect(a.tools.map((t) => t.name)).toEqual(['ping', 'farewell']);
      expect(a.diagnostics.map((d) => [d.code, d.message.split(':')[0]])).toEqual([
        ['not-static', 'tool `search`'],
        ['not-static', 'tool `order`'],
        ['not-static', 'tool `stock`'],
      ]);
      expect(a.diagnostics[0]!.message).toContain('without their descriptions');
    }
  });
});
