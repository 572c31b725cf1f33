/** Tests of output schemas of tools written with other libraries, read statically as each library lists them. */

import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { exportTo } from '../export/helpers.js';

const root = new URL('../..', import.meta.url).pathname;

describe('output schemas of tools written with other libraries, read statically', () => {
  it('Mastra createTool({ outputSchema }): as its MCPServer lists it, in output mode (a default makes a field required; test/byo/mastra-oracle.test.ts lists it for real)', () => {
    const a = analyze(['fixtures/byo/mastra-outputs'], { cwd: root });
    expect(a.diagnostics).toEqual([]);
    expect(Object.fromEntries(a.tools.map((t) => [t.name, t.outputSchema]))).toEqual({
      lookup_order: {
        type: 'object',
        properties: {
          status: { type: 'string', enum: ['open', 'shipped', 'delivered'], description: 'Where the order is' },
          eta: { description: 'Expected delivery day, or null once delivered', type: ['string', 'null'] },
          items: { default: 1, type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
        },
        required: ['status', 'eta', 'items'],
        additionalProperties: false,
      },
      store_hours: {
        type: 'object',
        properties: { opens: { type: 'string' }, closes: { type: 'string' } },
        required: ['opens', 'closes'],
        additionalProperties: false,
      },
    });
  });

  it("a task tool (registerToolTask) has its outputSchema read as registerTool's, in output mode (test/byo/mcp-oracle.test.ts lists it for real)", () => {
    const a = analyze(['fixtures/byo/mcp-task'], { cwd: root });
    expect(a.diagnostics).toEqual([]);
    const task = a.tools.find((t) => t.form === 'mcp-registerToolTask');
    expect(task?.outputSchema).toMatchObject({ type: 'object', required: ['findings', 'confidence'], additionalProperties: false });
  });

  it('an output schema that is not read leaves its tool out with a diagnostic at file:line:col, never a silent skip or a guess', () => {
    const a = analyze(['fixtures/byo/outputs-not-read'], { cwd: root });
    expect(a.tools).toEqual([]);
    expect(a.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.tool} ${d.field}`)).toEqual([
      'fixtures/byo/outputs-not-read/server.ts:9:116 not-static built_output outputSchema',
      'fixtures/byo/outputs-not-read/server.ts:13:104 not-static text_output outputSchema',
      'fixtures/byo/outputs-not-read/server.ts:21:5 bad-type lazy_output outputSchema',
    ]);
    expect(a.diagnostics[1]!.message).toContain('MCP requires `type: "object"`');
  });

  it('markdown documents the result and dts types the return, from the MCP SDK outputSchema', async () => {
    const md = await exportTo({ paths: ['fixtures/byo/mcp-outputs'], cwd: root, format: 'markdown' });
    expect(md.code).toBe(0);
    const search = md.stdout.slice(md.stdout.indexOf('## search_notes'), md.stdout.indexOf('## delete_note'));
    expect(search).toContain('| `hits[].id` | string | yes |  | Note id |');
    expect(search).toContain('| `next` | string or null | yes |  | Cursor of the next page, or null at the end |');
    // output mode: a field with a default is always present in a result
    expect(search).toContain('| `sort` | string | yes | `newest`, `title` |  |');
    expect(md.stdout.slice(md.stdout.indexOf('## delete_note'))).not.toContain('Result:');

    const dts = await exportTo({ paths: ['fixtures/byo/mcp-outputs'], cwd: root, format: 'dts' });
    expect(dts.code).toBe(0);
    expect(dts.stdout).toContain('  next: string | null;\n  sort: "newest" | "title";\n}>;');
    expect(dts.stdout).toContain('declare function delete_note(args: {\n  id: string;\n}): Promise<unknown>;');
  });

  for (const [module, folder] of [
    ['fixtures/byo/mcp-outputs/notes.ts', 'fixtures/byo/mcp-outputs'],
    ['fixtures/byo/ai-sdk-outputs/tools.ts', 'fixtures/byo/ai-sdk-outputs'],
  ] as const) {
    it(`export --import of ${module} (the library run for real) equals the static export, outputSchema included, byte for byte`, async () => {
      const imported = await exportTo({ paths: [module], cwd: root, import: true });
      const statics = await exportTo({ paths: [folder], cwd: root });
      expect([imported.code, imported.stderr, statics.code, statics.stderr]).toEqual([0, '', 0, '']);
      const listed = (JSON.parse(imported.stdout) as { tools: { outputSchema?: unknown }[] }).tools;
      expect(listed.filter((t) => t.outputSchema !== undefined)).toHaveLength(2);
      expect(imported.stdout).toBe(statics.stdout);
    }, 60_000);
  }
});
