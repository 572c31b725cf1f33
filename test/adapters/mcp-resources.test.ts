/** Tests of resources and completion through a real client of each revision: list, read, templates, errors, subscriptions. */

import { ProtocolError, type Client } from '@modelcontextprotocol/client';
import { afterAll, describe, expect, it } from 'vitest';
import { defineResource, definePrompt, defineTool } from 'agent-tools';
import { createMcpServer } from 'agent-tools/mcp';
import { connected, connectServe, REVISIONS, type Revision } from './mcp-child.js';

const ping = defineTool({ name: 'ping', mutates: false, description: 'Answer pong.', params: {}, execute: () => 'pong' });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PAGES: Record<string, string> = { intro: '# Intro\n', install: '# Install\n', usage: '# Usage\n' };

const resources = [
  defineResource({ uri: 'docs://readme', name: 'readme', title: 'Read me', mimeType: 'text/markdown', read: () => '# Fonts\n' }),
  defineResource({ uri: 'docs://logo.png', name: 'logo', mimeType: 'image/png', size: PNG.length, read: () => PNG }),
  defineResource({
    uriTemplate: 'docs://pages/{slug}',
    name: 'page',
    description: 'One page of the manual',
    mimeType: 'text/markdown',
    variables: { slug: { description: 'The page', complete: (value) => Object.keys(PAGES).filter((p) => p.startsWith(value)) } },
    read: ({ slug }) => PAGES[slug!],
    list: () => Object.keys(PAGES).map((slug) => ({ uri: `docs://pages/${slug}`, name: slug })),
  }),
  defineResource({
    uri: 'docs://broken',
    name: 'broken',
    read: () => {
      throw new Error('the disk is gone');
    },
  }),
];
const prompts = [
  definePrompt({
    name: 'style',
    arguments: [
      { name: 'tone', enum: ['formal', 'friendly', 'funny'] },
      { name: 'font', complete: (value, { arguments: args }) => [`${value}-sans`, `${value}-serif`, `tone:${args.tone ?? ''}`] },
    ],
    get: ({ tone }) => `Write in a ${tone} tone.`,
  }),
];

describe.each(REVISIONS)('resources and completion through a real client pinned to %s (in process)', (revision) => {
  let client: Client;
  const server = createMcpServer([ping], { name: 'docs', version: '1.0.0', resources, prompts });
  afterAll(async () => {
    await client?.close();
    await server.close();
  });

  it('lists resources (a template listing its pages) and templates, and declares the capabilities', async () => {
    client = await connected(server, revision as Revision);
    expect(client.getServerCapabilities()).toMatchObject({ resources: { listChanged: true }, completions: {} });
    expect((await client.listResources()).resources).toEqual([
      { uri: 'docs://readme', name: 'readme', title: 'Read me', mimeType: 'text/markdown' },
      { uri: 'docs://logo.png', name: 'logo', mimeType: 'image/png', size: 8 },
      { uri: 'docs://broken', name: 'broken' },
      ...['intro', 'install', 'usage'].map((slug) => ({
        uri: `docs://pages/${slug}`,
        name: slug,
        description: 'One page of the manual',
        mimeType: 'text/markdown',
      })),
    ]);
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([
      { name: 'page', uriTemplate: 'docs://pages/{slug}', description: 'One page of the manual', mimeType: 'text/markdown' },
    ]);
  });

  it('reads text, binary (base64) and a template instance', async () => {
    expect((await client.readResource({ uri: 'docs://readme' })).contents).toEqual([
      { uri: 'docs://readme', mimeType: 'text/markdown', text: '# Fonts\n' },
    ]);
    expect((await client.readResource({ uri: 'docs://logo.png' })).contents).toEqual([
      { uri: 'docs://logo.png', mimeType: 'image/png', blob: Buffer.from(PNG).toString('base64') },
    ]);
    expect((await client.readResource({ uri: 'docs://pages/install' })).contents).toEqual([
      { uri: 'docs://pages/install', mimeType: 'text/markdown', text: '# Install\n' },
    ]);
  });

  it('answers the spec errors: not found is -32602 with the uri (SEP-2164), a failing read is -32603 with its message', async () => {
    for (const uri of ['docs://nothing', 'docs://pages/missing']) {
      const err = await client.readResource({ uri }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProtocolError);
      expect(err).toMatchObject({ code: -32602, message: `Resource not found: ${uri}`, data: { uri } });
    }
    await expect(client.readResource({ uri: 'docs://broken' })).rejects.toMatchObject({
      code: -32603,
      message: 'Resource docs://broken: the disk is gone',
    });
  });

  it('completes prompt arguments from an enum or complete(), and template variables', async () => {
    const complete = (ref: object, name: string, value: string, context?: object) =>
      client.complete({ ref: ref as never, argument: { name, value }, ...(context ? { context: context as never } : {}) });
    expect((await complete({ type: 'ref/prompt', name: 'style' }, 'tone', 'f')).completion).toEqual({
      values: ['formal', 'friendly', 'funny'],
    });
    expect((await complete({ type: 'ref/prompt', name: 'style' }, 'tone', 'FR')).completion).toEqual({ values: ['friendly'] });
    expect((await complete({ type: 'ref/prompt', name: 'style' }, 'font', 'noto', { arguments: { tone: 'formal' } })).completion).toEqual({
      values: ['noto-sans', 'noto-serif', 'tone:formal'],
    });
    expect((await complete({ type: 'ref/resource', uri: 'docs://pages/{slug}' }, 'slug', 'in')).completion).toEqual({
      values: ['intro', 'install'],
    });
    await expect(complete({ type: 'ref/prompt', name: 'nope' }, 'x', '')).rejects.toMatchObject({
      code: -32602,
      message: 'Unknown prompt "nope"',
    });
  });
});

describe('resources of a module through agent-tools serve', () => {
  it('serves the `resources` export; a 2025 client may subscribe and unsubscribe', async () => {
    const { client, close } = await connectServe('fixtures/adapters/asking-tools.ts', '--no-skills', { revision: '2025-11-25' });
    try {
      expect((await client.listResources()).resources).toEqual([{ uri: 'notes://readme', name: 'readme', mimeType: 'text/markdown' }]);
      expect((await client.readResource({ uri: 'notes://readme' })).contents).toEqual([
        { uri: 'notes://readme', mimeType: 'text/markdown', text: '# Notes\n' },
      ]);
      expect(client.getServerCapabilities()?.resources).toEqual({ listChanged: true, subscribe: true });
      expect(await client.subscribeResource({ uri: 'notes://readme' })).toEqual({});
      expect(await client.unsubscribeResource({ uri: 'notes://readme' })).toEqual({});
    } finally {
      await close();
    }
  });
});
