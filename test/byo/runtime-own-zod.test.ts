/** Tests of `serve`, `call` and `export --import` with the project's own zod 3.25, 4.0, 4.1 and 4.2. */

import { spawnSync } from 'node:child_process';
import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, describe, expect, it } from 'vitest';
import { installedProject, TSX_NODE_ARGS } from './installed-project.js';
import { pinnedProject, sortKeys, withoutStripped } from './version-farm.js';

// A project whose own zod builds the inputs, served and exported at run time by agent-tools: with
// zod 4.0 and 4.1 every .describe() used to be lost (serve refused the tools), with 4.2 every type
// and bound. What serve lists must equal the static export of the same project, byte for byte.
const root = new URL('../..', import.meta.url).pathname;
const bin = join(root, 'bin/agent-tools.js');
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

const COPIES = [
  ['zod-v3', '3.25.76'],
  ['zod-v4-0', '4.0.17'],
  ['zod-v4-1', '4.1.13'],
  ['zod-v4-2', '4.2.1'],
] as const;

/** The fixture's defineTool({ input }) tools in a project pinned to `zod`, with agent-tools linked in as the user installs it. */
function project(zod: string): string {
  const dir = pinnedProject('fixtures/byo/zod-input', { zod });
  made.push(dir);
  symlinkSync(root, join(dir, 'node_modules', 'agent-tools'));
  return dir;
}

async function served(dir: string): Promise<{ client: Client; close: () => Promise<void> }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'serve', 'tools.ts', '--no-skills'],
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1' } as Record<string, string>,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'own-zod', version: '1.0.0' });
  await client.connect(transport);
  return { client, close: () => client.close() };
}

describe("serve and call with the project's own zod (3.25, 4.0, 4.1, 4.2) building the inputs", () => {
  for (const [alias, version] of COPIES) {
    it(`zod ${version}: tools/list keeps descriptions, types and bounds, equal to the static export; bounds enforced on a call`, async () => {
      const dir = project(alias);
      const exported = spawnSync(process.execPath, [bin, 'export', 'tools.ts', '--format', 'mcp'], { cwd: dir, encoding: 'utf8' });
      expect(exported.status, exported.stderr).toBe(0);
      const statics = (JSON.parse(exported.stdout) as { tools: Record<string, unknown>[] }).tools;
      const { client, close } = await served(dir);
      try {
        const listed = (await client.listTools()).tools;
        const forecast = listed.find((t) => t.name === 'get_forecast')!;
        expect(forecast.inputSchema.properties).toEqual({
          city: { type: 'string', description: 'City name, e.g. Oslo', minLength: 1 },
          days: { type: 'integer', description: 'Days ahead, 1 to 7', minimum: 1, maximum: 7, default: 1 },
          units: { type: 'string', description: 'Temperature units', enum: ['c', 'f'] },
          alerts: { type: 'boolean', description: 'Include weather alerts', default: false },
        });
        const wire = listed.map((t) =>
          sortKeys({
            name: t.name,
            ...(t.title !== undefined ? { title: t.title } : {}),
            description: t.description,
            inputSchema: t.inputSchema,
            ...(t.annotations ? { annotations: t.annotations } : {}),
          }),
        );
        // serve lists a module's exports in their namespace order (by name), export in source order
        const byName = (a: string[]) => [...a].sort();
        expect(byName(wire.map((t) => JSON.stringify(t)))).toEqual(byName(statics.map((t) => JSON.stringify(sortKeys(t)))));
        expect(wire).toHaveLength(3);
        const ok = await client.callTool({ name: 'get_forecast', arguments: { city: 'Oslo', days: 3 } });
        expect(ok.structuredContent).toEqual({ city: 'Oslo', days: 3 });
        const tooFar = await client.callTool({ name: 'get_forecast', arguments: { city: 'Oslo', days: 9 } });
        expect(tooFar.isError).toBe(true);
        expect(JSON.stringify(tooFar.content)).toContain('days');
        // .min(1) has no place in the flat params, and is still checked by the project's zod
        expect((await client.callTool({ name: 'get_forecast', arguments: { city: '' } })).isError).toBe(true);
      } finally {
        await close();
      }
    }, 60_000);
  }
});

describe("export --import of an MCP SDK server built with the project's own zod 4.0 / 4.1 (a real npm install)", () => {
  // the AI SDK (5, 6 and 7) takes zod ^3.25.76 or ^4.1.8 only, so zod 4.0 is tried with the MCP SDK v1, which takes ^4.0
  for (const zod of ['4.0.17', '4.1.13']) {
    it(`@modelcontextprotocol/sdk 1.32.2 with zod ${zod}: what that server lists over stdio, byte for byte, descriptions kept`, async () => {
      const { dir } = installedProject('fixtures/byo/import', ['@modelcontextprotocol/sdk@1.32.2', `zod@${zod}`]);
      made.push(dir);
      writeFileSync(
        join(dir, 'stdio.ts'),
        "import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';\n" +
          "import { server } from './server.ts';\nawait server.connect(new StdioServerTransport());\n",
      );
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [...TSX_NODE_ARGS, 'stdio.ts'],
        cwd: dir,
        stderr: 'pipe',
      });
      const client = new Client({ name: 'oracle', version: '1.0.0' });
      await client.connect(transport);
      let listed: Record<string, unknown>[];
      try {
        listed = (await client.listTools()).tools.map(
          (t) => sortKeys(withoutStripped(t as Record<string, unknown>)) as Record<string, unknown>,
        );
      } finally {
        await client.close();
      }
      const r = spawnSync(process.execPath, [bin, 'export', '--import', 'server.ts', '--format', 'mcp'], { cwd: dir, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      const got = (JSON.parse(r.stdout) as { tools: Record<string, unknown>[] }).tools.map((t) => sortKeys(t));
      expect(JSON.stringify(got)).toBe(JSON.stringify(listed));
      expect(JSON.stringify(got).match(/"description":"(An even number|The length)"/g)).toHaveLength(3);
    }, 120_000);
  }
});
