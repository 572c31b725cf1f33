/** Tests of the MCP server over a real stdio child: listing, Unicode, defaults, errors, capped results and duplicate names. */

import { spawnSync } from 'node:child_process';
import { type Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toInputSchema } from '../../src/core/input-schema.js';
import { bin, connectServe, root } from './mcp-child.js';

const FONT_TOOLS = 'fixtures/adapters/font-tools.ts';
const CHINESE = '设置字体粗细（100–900）。支持 emoji 👍 与「引号」';
const codePoints = (s: string) => [...s].map((c) => c.codePointAt(0));
const text = (r: unknown) => (r as { content: { type: string; text: string }[] }).content[0]!.text;

describe('MCP server over a real stdio child (agent-tools serve)', () => {
  let client: Client;
  let stderr: () => string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ client, stderr, close } = await connectServe(FONT_TOOLS, '--tier', 'all'));
  });
  afterAll(async () => {
    await close();
  });

  it('lists every tool in registry order with title, annotations and the exact toInputSchema bytes', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'set_font',
      'describe_font',
      'explode',
      'find_node',
      'list_nodes',
      'big_ascii',
      'big_chinese',
    ]);
    const setFont = tools[0]!;
    expect(JSON.stringify(setFont.inputSchema)).toBe(
      JSON.stringify(
        toInputSchema({
          id: { type: 'string', description: 'Font id', required: true },
          italic: { type: 'boolean', description: 'Italic style', default: false },
          weight: { type: 'number', description: 'CSS weight', default: 400 },
          tags: { type: 'string[]', description: 'Tags to attach' },
        }),
      ),
    );
    expect(setFont.annotations).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false });
    expect(tools[1]!.annotations).toEqual({
      title: '字体说明',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(tools[1]!.title).toBe('字体说明');
    expect(stderr()).toContain('font-tools: loading\n');
    expect(stderr()).toContain(
      'agent-tools: serving 7 tools from fixtures/adapters/font-tools.ts (CORE_TOOLS + EXTENDED_TOOLS, tier all) over stdio',
    );
  });

  it('Chinese and emoji in descriptions and results arrive as the same code points', async () => {
    const { tools } = await client.listTools();
    const describeFont = tools.find((t) => t.name === 'describe_font')!;
    expect(codePoints(describeFont.description!)).toEqual(codePoints(CHINESE));
    expect((describeFont.inputSchema.properties as Record<string, { description: string }>).id!.description).toBe('字体 ID');
    const r = await client.callTool({ name: 'describe_font', arguments: { id: '字体-1' } });
    const expected = { id: '字体-1', 名称: '思源黑体', note: '粗细 700 👍 「引号」𝄞' };
    expect(JSON.parse(text(r))).toEqual(expected);
    expect(r.structuredContent).toEqual(expected);
    expect(text(r)).not.toContain('\\u');
    expect(text(r)).not.toContain('\uFFFD');
  });

  it('defaults fill omitted params; a call without the arguments key equals one with {}', async () => {
    const r = await client.callTool({ name: 'set_font', arguments: { id: 'f1' } });
    expect(r.structuredContent).toEqual({ received: { id: 'f1', italic: false, weight: 400 } });
    const noKey = await client.request({ method: 'tools/call', params: { name: 'list_nodes' } });
    const empty = await client.request({ method: 'tools/call', params: { name: 'list_nodes', arguments: {} } });
    expect(noKey).toEqual({ content: [{ type: 'text', text: '["n1","n2"]' }] });
    expect(empty).toEqual(noKey);
    const missing = await client.request({ method: 'tools/call', params: { name: 'set_font' } });
    expect(missing).toEqual({
      content: [{ type: 'text', text: 'Invalid arguments for tool "set_font":\n- id: missing required parameter (expected string)' }],
      isError: true,
    });
  });

  it('a thrown error, a returned { error } and a bad argument are isError results; the next call works', async () => {
    expect(await client.callTool({ name: 'explode', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'Boom: the canvas is locked' }],
      isError: true,
    });
    expect(await client.callTool({ name: 'find_node', arguments: { id: 'x' } })).toEqual({
      content: [{ type: 'text', text: 'Node "x" not found' }],
      isError: true,
    });
    expect(await client.callTool({ name: 'set_font', arguments: { id: 'f1', weight: 'abc' } })).toEqual({
      content: [{ type: 'text', text: 'Invalid arguments for tool "set_font":\n- weight: expected number, received string "abc"' }],
      isError: true,
    });
    expect((await client.callTool({ name: 'set_font', arguments: { id: 'f1', weight: '700' } })).structuredContent).toEqual({
      received: { id: 'f1', italic: false, weight: 700 },
    });
  });

  it('an unknown tool name is an error result listing close matches', async () => {
    expect(await client.callTool({ name: 'set_fnt', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'Unknown tool "set_fnt". Did you mean: set_font?' }],
      isError: true,
    });
  });

  it('5 000 000 ASCII characters and 2 MB of Chinese arrive capped, with the marker, no U+FFFD', async () => {
    const ascii = JSON.parse(text(await client.callTool({ name: 'big_ascii', arguments: {} }))) as string;
    expect(Buffer.byteLength(ascii)).toBeLessThanOrEqual(100_000);
    expect(ascii).toMatch(/^a+\n\.\.\.\[result truncated: 5000000 UTF-8 bytes, kept \d+ \(head and tail\)\]\.\.\.\nz+$/);
    const chinese = JSON.parse(text(await client.callTool({ name: 'big_chinese', arguments: {} }))) as string;
    expect(Buffer.byteLength(chinese)).toBeLessThanOrEqual(100_000);
    expect(chinese).toContain('[result truncated: 2100000 UTF-8 bytes, kept ');
    expect(chinese).not.toContain('\uFFFD');
    expect(chinese.startsWith('汉字测试汉字测试')).toBe(true);
  });
});

