/** Tests of `serve --tool-search`: search, then call the extended tool found, with a client of each revision. */

import type { Client } from '@modelcontextprotocol/client';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectHttp, connectServe, REVISIONS, serveHttp, type Revision } from './mcp-child.js';
import { CORE_TOOLS } from '../../examples/canvas/registry.js';

const CANVAS = 'examples/canvas/registry.ts';
/** The package root, where bin/ and examples/ are. */
const ROOT = resolve(import.meta.dirname, '../..');
const core = CORE_TOOLS.map((t) => t.name);

/**
 * One client session: list (core + search_tools + call_tool), search for an extended tool, then call it:
 * on 2025-11-25 it has joined the list (after list_changed) and is called by name; on 2026-07-28 (no session)
 * the list stays and the tool is called through call_tool. Returns the text of the found tool's result.
 */
async function searchThenCall(client: Client, revision: Revision, changes: () => number): Promise<unknown> {
  const before = (await client.listTools()).tools.map((t) => t.name);
  expect(before).toEqual([...core, 'search_tools', 'call_tool']);
  const search = await client.callTool({ name: 'search_tools', arguments: { query: 'make the corners rounded', limit: 1 } });
  expect(search.isError).toBeFalsy();
  const found = search.structuredContent as { tools: { name: string; tier: string; inputSchema: { properties: object } }[]; note: string };
  expect(found.tools.map((t) => [t.name, t.tier])).toEqual([['set_corner_radius', 'extended']]);
  expect(Object.keys(found.tools[0]!.inputSchema.properties)).toContain('radius');
  const after = (await client.listTools()).tools.map((t) => t.name);
  const args = { id: 'n4', radius: 12 };
  if (revision === '2025-11-25') {
    expect(found.note).toMatch(/now in this server's tool list/);
    expect(after).toEqual([...before, 'set_corner_radius']);
    await expect.poll(changes).toBeGreaterThan(0);
    return (await client.callTool({ name: 'set_corner_radius', arguments: args })).structuredContent;
  }
  expect(found.note).toMatch(/through call_tool/);
  expect(after).toEqual(before);
  return (await client.callTool({ name: 'call_tool', arguments: { name: 'set_corner_radius', arguments: args } })).structuredContent;
}

describe('serve --tool-search: search, then call the extended tool found (SDK v2 client, both revisions)', () => {
  for (const revision of REVISIONS) {
    it(`stdio, ${revision}`, async () => {
      let changes = 0;
      const { client, close, stderr } = await connectServe(CANVAS, '--no-skills', '--tool-search', {
        revision,
        client: { listChanged: { tools: { autoRefresh: false, onChanged: () => void changes++ } } } as never,
      });
      try {
        const result = (await searchThenCall(client, revision, () => changes)) as { id: string; cornerRadius: number };
        expect(result).toMatchObject({ id: 'n4' });
      } finally {
        await close();
      }
      expect(stderr()).not.toMatch(/internal error/);
    });
  }

  it('HTTP, both revisions on one endpoint', async () => {
    const served = await serveHttp(CANVAS, '--no-skills', '--tool-search');
    try {
      for (const revision of REVISIONS) {
        let changes = 0;
        const client = await connectHttp(served.url, revision, {
          listChanged: { tools: { autoRefresh: false, onChanged: () => void changes++ } },
        } as never);
        const result = (await searchThenCall(client, revision, () => changes)) as {
          id: string;
          cornerRadius: number;
        };
        expect(result).toMatchObject({ id: 'n4' });
        await client.close();
      }
    } finally {
      served.stop();
    }
  });
});

describe('serve --tool-search: what is listed and what call_tool refuses', () => {
  for (const revision of REVISIONS) {
    it(`stdio, ${revision}: call_tool naming call_tool or search_tools says why, not "Unknown tool"; stderr counts the added tools`, async () => {
      const { client, close, stderr } = await connectServe(CANVAS, '--no-skills', '--tool-search', { revision });
      const refusal = async (name: string) => {
        try {
          const r = await client.callTool({ name: 'call_tool', arguments: { name, arguments: {} } });
          expect(r.isError).toBe(true);
          return (r.content as { text: string }[])[0]!.text;
        } catch (err) {
          return (err as Error).message; // 2026-07-28: an unknown or uncallable tool is a protocol error
        }
      };
      try {
        expect((await client.listTools()).tools.map((t) => t.name)).toEqual([...core, 'search_tools', 'call_tool']);
        const itself = await refusal('call_tool');
        expect(itself).toContain('call_tool cannot call itself: give it the name of a tool search_tools found');
        expect(itself).not.toContain('Unknown tool');
        const search = await refusal('search_tools');
        expect(search).toContain('call_tool cannot call search_tools: call search_tools directly (it is in tools/list)');
      } finally {
        await close();
      }
      expect(stderr()).toContain(
        `agent-tools: serving ${core.length} tools + search_tools, call_tool from ${CANVAS} (registry, tier core) over stdio\n`,
      );
    });
  }
});

describe('serve --tool-search and the skill store', () => {
  /** `serve <canvas registry> --tool-search` in `cwd` with stdin closed: its exit code and stderr. */
  const serveIn = (cwd: string) => {
    const r = spawnSync(process.execPath, [join(ROOT, 'bin/agent-tools.js'), 'serve', join(ROOT, CANVAS), '--tool-search'], {
      cwd,
      input: '',
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    return [r.status, r.stderr.split('\n')[0]];
  };

  it('needs no --no-skills where there is no store; asks for it where a store would add skills', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-tools-tool-search-'));
    try {
      expect(serveIn(dir)).toEqual([
        0,
        `agent-tools: serving 16 tools + search_tools, call_tool from ${join(ROOT, CANVAS)} (registry, tier core) over stdio`,
      ]);
      mkdirSync(join(dir, '.agent-tools'));
      writeFileSync(join(dir, '.agent-tools', 'skills.db'), '');
      expect(serveIn(dir)).toEqual([
        2,
        "agent-tools: --tool-search serves a registry's core tier and finds its extended tier, not a store's skills: add --no-skills (the store is .agent-tools/skills.db)",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
