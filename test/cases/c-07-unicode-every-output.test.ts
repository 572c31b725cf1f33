/** Tests that non-ASCII and multi-line text keep their code points in every output: export json, mcp, markdown and serve. */

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { multiLine, setWeight } from '../../fixtures/export/unicode/tools.js';
import { bin, connectServe, root } from '../adapters/mcp-child.js';

// The same code points in every output — export json, mcp and markdown (spawned CLI)
// and tools/list of `agent-tools serve` over stdio — equal to the runtime strings.
const CHINESE = '设置字体粗细（100–900）。支持 emoji 👍 与「引号」';
const exportOf = (format: string) =>
  spawnSync(process.execPath, [bin, 'export', 'fixtures/export/unicode', '--format', format], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
const codePoints = (s: string) => [...s].map((c) => c.codePointAt(0));

describe('C-07: non-ASCII and multi-line text in every output', () => {
  it('the runtime strings are the case input', () => {
    expect(setWeight.description).toBe(CHINESE);
    expect(setWeight.params.id.description).toBe('字体 ID');
    expect(multiLine.description).toBe('Describes a node.\n    Returns its type, its children\n    and "quoted" text with a tab\there.');
  });

  it('export json and mcp hold the runtime strings exactly; no \\u escape, no U+FFFD', () => {
    const json = exportOf('json');
    expect([json.status, json.stderr]).toEqual([0, '']);
    expect(json.stdout).not.toMatch(/\\u[0-9a-fA-F]{4}|\uFFFD/);
    const schemas = JSON.parse(json.stdout).properties;
    expect(codePoints(schemas.set_font_weight.description)).toEqual(codePoints(CHINESE));
    expect(schemas.set_font_weight.properties.id.description).toBe('字体 ID');
    expect(schemas.describe_node.description).toBe(multiLine.description);

    const mcp = exportOf('mcp');
    expect([mcp.status, mcp.stderr]).toEqual([0, '']);
    expect(mcp.stdout).not.toMatch(/\\u[0-9a-fA-F]{4}|\uFFFD/);
    const tools = JSON.parse(mcp.stdout).tools;
    expect(tools.map((t: { description: string }) => t.description)).toEqual([CHINESE, multiLine.description]);
    expect(tools[0].inputSchema.properties.id.description).toBe('字体 ID');
  });

  it('export markdown holds the text as is: no \\u escape, no U+FFFD, each line of the multi-line description kept', () => {
    const md = exportOf('markdown');
    expect([md.status, md.stderr]).toEqual([0, '']);
    expect(md.stdout).toContain(`\n${CHINESE}\n`);
    expect(md.stdout).toContain('| `id` | string | yes |');
    expect(md.stdout).toContain('字体 ID');
    expect(md.stdout).toContain(`\n${multiLine.description}\n`);
    expect(md.stdout).not.toMatch(/\\u[0-9a-fA-F]{4}|\uFFFD/);
  });

  it('tools/list of agent-tools serve over stdio equals the runtime strings and export --format mcp', async () => {
    const { client, close } = await connectServe('fixtures/cases/unicode-serve.ts');
    try {
      const listed = await client.listTools();
      expect(listed.tools.map((t) => t.description)).toEqual([CHINESE, multiLine.description]);
      expect((listed.tools[0]!.inputSchema.properties as Record<string, { description: string }>).id!.description).toBe('字体 ID');
      const exported = JSON.parse(exportOf('mcp').stdout).tools;
      expect(listed.tools.map((t) => t.inputSchema)).toEqual(exported.map((t: { inputSchema: unknown }) => t.inputSchema));
    } finally {
      await close();
    }
  });
});
