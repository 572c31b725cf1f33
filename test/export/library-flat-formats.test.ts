/** Tests of the flat formats for a library param without a description: gemini, openai --strict and markdown. */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkFolder } from '../validate/helpers.js';
import { exportTo } from './helpers.js';

// New-user trial: `export --format markdown|gemini|openai --strict` left a whole AI SDK or MCP
// SDK tool out (exit 1, not-portable) because one param had no description. Providers take a
// property without one; validate reports it, export writes the param without a description.

const tmp = mkdtempSync(join(tmpdir(), 'agent-tools-library-flat-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
// the temp project installs no zod, ai or MCP SDK: export models the versions it ships and says so once
const SHIPPED_NOTE =
  'agent-tools: note: not installed in the analyzed project, so modeled with the versions agent-tools ships: zod 4.6.7, ai 6\n';
mkdirSync(join(tmp, 'src'));
writeFileSync(
  join(tmp, 'src/ai-tools.ts'),
  `import { tool } from 'ai';
import { z } from 'zod';
export const tools = {
  convert_currency: tool({
    description: 'Convert an amount between currencies',
    inputSchema: z.object({
      amount: z.number().describe('Amount'),
      to: z.string(),
      unit: z.enum(['c', 'f']).default('c'),
    }),
    execute: async ({ amount }) => ({ amount }),
  }),
};
`,
);
writeFileSync(
  join(tmp, 'src/mcp-server.ts'),
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
export function createServer() {
  const server = new McpServer({ name: 'n', version: '1' });
  server.registerTool('add_note', {
    description: 'Add a note',
    inputSchema: { text: z.string().describe('Note text'),
      tags: z.array(z.string()) },
  }, async () => ({ content: [] }));
  server.registerTool('set_style', {
    description: 'Set a style',
    inputSchema: { style: z.object({ bold: z.boolean() }).describe('Style') },
  }, async () => ({ content: [] }));
  return server;
}
`,
);

describe('flat formats and a library param without a description', () => {
  it('gemini: the tool is written, the param has no description; a default alone becomes the description', async () => {
    const r = await exportTo({ paths: ['src'], cwd: tmp, format: 'gemini' });
    const out = JSON.parse(r.stdout) as {
      functionDeclarations: { name: string; parameters: { properties: Record<string, unknown>; required: string[] } }[];
    };
    expect(out.functionDeclarations.map((f) => f.name)).toEqual(['convert_currency', 'add_note']);
    expect(out.functionDeclarations[0]!.parameters.properties).toEqual({
      amount: { type: 'number', description: 'Amount' },
      to: { type: 'string' },
      unit: { type: 'string', enum: ['c', 'f'], description: 'Default: "c".' },
    });
    expect(out.functionDeclarations[1]!.parameters.properties.tags).toEqual({ type: 'array', items: { type: 'string' } });
    // what truly breaks a flat format still leaves its tool out, and only that
    const left = r.stderr.split('\n').filter((l) => l.endsWith('[not-portable]'));
    expect(left.map((l) => l.slice(0, l.indexOf(' unknown')))).toEqual(['src/mcp-server.ts:10:3 tool `set_style`: `params.style.type`']);
    expect(r.code).toBe(1);
  });

  it('openai --strict: still strict (every property required, additionalProperties false), the param without a description', async () => {
    const r = await exportTo({ paths: ['src/ai-tools.ts'], cwd: tmp, format: 'openai', strict: true });
    expect([r.code, r.stderr]).toEqual([0, SHIPPED_NOTE]);
    const [t] = JSON.parse(r.stdout) as { function: { strict: boolean; parameters: Record<string, unknown> } }[];
    expect(t!.function.strict).toBe(true);
    expect(t!.function.parameters).toEqual({
      type: 'object',
      properties: {
        amount: { type: 'number', description: 'Amount' },
        to: { type: 'string' },
        unit: { type: ['string', 'null'], enum: ['c', 'f', null], description: 'Default: "c".' },
      },
      required: ['amount', 'to', 'unit'],
      additionalProperties: false,
    });
  });

  it('markdown: exit 0, the param row has an empty description cell; validate still reports the missing descriptions', async () => {
    const r = await exportTo({ paths: ['src/ai-tools.ts'], cwd: tmp, format: 'markdown' });
    expect([r.code, r.stderr]).toEqual([0, SHIPPED_NOTE]);
    expect(r.stdout).toContain('| `to` | string | yes |  |  |  |\n');
    const missing = checkFolder(join(tmp, 'src'), 'param-description').findings.filter((f) => f.messageId === 'missing');
    expect(missing.map((f) => `${f.file}:${f.line} ${String(f.data.param)}`)).toEqual([
      'ai-tools.ts:8 to',
      'ai-tools.ts:9 unit',
      'mcp-server.ts:8 tags',
    ]);
  });
});
