/** Tests that every tool in tools/list and `export --format mcp` carries all four hints explicitly, the same bytes. */

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bin, connectServe, root } from '../adapters/mcp-child.js';

// Every tool in tools/list and export --format mcp carries all four hints explicitly,
// with values that follow the definition and the documented defaults.
const expected = [
  {
    name: 'get_node',
    annotations: { title: 'Get node', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  { name: 'set_fill', annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } },
  { name: 'delete_page', annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false } },
  { name: 'fetch_fonts', annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true } },
];

describe('C-20: complete tool hints', () => {
  it('tools/list over stdio and export --format mcp carry the four hints, the same bytes', async () => {
    const { client, close } = await connectServe('fixtures/cases/c-20/tools.ts', '--no-skills');
    let listed;
    try {
      listed = (await client.listTools()).tools;
    } finally {
      await close();
    }
    expect(listed.map((t) => ({ name: t.name, annotations: t.annotations }))).toEqual(expected);
    const r = spawnSync(process.execPath, [bin, 'export', 'fixtures/cases/c-20', '--format', 'mcp'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.status).toBe(0);
    const exported = (JSON.parse(r.stdout) as { tools: unknown[] }).tools;
    expect(JSON.stringify(exported)).toBe(JSON.stringify(listed));
  });
});
