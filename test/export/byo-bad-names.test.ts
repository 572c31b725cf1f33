/** Tests that a bring-your-own tool with a name providers reject is left out with its location, exit 1, in every format. */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportTo } from './helpers.js';

// New-user trial s5: `{ 'bad name': tool(...) }` and `registerTool('Notes Delete', ...)` reached
// every as-is format (mcp, json, anthropic, openai) with exit 0, while a defineTool with the same
// name is left out. One name rule for every tool: left out, file:line:col, exit 1.

const FORMATS = ['mcp', 'json', 'openai', 'anthropic', 'gemini', 'markdown'] as const;

/** The tool names a format's output holds. */
function names(format: (typeof FORMATS)[number], stdout: string): string[] {
  if (format === 'markdown') return [...stdout.matchAll(/^## (\S+)/gm)].map((m) => m[1]!);
  const v = JSON.parse(stdout) as Record<string, unknown>;
  if (format === 'json') return Object.keys(v.properties as object);
  if (format === 'gemini') return (v.functionDeclarations as { name: string }[]).map((f) => f.name);
  if (format === 'openai') return (v as unknown as { function: { name: string } }[]).map((t) => t.function.name);
  if (format === 'mcp') return (v.tools as { name: string }[]).map((t) => t.name);
  return (v as unknown as { name: string }[]).map((t) => t.name);
}

const CASES = [
  {
    form: 'AI SDK tool set',
    dir: 'fixtures/byo/bad-names/ai-sdk',
    kept: ['get_time'],
    left: [
      'fixtures/byo/bad-names/ai-sdk/tools.ts:6:15 tool `bad name`: `name` "bad name"',
      'fixtures/byo/bad-names/ai-sdk/tools.ts:11:15 tool `font.set`: `name` "font.set"',
    ],
  },
  {
    form: 'MCP SDK registerTool',
    dir: 'fixtures/byo/bad-names/mcp-server',
    kept: ['notes_list'],
    left: ['fixtures/byo/bad-names/mcp-server/server.ts:9:3 tool `Notes Delete`: `name` "Notes Delete"'],
  },
];

describe('export: a bring-your-own tool with a name providers reject', () => {
  for (const c of CASES) {
    for (const format of FORMATS) {
      it(`${c.form}, --format ${format}: left out with its location, exit 1, the good tool written`, async () => {
        const r = await exportTo({ paths: [c.dir], format });
        expect(r.code).toBe(1);
        expect(names(format, r.stdout)).toEqual(c.kept);
        const problems = r.stderr.split('\n').filter((l) => l.endsWith('[invalid-definition]'));
        expect(problems.map((l) => l.slice(0, l.indexOf(' must match')))).toEqual(c.left);
      });
    }
  }

  const tmp = mkdtempSync(join(tmpdir(), 'agent-tools-bad-names-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('a defineTool with a nested zod input (written as is) is judged by the same name rule', async () => {
    mkdirSync(join(tmp, 'tools'));
    writeFileSync(
      join(tmp, 'tools/font.ts'),
      `import { defineTool } from 'agent-tools';
import { z } from 'zod';
export const setFont = defineTool({
  name: 'font.set',
  description: 'Sets the font',
  input: z.object({ font: z.object({ family: z.string().describe('Family') }).describe('Font') }),
  execute: async () => 'ok',
});
`,
    );
    const r = await exportTo({ paths: ['tools'], cwd: tmp, format: 'mcp' });
    expect(r.code).toBe(1);
    // its one tool left out, nothing is published
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('tools/font.ts:3:24 tool `font.set`: `name` "font.set" must match');
    expect(r.stderr).toContain(
      'agent-tools: export: nothing to export: no tool could be exported from tools: 1 problem (above) left every tool out',
    );
  });
});
