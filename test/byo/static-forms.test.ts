/** Tests of `analyze` on tools written with the MCP SDK, the AI SDK and Mastra: names, schemas, paths aliases and imports. */

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { tempProjects } from '../temp-project.js';

const root = new URL('../..', import.meta.url).pathname;
const bin = join(root, 'bin/agent-tools.js');
const brief = (a: ReturnType<typeof analyze>) =>
  a.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.tool ?? '-'} ${d.field ?? '-'}`);
const cli = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' } });

const project = tempProjects('agent-tools-byo-');

describe('analyze: tools written with the MCP SDK, the AI SDK and Mastra', () => {
  it('reads every registerTool call of the files example (13 tools), counting the calls', () => {
    const a = analyze(['fixtures/byo/mcp-server'], { cwd: root });
    expect(a.diagnostics).toEqual([]);
    expect(a.calls).toEqual({ 'mcp-registerTool': 13 });
    expect(a.tools.map((t) => `${t.name} ${t.form} ${t.file}:${t.line}:${t.column}`).slice(0, 2)).toEqual([
      'read_text_file mcp-registerTool fixtures/byo/mcp-server/tools.ts:15:3',
      'read_media_file mcp-registerTool fixtures/byo/mcp-server/tools.ts:30:3',
    ]);
    const write = a.tools.find((t) => t.name === 'write_file')!;
    expect(write).toMatchObject({
      title: 'Write file',
      mutates: true,
      destructive: true,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    });
    expect(write.description).toBe('Creates a file or replaces its whole content. Use with care: the old content is lost.');
  });

  it('names AI SDK tools by their key in the object of tools, following a const into another file; Mastra by id', () => {
    const a = analyze(['fixtures/byo/ai-sdk', 'fixtures/byo/mastra'], { cwd: root });
    expect(a.diagnostics).toEqual([]);
    expect(a.tools.map((t) => `${t.name} ${t.form} ${t.file}:${t.line}:${t.column}`)).toEqual([
      'get_weather ai-tool fixtures/byo/ai-sdk/weather.ts:4:28',
      'convert_currency ai-tool fixtures/byo/ai-sdk/tools.ts:23:21',
      'search_docs ai-tool fixtures/byo/ai-sdk/tools.ts:10:20',
      'send_email ai-tool fixtures/byo/ai-sdk/tools.ts:29:15',
      'lookup_order mastra-createTool fixtures/byo/mastra/tools.ts:4:28',
    ]);
  });

  it('follows a tsconfig `paths` alias to zod schemas (`@/types`), reads a task tool, and a Mastra tool without input', () => {
    const a = analyze(['fixtures/byo/mastra-paths', 'fixtures/byo/mcp-task'], { cwd: root });
    expect(a.diagnostics).toEqual([]);
    expect(a.calls).toEqual({ 'mastra-createTool': 4, 'mcp-registerTool': 1, 'mcp-registerToolTask': 1 });
    expect(a.tools.map((t) => `${t.name} ${t.form}`)).toEqual([
      'lookup_order mastra-createTool',
      'list_orders mastra-createTool',
      'cancel_order mastra-createTool',
      'store_hours mastra-createTool',
      'echo mcp-registerTool',
      'simulate-research-query mcp-registerToolTask',
    ]);
    expect(a.tools[0]!.inputSchema).toEqual({
      type: 'object',
      properties: { orderNumber: { type: 'string', pattern: '^[A-Z]{2}-\\d{6}$', description: 'Order number, e.g. AB-123456' } },
      required: ['orderNumber'],
      additionalProperties: false,
    });
    // Mastra's MCPServer lists an open empty object for a tool without input (test/byo/mastra-oracle.test.ts)
    expect(a.tools[3]!.inputSchema).toEqual({ type: 'object', properties: {} });
  });

  it('follows package.json `imports` (`#schemas/*`, plain and with conditions) to zod schemas, as Node resolves them', () => {
    const dir = project({
      'package.json': JSON.stringify({
        type: 'module',
        imports: { '#schemas/*': './src/schemas/*.ts', '#limits': { types: './src/limits.ts', default: './dist/limits.js' } },
      }),
      'src/schemas/order.ts': "import { z } from 'zod';\nexport const OrderInput = z.object({ id: z.string().describe('Order id') });\n",
      'src/limits.ts': 'export const MAX = 20;\n',
      'src/server.ts':
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\n" +
        "import { OrderInput } from '#schemas/order';\nimport { MAX } from '#limits';\n" +
        "const s = new McpServer({ name: 'x', version: '1' });\n" +
        "s.registerTool('get_order', { description: 'Gets an order.', inputSchema: OrderInput }, async () => ({ content: [] }));\n" +
        "s.registerTool('list_orders', { description: 'Lists orders.', inputSchema: { n: z.number().max(MAX).describe('How many') } }, async () => ({ content: [] }));\n",
    });
    const a = analyze(['src/server.ts'], { cwd: dir });
    expect(a.diagnostics).toEqual([]);
    expect(a.tools.map((t) => [t.name, t.inputSchema])).toEqual([
      ['get_order', { type: 'object', properties: { id: { type: 'string', description: 'Order id' } }, required: ['id'] }],
      ['list_orders', { type: 'object', properties: { n: { type: 'number', maximum: 20, description: 'How many' } }, required: ['n'] }],
    ]);
  });

  it('never guesses: what is outside the static zod subset, or needs running code, is a diagnostic at file:line:col', () => {
    const a = analyze(['fixtures/byo/not-static'], { cwd: root });
    expect(brief(a)).toEqual([
      'fixtures/byo/not-static/server.ts:9:97 not-static refined inputSchema',
      'fixtures/byo/not-static/server.ts:10:84 not-static made inputSchema',
      'fixtures/byo/not-static/server.ts:11:82 not-static old_zod inputSchema',
      'fixtures/byo/not-static/server.ts:12:32 not-static - -',
      'fixtures/byo/not-static/server.ts:14:26 not-static - name',
      'fixtures/byo/not-static/server.ts:16:101 not-static dated inputSchema',
    ]);
    expect(a.diagnostics.map((d) => d.message.split(';')[0])).toEqual([
      'tool `refined`: `inputSchema`: `.refine()` is not in the static zod subset, so the input schema is known only at runtime (use export --import)',
      "tool `made`: `inputSchema`: `makeSchema()` is a call of the project's own code",
      'tool `old_zod`: `inputSchema`: the shape mixes zod 3 and zod 4 schemas, which the MCP SDK refuses ("Mixed Zod versions detected")',
      'registerTool() is called inside a loop (line 12), so how many tools it makes and their values are known only at runtime',
      'the registerTool() call at line 14: `name`: `prefix` is a parameter of `register`',
      'tool `dated`: `inputSchema`: `.date()` is not in the static zod subset, so the input schema is known only at runtime (use export --import)',
    ]);
    expect(a.tools.map((t) => t.name)).toEqual(['fine']);
  });

  it('an AI SDK tool that is never a property of an object of tools has no name: a diagnostic, not a guess', () => {
    const dir = project({
      't.ts':
        "import { tool } from 'ai';\nimport { z } from 'zod';\nexport const lonely = tool({ description: 'A tool without a key anywhere.', inputSchema: z.object({}) });\n",
    });
    const a = analyze(['.'], { cwd: dir });
    expect(brief(a)).toEqual(['t.ts:3:23 not-static - -']);
    expect(a.diagnostics[0]!.message).toContain('`lonely` is never a property of an object of tools');
  });

  it('a zod 3 schema (zod/v3 here) is read as zod 3 and converted as the library converts zod 3; a builder zod 3 lacks is named', () => {
    const dir = project({
      's.ts':
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod/v3';\n" +
        "const s = new McpServer({ name: 'x', version: '1' });\nconst Id = z.string().uuid().describe('Id');\n" +
        "s.registerTool('link', { description: 'Links two items.', inputSchema: { from: Id, to: Id, n: z.number().int().default(1) } }, async () => ({ content: [] }));\n" +
        "s.registerTool('mail', { description: 'Mails.', inputSchema: { to: z.email() } }, async () => ({ content: [] }));\n",
    });
    const a = analyze(['.'], { cwd: dir });
    expect(a.tools.map((t) => [t.name, t.inputSchema])).toEqual([
      [
        'link',
        {
          type: 'object',
          properties: {
            from: { type: 'string', format: 'uuid', description: 'Id' },
            to: { $ref: '#/properties/from' },
            n: { type: 'integer', default: 1 },
          },
          required: ['from', 'to'],
          additionalProperties: false,
        },
      ],
    ]);
    expect(brief(a)).toEqual(['s.ts:6:70 not-static mail inputSchema']);
    expect(a.diagnostics[0]!.message).toContain('`.email()` is not in the static zod subset');
  });

  it('a local function named tool, or a method .tool() with one argument, is not a tool', () => {
    const dir = project({
      't.ts': "const tool = (x: object) => x;\nexport const a = tool({ description: 'x' });\nexport const b = client.tool('x');\n",
    });
    const a = analyze(['.'], { cwd: dir });
    expect([a.tools, a.diagnostics, a.calls]).toEqual([[], [], {}]);
  });
});

