/** Tests that `export --format mcp` is byte-identical to what the MCP server adapter lists. */

import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { tsImport } from 'tsx/esm/api';
import { describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/adapters/mcp.js';
import type { AnyToolDef } from '../../src/core/tool.js';
import { exportTo } from './helpers.js';

const root = new URL('../..', import.meta.url).pathname;

/** The tools/list a real SDK client receives from `server` over an in-memory transport. */
async function listedBy(server: ReturnType<typeof createMcpServer>) {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' });
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  try {
    return await client.listTools();
  } finally {
    await client.close();
    await server.close();
  }
}

describe('export --format mcp is byte-identical to the MCP server adapter tools/list', () => {
  for (const fixture of ['schemas', 'unicode', 'values']) {
    it(`${fixture}: a real client of createMcpServer, fed the imported ToolDefs, receives exactly the exported text`, async () => {
      const dir = join(root, 'fixtures/export', fixture);
      const mod = (await tsImport(join(dir, 'tools.ts'), {
        parentURL: import.meta.url,
        tsconfig: join(dir, fixture === 'values' ? 'tsconfig.json' : '../../../tsconfig.json'),
      })) as Record<string, AnyToolDef>;
      const exported = await exportTo({ paths: [`fixtures/export/${fixture}`], cwd: root });
      expect(exported.code).toBe(0);
      // a module namespace lists exports alphabetically; serve them in source order, as export writes them
      const order = (JSON.parse(exported.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name);
      const defs = Object.values(mod).sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
      expect(defs.map((d) => d.name)).toEqual(order);
      const listed = await listedBy(createMcpServer(defs, { name: 'export-check', version: '1.0.0' }));
      expect(`${JSON.stringify(listed, null, 2)}\n`).toBe(exported.stdout);
    });
  }
});

describe('the canvas example: export --format mcp --tier all equals the server tools/list of its registry', () => {
  it('is byte-identical, in registry order (core then extended, each in list order)', async () => {
    const mod = (await tsImport(join(root, 'examples/canvas/registry.ts'), { parentURL: import.meta.url })) as {
      registry: import('../../src/registry/registry.js').Registry;
    };
    const exported = await exportTo({ paths: ['examples/canvas'], cwd: root, tier: 'all' });
    expect(exported.code).toBe(0);
    const listed = await listedBy(createMcpServer(mod.registry, { name: 'canvas', version: '1.0.0', tier: 'all' }));
    expect(listed.tools.map((t) => t.name)).toEqual(mod.registry.all.map((t) => t.name));
    expect(`${JSON.stringify(listed, null, 2)}\n`).toBe(exported.stdout);
  });
});
