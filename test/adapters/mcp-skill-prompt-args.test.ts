/** Tests of prompt skills with arguments through `serve --store`: listed, and filled on `prompts/get`, over stdio and HTTP. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport, ProtocolErrorCode, ProtocolError } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, root, serveHttp } from './mcp-child.js';

// A prompt skill declares arguments; serve lists them and fills {{name}} on prompts/get.
const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

let store = '';
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'prompt-args-'));
  store = join(dir, 'skills.db');
  const r = spawnSync(
    process.execPath,
    [
      bin,
      'skill',
      'install',
      `${root}fixtures/skills/translate.json`,
      `${root}fixtures/skills/tone.json`,
      `${root}fixtures/skills/agent/listed/SKILL.md`,
      '--store',
      store,
    ],
    { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
  );
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
});

async function rejection(p: Promise<unknown>): Promise<ProtocolError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProtocolError);
  return err as ProtocolError;
}

async function checkPrompts(client: Client): Promise<void> {
  const { prompts } = await client.listPrompts();
  expect(prompts).toEqual([
    { name: 'listed', description: expect.any(String) },
    { name: 'tone', description: 'Polite tone for customer mail' },
    {
      name: 'translate',
      description: 'Translate a text, keeping its placeholders and markup',
      arguments: [
        { name: 'language', description: 'Target language, e.g. French', required: true },
        { name: 'text', description: 'The text to translate', required: true },
        { name: 'register', description: 'formal or casual (default: as the source)' },
      ],
    },
  ]);

  // every declared {{name}} filled, the rest verbatim; a value is not read as a template and nothing is escaped
  const got = await client.getPrompt({
    name: 'translate',
    arguments: { language: 'French', text: 'Hi {{name}} & <you>, {{language}}', register: 'formal' },
  });
  expect(got.messages).toEqual([
    {
      role: 'user',
      content: {
        type: 'text',
        text: 'Translate into French, register: formal. Keep {{placeholders}} and <b>tags</b> as written.\n\nHi {{name}} & <you>, {{language}}',
      },
    },
  ]);
  // an optional argument left out is empty text
  const bare = await client.getPrompt({ name: 'translate', arguments: { language: '日本語', text: 'Good morning' } });
  expect(bare.messages[0]!.content).toEqual({
    type: 'text',
    text: 'Translate into 日本語, register: . Keep {{placeholders}} and <b>tags</b> as written.\n\nGood morning',
  });

  const missing = await rejection(client.getPrompt({ name: 'translate', arguments: { text: 'x' } }));
  expect(missing.code).toBe(ProtocolErrorCode.InvalidParams);
  // the server's message says the reason once, without an "MCP error <code>: " prefix (the v2 client adds none)
  expect(missing.message).toBe('Prompt "translate": missing required argument "language"');
  const none = await rejection(client.getPrompt({ name: 'translate' }));
  expect([none.code, none.message]).toEqual([
    ProtocolErrorCode.InvalidParams,
    'Prompt "translate": missing required arguments "language", "text"',
  ]);
  const unknown = await rejection(client.getPrompt({ name: 'translat' }));
  expect([unknown.code, unknown.message]).toEqual([ProtocolErrorCode.InvalidParams, 'Unknown prompt "translat". Did you mean: translate?']);
  // a bad tool argument is a tool result the model reads, not a protocol error, and carries no prefix either
  const badArgs = await client.callTool({ name: 'set_font', arguments: { id: 'n1', weight: 'abc' } });
  expect([badArgs.isError, (badArgs.content as { text: string }[])[0]!.text]).toEqual([
    true,
    'Invalid arguments for tool "set_font":\n- weight: expected number, received string "abc"',
  ]);
  // an undeclared argument is ignored (the SDK's McpServer strips unknown keys), here and on a skill with none
  const extra = await client.getPrompt({ name: 'translate', arguments: { language: 'French', text: 'x', lang: 'de' } });
  expect(extra.messages[0]!.content).toEqual({
    type: 'text',
    text: 'Translate into French, register: . Keep {{placeholders}} and <b>tags</b> as written.\n\nx',
  });
  expect((await client.getPrompt({ name: 'tone', arguments: { language: 'French' } })).messages[0]!.content).toEqual({
    type: 'text',
    text: 'Write politely and briefly.',
  });
}

describe('prompt skills with arguments through agent-tools serve --store', { timeout: 60_000 }, () => {
  it('stdio', async () => {
    const client = new Client({ name: 't', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'serve', `${root}fixtures/adapters/font-tools.ts`, '--store', store],
        cwd: dir,
        stderr: 'ignore',
      }),
    );
    cleanup.push(() => client.close());
    await checkPrompts(client);
  });

  it('HTTP', async () => {
    const http = await serveHttp('fixtures/adapters/font-tools.ts', '--store', store);
    cleanup.push(http.stop);
    const client = new Client({ name: 't', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    cleanup.push(() => client.close());
    await checkPrompts(client);
  });
});