describe("validate on a folder of another library's tools", () => {
  it('runs the tool-level checks only and says which profile ran', () => {
    const r = cli(root, 'validate', 'fixtures/byo/mcp-server');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(
      'fixtures/byo/mcp-server/tools.ts:159:79  warn   Tool "get_file_info": param "owner" is nullable string, not a flat param (flat params are strings, numbers, booleans and arrays of strings).  flat-params\n',
    );
    expect(r.stdout).not.toMatch(/registry-core|schema-layer|adapter-layer/);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(
      '⚠ 0 errors, 3 warnings (3 files, 13 tools (13 registerTool calls); profile tools: tool checks only, the architecture checks are for agent-tools layouts)',
    );
  });

  it('never reports success on a folder with no tool: it names what it saw', () => {
    const none = project({ 'a.ts': 'export const x = 1;\n' });
    const r = cli(none, 'validate', '.', '--profile', 'tools');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(
      'a.ts:1:1  error  no tool found in .: no defineTool, registerTool, server.tool, AI SDK tool or Mastra createTool call in 1 file.  define-tool\n',
    );
    const unreadable = project({
      's.ts':
        "import { z } from 'zod';\nserver.registerTool('a', { inputSchema: { n: z.number().refine(Boolean) } }, f);\nserver.registerTool('b', { inputSchema: { n: z.custom() } }, f);\n",
    });
    const u = cli(unreadable, 'validate', '.');
    expect(u.status).toBe(1);
    expect(u.stdout).toContain(
      's.ts:1:1  error  no tool could be read in .: 2 registerTool calls in 1 file, none readable statically (see the other findings).  define-tool\n',
    );
    expect(u.stdout).toContain('s.ts:2:57  error  tool `a`: `inputSchema`: `.refine()` is not in the static zod subset');
  });
});
