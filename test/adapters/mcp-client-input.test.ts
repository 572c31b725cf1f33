/** Tests of `ctx.elicit`, `ctx.sample` and `ctx.listRoots` through a real client of each revision, in process and through serve. */

import { spawnSync } from 'node:child_process';
import { ProtocolError, type Client } from '@modelcontextprotocol/client';
import { afterAll, describe, expect, it } from 'vitest';
import { runTool } from 'agent-tools';
import { createMcpServer } from 'agent-tools/mcp';
import { toolsToAI } from 'agent-tools/ai';
import { ALL_TOOLS, prompts, runs } from '../../fixtures/adapters/asking-tools.js';
import { bin, connected, connectHttp, connectServe, REVISIONS, root, serveHttp, type Revision } from './mcp-child.js';

const FIXTURE = 'fixtures/adapters/asking-tools.ts';
const CAPABLE = { capabilities: { elicitation: { form: {} }, sampling: {}, roots: {} } };

/** Answers the server's requests as a host would: the form, the model, the roots; records what was asked. */
function answer(client: Client, elicit: (message: string) => Record<string, unknown>) {
  const asked: string[] = [];
  client.setRequestHandler('elicitation/create', async (request) => {
    const message = (request.params as { message: string }).message;
    asked.push(`elicit: ${message}`);
    return elicit(message) as never;
  });
  client.setRequestHandler('sampling/createMessage', async (request) => {
    asked.push(`sample: ${JSON.stringify(request.params.messages[0]!.content)}`);
    return { role: 'assistant', model: 'test-model', content: { type: 'text', text: 'Short.' } };
  });
  client.setRequestHandler('roots/list', async () => {
    asked.push('roots');
    return { roots: [{ uri: 'file:///work', name: 'work' }] };
  });
  return asked;
}

const confirm = (message: string) =>
  message.startsWith('Delete')
    ? { action: 'accept', content: { confirm: true } }
    : message.startsWith('Your name')
      ? { action: 'accept', content: { name: 'Ada' } }
      : message.startsWith('Which language')
        ? { action: 'accept', content: { language: 'fr' } }
        : { action: 'accept', content: { color: 'green' } };

const structured = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })).structuredContent;

describe.each(REVISIONS)('ctx.elicit, ctx.sample and ctx.listRoots through a real client pinned to %s (in process)', (revision) => {
  const open: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of open) await close();
  });
  async function client(options = CAPABLE) {
    const server = createMcpServer(ALL_TOOLS, { name: 'asking', version: '1.0.0', prompts });
    const c = await connected(server, revision as Revision, options);
    open.push(async () => {
      await c.close();
      await server.close();
    });
    return c;
  }

  it('asks the user, the model and the roots; each tool runs once, the same code for both revisions', async () => {
    const c = await client();
    expect(c.getProtocolEra()).toBe(revision === '2026-07-28' ? 'modern' : 'legacy');
    const asked = answer(c, confirm);
    const before = { ...runs };
    expect(await structured(c, 'delete_node', { id: 'n1' })).toEqual({ deleted: true, id: 'n1' });
    expect(await structured(c, 'summarize', { text: 'a long text' })).toEqual({ model: 'test-model', summary: 'Short.' });
    expect(await structured(c, 'count_roots')).toEqual({ roots: ['file:///work'] });
    expect(await structured(c, 'two_questions')).toEqual({ name: 'Ada', color: 'green' });
    expect(asked).toEqual([
      'elicit: Delete node n1?',
      'sample: {"type":"text","text":"Summarize: a long text"}',
      'roots',
      'elicit: Your name?',
      'elicit: Favorite color, Ada?',
    ]);
    for (const name of ['delete_node', 'summarize', 'count_roots', 'two_questions']) expect(runs[name]! - (before[name] ?? 0)).toBe(1);
  });

  it('hands the user a decline as it is; a prompt can ask too', async () => {
    const c = await client();
    answer(c, () => ({ action: 'decline' }));
    expect(await structured(c, 'delete_node', { id: 'n2' })).toEqual({ deleted: false, action: 'decline' });
    answer(c, confirm);
    const got = await c.getPrompt({ name: 'greeting', arguments: { style: 'formal' } });
    expect(got.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Write a formal greeting in fr.' } }]);
  });

  it('a client without the capability gets a clear error at once, never a wait', async () => {
    const c = await client({ capabilities: {} } as typeof CAPABLE);
    const message =
      'The client did not declare the "elicitation" capability, so this call cannot send elicitation/create; use a client that supports elicitation, or call a tool that does not need it';
    if (revision === '2025-11-25') {
      expect(await c.callTool({ name: 'delete_node', arguments: { id: 'n3' } })).toEqual({
        content: [{ type: 'text', text: message }],
        isError: true,
      });
    } else {
      // MCP 2026-07-28: a server that needs an undeclared capability answers -32021 (MissingRequiredClientCapability)
      const err = await c.callTool({ name: 'delete_node', arguments: { id: 'n3' } }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProtocolError);
      expect(err).toMatchObject({ code: -32021, message, data: { requiredCapabilities: { elicitation: {} } } });
    }
  });
});

