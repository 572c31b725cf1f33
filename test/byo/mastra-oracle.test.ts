/** Tests that the static export equals what Mastra's MCPServer lists, under each zod version, run for real. */

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { installOnce, TSX_NODE_ARGS } from './installed-project.js';
import { pinnedProject, sortKeys, withoutStripped } from './version-farm.js';

// Mastra's MCP server (@mastra/mcp over @mastra/core, about 190 MB with its dependencies) is
// installed once by npm into node_modules/.cache (see installOnce), not a devDependency of ours;
// each zod version is then pinned beside it as in the other oracles.
const MASTRA = ['@mastra/core@1.71.0', '@mastra/mcp@2.0.0', 'zod@3.25.76'] as const;
const ZODS = [
  ['zod-v3', '3.25.76'],
  ['zod-v4-0', '4.0.17'],
  ['zod-v4-1', '4.1.13'],
  ['zod-v4-2', '4.2.1'],
  ['zod-v4-3', '4.3.6'],
  ['zod-v4-4', '4.4.3'],
  ['zod-v4-5', '4.5.4'],
  ['zod', '4.6.7'],
] as const;

let modules = '';
const made: string[] = [];
beforeAll(() => {
  const { modules: m, installMs } = installOnce(MASTRA);
  modules = m;
  if (installMs > 0) process.stderr.write(`mastra oracle: npm install ${MASTRA.join(' ')} took ${Math.round(installMs / 1000)} s\n`);
}, 600_000);
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** What Mastra's MCPServer lists over stdio (protocol 2026-07-28, the only one it speaks), from the real v2 client. */
async function listMastra(dir: string): Promise<Record<string, unknown>[]> {
  writeFileSync(join(dir, 'stdio.ts'), "import { server } from './src/mcp/server.ts';\nawait server.startStdio();\n");
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--preserve-symlinks', ...TSX_NODE_ARGS, 'stdio.ts'],
    cwd: dir,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'oracle', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(transport);
  try {
    return (await client.listTools()).tools as Record<string, unknown>[];
  } finally {
    await client.close();
  }
}

describe("static export == what Mastra's MCPServer lists (oracle: @mastra/core 1.71.0 and @mastra/mcp 2.0.0 run for real)", () => {
  for (const [alias, version] of ZODS) {
    it(`zod ${version}: every tool of the server (keys as names, no input, output schemas, annotations) byte for byte after key sorting`, async () => {
      const dir = pinnedProject('fixtures/byo/mastra-server', { zod: alias }, modules);
      made.push(dir);
      const listed = (await listMastra(dir)).map((t) => JSON.stringify(sortKeys(withoutStripped(t))));
      const a = analyze(['.'], { cwd: dir });
      expect(a.diagnostics).toEqual([]);
      expect(a.modeled).toMatchObject({ zod: [{ version, from: 'project' }], '@mastra/core': [{ version: '1.71.0', from: 'project' }] });
      // ping is in no object of tools, so it is named by its id (and this server does not list it)
      expect(a.tools.map((t) => t.name).sort()).toEqual(['cancel', 'list_orders', 'lookupOrder', 'ping', 'storeHours']);
      // two tools declare an output schema; without it they are listed with none
      expect(
        a.tools
          .filter((t) => t.outputSchema)
          .map((t) => t.name)
          .sort(),
      ).toEqual(['cancel', 'lookupOrder']);
      const statics = a.tools
        .filter((t) => t.name !== 'ping')
        .map((t) =>
          JSON.stringify(
            sortKeys({
              name: t.name,
              ...(t.description ? { description: t.description } : {}),
              inputSchema: t.inputSchema,
              ...(t.outputSchema ? { outputSchema: t.outputSchema } : {}),
              ...(t.annotations ? { annotations: t.annotations } : {}),
            }),
          ),
        );
      expect(listed).toHaveLength(4);
      const exact = statics.filter((s) => listed.includes(s)).length;
      expect(statics.sort()).toEqual([...listed].sort());
      expect({ exact, of: listed.length }).toEqual({ exact: 4, of: 4 });
    }, 120_000);
  }
});
