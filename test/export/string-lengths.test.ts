/** Tests that `agent-tools export` lists a string's lengths and pattern, read statically from zod 4, zod 3 and flat params. */

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportTo } from './helpers.js';

const root = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'agent-tools-strlen-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'node_modules'));
mkdirSync(join(dir, 'tools'));
symlinkSync(join(root, 'node_modules', 'zod'), join(dir, 'node_modules', 'zod'));
symlinkSync(root, join(dir, 'node_modules', 'agent-tools'));
writeFileSync(join(dir, 'package.json'), '{ "name": "toolbox", "private": true, "type": "module" }\n');

/** A search tool whose input is `z.object` of the zod entry point `zodModule`. */
const zodTool = (name: string, zodModule: string) => `import { defineTool } from 'agent-tools';
import { z } from '${zodModule}';

export const tool = defineTool({
  name: '${name}',
  description: 'Searches the notes.',
  mutates: false,
  input: z.object({
    query: z.string().min(2).max(200).regex(/^[a-z ]+$/).describe('Words to look for'),
    code: z.string().length(3).optional().describe('Three-letter code'),
    prefix: z.string().regex(/^ab/i).optional().describe('Starts with ab, any case'),
  }),
  execute: (_api, args) => args,
});
`;
writeFileSync(join(dir, 'tools', 'zod4.ts'), zodTool('search_zod4', 'zod'));
writeFileSync(join(dir, 'tools', 'zod3.ts'), zodTool('search_zod3', 'zod/v3'));
writeFileSync(
  join(dir, 'tools', 'flat.ts'),
  `import { defineTool } from 'agent-tools';

export const tool = defineTool({
  name: 'search_flat',
  description: 'Searches the notes.',
  mutates: false,
  params: {
    query: { type: 'string', required: true, min: 2, max: 200, pattern: '^[a-z ]+$', description: 'Words to look for' },
    code: { type: 'string', min: 3, max: 3, description: 'Three-letter code' },
    prefix: { type: 'string', description: 'Starts with ab, any case' },
  },
  execute: (_api, args) => args,
});
`,
);

const QUERY = { type: 'string', description: 'Words to look for', minLength: 2, maxLength: 200, pattern: '^[a-z ]+$' };
const CODE = { type: 'string', description: 'Three-letter code', minLength: 3, maxLength: 3 };
// zod writes /^ab/i as "^ab" (no flags): carrying it would refuse "ABc", which the tool accepts, so it is left out
const PREFIX = { type: 'string', description: 'Starts with ab, any case' };
const NAMES = ['search_flat', 'search_zod3', 'search_zod4'];

describe('export: a string’s lengths and pattern, from a zod 4 input, a zod 3 input and flat params', () => {
  it('mcp: minLength, maxLength and pattern in each inputSchema, the same for all three', async () => {
    const r = await exportTo({ paths: ['tools'], cwd: dir, format: 'mcp' });
    expect([r.code, r.stderr]).toEqual([0, '']);
    const tools = (JSON.parse(r.stdout) as { tools: { name: string; inputSchema: unknown }[] }).tools;
    expect(tools.map((t) => t.name)).toEqual(NAMES);
    for (const t of tools)
      expect(t.inputSchema).toEqual({
        type: 'object',
        properties: { query: QUERY, code: CODE, prefix: PREFIX },
        required: ['query'],
        additionalProperties: false,
      });
  });

  it('gemini keeps them (its Schema has minLength, maxLength and pattern), without a warning', async () => {
    const r = await exportTo({ paths: ['tools'], cwd: dir, format: 'gemini' });
    expect([r.code, r.stderr]).toEqual([0, '']);
    const decl = (JSON.parse(r.stdout) as { functionDeclarations: { parameters: { properties: unknown } }[] }).functionDeclarations;
    expect(decl.map((d) => d.parameters.properties)).toEqual(NAMES.map(() => ({ query: QUERY, code: CODE, prefix: PREFIX })));
  });

  it('openai --strict keeps the pattern and drops minLength/maxLength with a warning for each, as strict mode does not take them', async () => {
    const r = await exportTo({ paths: ['tools'], cwd: dir, format: 'openai', strict: true });
    expect(r.code).toBe(0);
    const fns = (JSON.parse(r.stdout) as { function: { parameters: { properties: Record<string, unknown> } } }[]).map((t) => t.function);
    expect(fns.map((f) => f.parameters.properties.query)).toEqual(
      NAMES.map(() => ({ type: 'string', description: 'Words to look for', pattern: '^[a-z ]+$' })),
    );
    expect(r.stderr.split('\n').filter(Boolean)).toEqual(
      NAMES.flatMap((name) =>
        ['query.minLength', 'query.maxLength', 'code.minLength', 'code.maxLength'].map(
          (field) =>
            `agent-tools: warning: openai: ${name}.input.${field}: ${field.split('.')[1]} dropped: OpenAI strict mode does not take it (the tool still checks it)`,
        ),
      ),
    );
  });

  it('markdown: the Allowed cell says the length and the pattern', async () => {
    const r = await exportTo({ paths: ['tools'], cwd: dir, format: 'markdown' });
    expect([r.code, r.stderr]).toEqual([0, '']);
    const rows = r.stdout.split('\n').filter((l) => l.startsWith('| `'));
    expect(rows.slice(0, 3)).toEqual([
      '| `query` | string | yes |  | 2 to 200 characters; matches `^[a-z ]+$` | Words to look for |',
      '| `code` | string | no |  | exactly 3 characters | Three-letter code |',
      '| `prefix` | string | no |  |  | Starts with ab, any case |',
    ]);
    expect(rows.slice(3)).toEqual([...rows.slice(0, 3), ...rows.slice(0, 3)]);
  });
});