describe('ctx.elicit through agent-tools serve, both revisions', () => {
  for (const revision of REVISIONS) {
    it(`stdio, ${revision}`, async () => {
      const { client, close } = await connectServe(FIXTURE, '--no-skills', { revision, client: CAPABLE });
      try {
        const asked = answer(client, confirm);
        expect(await structured(client, 'delete_node', { id: 'n1' })).toEqual({ deleted: true, id: 'n1' });
        expect(await structured(client, 'two_questions')).toEqual({ name: 'Ada', color: 'green' });
        expect(asked).toEqual(['elicit: Delete node n1?', 'elicit: Your name?', 'elicit: Favorite color, Ada?']);
      } finally {
        await close();
      }
    });
  }

  it('HTTP: a 2026 client and a 2025 client (in its session) are both asked; a 2025 request without a session is refused at once', async () => {
    const served = await serveHttp(FIXTURE, '--no-skills');
    try {
      for (const revision of REVISIONS) {
        const client = await connectHttp(served.url, revision, CAPABLE);
        const asked = answer(client, confirm);
        expect(await structured(client, 'summarize', { text: 'x' })).toEqual({ model: 'test-model', summary: 'Short.' });
        expect(await structured(client, 'delete_node', { id: 'n9' })).toEqual({ deleted: true, id: 'n9' });
        expect(asked).toEqual(['sample: {"type":"text","text":"Summarize: x"}', 'elicit: Delete node n9?']);
        await client.close();
      }
      const raw = await fetch(served.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'delete_node', arguments: { id: 'n1' } } }),
      });
      const text = await raw.text();
      const reply = JSON.parse(text.startsWith('{') ? text : /^data: (.*)$/m.exec(text)![1]!);
      expect(reply.result.isError).toBe(true);
      expect(reply.result.content[0].text).toMatch(
        /^elicitation\/create is not available here: .* a 2025-era HTTP request without a session/,
      );
    } finally {
      served.stop();
    }
  });
});

describe('other adapters say asking is not available there', () => {
  it('the AI SDK adapter and runTool without an asker: an error naming where the call came from', async () => {
    // the AI SDK adapter throws a failed call's message: the AI SDK hands it to the model as a tool error
    const ai = toolsToAI(ALL_TOOLS);
    const call = (ai.delete_node as unknown as { execute: (i: unknown, o: unknown) => Promise<unknown> }).execute(
      { id: 'n1' },
      { toolCallId: 't1', messages: [] },
    );
    await expect(call).rejects.toThrow(
      'elicitation/create is not available here: asking the client (elicitation, sampling, roots) needs an MCP client, and this call came from the AI SDK adapter (toolsToAI). Give the tool what it needs as params instead',
    );
    const direct = await runTool(ALL_TOOLS[1]!, { text: 'x' });
    expect(direct).toMatchObject({
      isError: true,
      error: expect.stringMatching(/^sampling\/createMessage is not available here: .*this adapter/),
    });
  });

  it('agent-tools call: exit 1 with the message', () => {
    const r = spawnSync(process.execPath, [bin, 'call', FIXTURE, 'delete_node', '--id', 'n1'], { cwd: root, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('elicitation/create is not available here');
    expect(r.stderr).toContain('the command line (toolsToCommands, agent-tools call)');
  });
});
