/** Tests of rich results and prompts through `serve` and in process: content blocks, images, prompt skills, content caps. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport, InMemoryTransport, type Progress } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, describe, expect, it } from 'vitest';
import { contentResult, definePrompt, defineTool, imageContent, type PromptDef, type PromptSource, type ToolLogEntry } from 'agent-tools';
import { createMcpServer } from 'agent-tools/mcp';
import { bin, connectServe, root, serveHttp } from './mcp-child.js';

const server = 'test/conformance/server.ts';
const RED_PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

const mixed = [
  { type: 'text', text: 'Multiple content types test:' },
  { type: 'image', data: RED_PIXEL, mimeType: 'image/png' },
  {
    type: 'resource',
    resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{"test":"data","value":123}' },
  },
];

describe('rich results and prompts through agent-tools serve', { timeout: 60_000 }, () => {
  it('stdio: content blocks as the tool made them, prompts listed and answered', async () => {
    const { client, close } = await connectServe(server, '--no-skills');
    cleanup.push(close);
    expect(client.getServerCapabilities()?.prompts).toEqual({ listChanged: true });
    expect((await client.callTool({ name: 'test_multiple_content_types', arguments: {} })).content).toEqual(mixed);
    const audio = (await client.callTool({ name: 'test_audio_content', arguments: {} })).content as {
      type: string;
      data: string;
      mimeType: string;
    }[];
    expect(audio).toHaveLength(1);
    expect(audio[0]).toMatchObject({ type: 'audio', mimeType: 'audio/wav' });
    const wav = Buffer.from(audio[0]!.data, 'base64');
    expect([wav.toString('ascii', 0, 4), wav.toString('ascii', 8, 12), wav.length]).toEqual(['RIFF', 'WAVE', 124]);

    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual([
      'test_simple_prompt',
      'test_prompt_with_arguments',
      'test_prompt_with_embedded_resource',
      'test_prompt_with_image',
      'test_input_required_result_prompt',
    ]);
    expect(prompts[1]!.arguments).toEqual([
      { name: 'arg1', description: 'First test argument', required: true },
      { name: 'arg2', description: 'Second test argument', required: true },
    ]);
    const got = await client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'hello', arg2: 'world' } });
    expect(got.messages).toEqual([{ role: 'user', content: { type: 'text', text: "Prompt with arguments: arg1='hello', arg2='world'" } }]);
    await expect(client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'x' } })).rejects.toMatchObject({
      code: -32602,
      message: 'Prompt "test_prompt_with_arguments": missing required argument "arg2"',
    });
    await expect(client.getPrompt({ name: 'test_simple_promt' })).rejects.toThrow(
      /Unknown prompt "test_simple_promt"\. Did you mean: test_simple_prompt\?/,
    );
  });

  it('the bundled example: render_png over stdio sends progress per node, then the PNG', async () => {
    const { client, close } = await connectServe('examples/canvas/registry.ts', '--tier', 'all', '--no-skills');
    cleanup.push(close);
    const progress: Progress[] = [];
    client.setNotificationHandler('notifications/progress', ({ params: { progressToken: _t, ...p } }) => void progress.push(p));
    const result = await client.request({
      method: 'tools/call',
      params: { name: 'render_png', arguments: { id: 'n1' }, _meta: { progressToken: 'png' } },
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(result.content.map((c) => c.type)).toEqual(['text', 'image']);
    const image = result.content[1] as { data: string; mimeType: string };
    expect(image.mimeType).toBe('image/png');
    expect(Buffer.from(image.data, 'base64').readUInt32BE(16)).toBe(360); // IHDR width
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress.at(-1)).toEqual({ progress: 7, total: 7, message: 'encoded PNG' });
  });

  it('HTTP: image content and a prompt with an embedded resource', async () => {
    const http = await serveHttp(server, '--no-skills');
    cleanup.push(http.stop);
    const client = new Client({ name: 't', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    cleanup.push(() => client.close());
    expect((await client.callTool({ name: 'test_image_content', arguments: {} })).content).toEqual([
      { type: 'image', data: RED_PIXEL, mimeType: 'image/png' },
    ]);
    const got = await client.getPrompt({ name: 'test_prompt_with_embedded_resource', arguments: { resourceUri: 'test://x' } });
    expect(got.messages[0]).toEqual({
      role: 'user',
      content: { type: 'resource', resource: { uri: 'test://x', mimeType: 'text/plain', text: 'Embedded resource content for testing.' } },
    });
    const err = await client.callTool({ name: 'test_error_handling', arguments: {} });
    expect(err).toMatchObject({ isError: true, content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }] });
  });

  it('a store’s prompt skills and SKILL.md skills are prompts; disabling one sends prompts/list_changed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prompt-skills-'));
    const store = join(dir, 'skills.db');
    const skill = (...args: string[]) => {
      const r = spawnSync(process.execPath, [bin, 'skill', ...args, '--store', store], {
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    };
    skill(
      'install',
      `${root}fixtures/skills/tone.json`,
      `${root}fixtures/skills/agent/listed/SKILL.md`,
      `${root}fixtures/skills/word-count.json`,
    );
    const client = new Client({ name: 't', version: '1' });
    let changed = 0;
    let waiter: (() => void) | undefined;
    client.setNotificationHandler('notifications/prompts/list_changed', () => {
      changed++;
      waiter?.();
    });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'serve', `${root}${server}`, '--store', store],
        cwd: dir,
        stderr: 'ignore',
      }),
    );
    cleanup.push(() => client.close());
    const names = async () => (await client.listPrompts()).prompts.map((p) => p.name);
    expect(await names()).toEqual([
      'test_simple_prompt',
      'test_prompt_with_arguments',
      'test_prompt_with_embedded_resource',
      'test_prompt_with_image',
      'test_input_required_result_prompt',
      'listed',
      'tone',
    ]);
    expect((await client.getPrompt({ name: 'tone' })).messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Write politely and briefly.' } },
    ]);
    expect((await client.getPrompt({ name: 'listed' })).messages[0]!.content).toEqual({
      type: 'text',
      text: 'Check the release checklist first.',
    });

    const next = new Promise<void>((resolve) => (waiter = resolve));
    skill('disable', 'tone');
    await next;
    expect(await names()).not.toContain('tone');
    expect(changed).toBe(1);
    await expect(client.getPrompt({ name: 'tone' })).rejects.toThrow(/Unknown prompt "tone"/);
  });
});

describe('rich results in process', () => {
  async function connect(tools: Parameters<typeof createMcpServer>[0], options: Partial<Parameters<typeof createMcpServer>[1]> = {}) {
    const mcp = createMcpServer(tools, { name: 't', version: '1', ...options });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await mcp.connect(b);
    const client = new Client({ name: 't', version: '1' });
    await client.connect(a);
    return { client, mcp };
  }

  it('an item over maxContentBytes becomes a text note with both sizes; the ToolLog holds sizes, not base64', async () => {
    const big = defineTool({
      name: 'big',
      mutates: false,
      description: 'Returns a 2000-byte image and a short text.',
      params: {},
      execute: () => contentResult('caption', imageContent(new Uint8Array(2000), 'image/png')),
    });
    const entries: ToolLogEntry[] = [];
    const { client, mcp } = await connect([big], { maxContentBytes: 1000, onToolLog: (e) => void entries.push(e) });
    expect((await client.callTool({ name: 'big', arguments: {} })).content).toEqual([
      { type: 'text', text: 'caption' },
      { type: 'text', text: '[image (image/png) of 2 000 bytes left out: over the 1 000-byte cap per content item]' },
    ]);
    const { client: c2, mcp: m2 } = await connect([big], { onToolLog: (e) => void entries.push(e) });
    expect((await c2.callTool({ name: 'big', arguments: {} })).content).toMatchObject([
      { type: 'text' },
      { type: 'image', mimeType: 'image/png' },
    ]);
    expect(entries[1]!.result).toEqual({
      content: [
        { type: 'text', text: 'caption' },
        { type: 'image', mimeType: 'image/png', bytes: 2000 },
      ],
    });
    await mcp.close();
    await m2.close();
  });

  it('a live prompt source: list_changed only when the listing changes', async () => {
    let current: PromptDef[] = [definePrompt({ name: 'a', description: 'A', get: () => 'a' })];
    const listeners = new Set<() => void>();
    const source: PromptSource = { prompts: () => current, onChange: (l) => (listeners.add(l), () => listeners.delete(l)) };
    const { client, mcp } = await connect([], { prompts: source });
    const seen: string[] = [];
    client.setNotificationHandler('notifications/prompts/list_changed', () => void seen.push('changed'));
    listeners.forEach((l) => l());
    current = [...current, definePrompt({ name: 'b', description: 'B', get: () => 'b' })];
    listeners.forEach((l) => l());
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual(['changed']);
    expect((await client.listPrompts()).prompts).toEqual([
      { name: 'a', description: 'A' },
      { name: 'b', description: 'B' },
    ]);
    await mcp.close();
    expect(listeners.size).toBe(0);
  });
});