describe('serve: a ToolSource followed live over stdio', () => {
  it('sends tools/list_changed only when the visible set actually changes', async () => {
    const { client, close } = await connectServe('fixtures/adapters/live-tools.ts');
    try {
      let notifications = 0;
      client.setNotificationHandler('notifications/tools/list_changed', () => void notifications++);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['toggle', 'shout']);
      await client.callTool({ name: 'toggle', arguments: { enabled: true } });
      await client.listTools();
      expect(notifications).toBe(0);
      await client.callTool({ name: 'toggle', arguments: { enabled: false } });
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['toggle']);
      expect(notifications).toBe(1);
      expect(await client.callTool({ name: 'shout', arguments: { text: 'hi' } })).toMatchObject({
        isError: true,
        content: [{ text: 'Unknown tool "shout". No tool has a similar name.' }],
      });
      await client.callTool({ name: 'toggle', arguments: { enabled: false } });
      await client.listTools();
      expect(notifications).toBe(1);
      await client.callTool({ name: 'toggle', arguments: { enabled: true } });
      expect(text(await client.callTool({ name: 'shout', arguments: { text: 'hi' } }))).toBe('"HI"');
      expect(notifications).toBe(2);
    } finally {
      await close();
    }
  });
});

describe('serve: refusing bad modules', () => {
  it('refuses two tools with one name, naming both, exit 2', () => {
    const r = spawnSync(process.execPath, [bin, 'serve', 'fixtures/adapters/duplicate-tools.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      input: '',
    });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^agent-tools: fixtures\/adapters\/duplicate-tools\.ts: Duplicate tool name "set_font": defined by core\[0\] \(.*duplicate-tools\.ts:5:\d+\) and by core\[1\] \(.*duplicate-tools\.ts:6:\d+\)\. Rename one of them\.\n$/,
    );
  });

  it('names a missing module and a module without tools', () => {
    const missing = spawnSync(process.execPath, [bin, 'serve', 'fixtures/adapters/nope.ts'], { cwd: root, encoding: 'utf8', input: '' });
    expect([missing.status, missing.stderr]).toEqual([2, 'agent-tools: tools module not found: fixtures/adapters/nope.ts\n']);
    const bad = spawnSync(process.execPath, [bin, 'serve', 'fixtures/adapters/no-tools.ts'], { cwd: root, encoding: 'utf8', input: '' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(
      "agent-tools: fixtures/adapters/no-tools.ts: no tools found. Export a registry (createRegistry) as 'registry', CORE_TOOLS/EXTENDED_TOOLS/ALL_TOOLS arrays, a default export of tools, or the tools themselves; found exports answer\n",
    );
  });
});
