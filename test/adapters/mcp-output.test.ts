/** Tests of typed outputs through a real SDK v2 client: `outputSchema` listed and `structuredContent` validated by the client. */

import type { Client } from '@modelcontextprotocol/client';
import { afterAll, describe, expect, it } from 'vitest';
import { defineTool, toOutputSchema } from '../../src/index.js';
import { createMcpServer } from '../../src/adapters/mcp.js';
import { brokenNode, getNode, renameNode } from '../../fixtures/adapters/output-tools.js';
import { connectHttp, connected, connectServe, REVISIONS, serveHttp } from './mcp-child.js';

const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

const fixture = 'fixtures/adapters/output-tools.ts';

/** What a real SDK v2 client sees: outputSchema listed, structuredContent validated by the client itself. */
async function expectTypedOutputs(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  const byName = new Map(tools.map((t) => [t.name, t]));
  expect(byName.get('get_node')?.outputSchema).toEqual(toOutputSchema(getNode.output));
  expect(byName.get('rename_node')?.outputSchema).toEqual(toOutputSchema(renameNode.output));

  const got = await client.callTool({ name: 'get_node', arguments: { id: 'n1' } });
  const node = { id: 'n1', name: 'Title', type: 'text', children: [{ id: 'n2' }] };
  expect(got.structuredContent).toEqual(node);
  expect(got.content).toEqual([{ type: 'text', text: JSON.stringify(node) }]);

  const renamed = await client.callTool({ name: 'rename_node', arguments: { id: 'n1', name: 'Heading' } });
  expect(renamed.structuredContent).toEqual({ id: 'n1', name: 'Heading', renamed: true });

  const broken = await client.callTool({ name: 'broken_node', arguments: {} });
  expect(broken).toMatchObject({
    isError: true,
    content: [
      {
        type: 'text',
        text: 'Invalid result from tool "broken_node": it does not match the tool\'s output schema\n- $.id: expected a string, received the number 3',
      },
    ],
  });
  expect(broken.structuredContent).toBeUndefined();
}

describe('typed outputs through a real SDK v2 client', { timeout: 90_000 }, () => {
  it.each(REVISIONS)('in process, %s: outputSchema listed, structuredContent passes the client validation', async (revision) => {
    const server = createMcpServer([getNode, brokenNode, renameNode], { name: 'test', version: '1.0.0' });
    const client = await connected(server, revision);
    cleanup.push(() => client.close());
    await expectTypedOutputs(client);
  });

  it('the client validation is real: a result that breaks the listed schema is refused by the client', async () => {
    // outputSchema claims a number while the declared output (checked by the pipeline) says string
    const lying = { ...getNode, name: 'lying', outputSchema: { type: 'object', properties: { id: { type: 'number' } }, required: ['id'] } };
    const client = await connected(createMcpServer([lying], { name: 'test', version: '1.0.0' }));
    cleanup.push(() => client.close());
    await client.listTools();
    await expect(client.callTool({ name: 'lying', arguments: { id: 'n1' } })).rejects.toThrow(/does not match the tool's output schema/);
  });

  it('a tool without output keeps its plain result (no outputSchema)', async () => {
    const ping = defineTool({ name: 'ping', mutates: false, description: 'Ping', params: {}, execute: () => ({ pong: true }) });
    const client = await connected(createMcpServer([ping], { name: 'test', version: '1.0.0' }));
    cleanup.push(() => client.close());
    const { tools } = await client.listTools();
    expect(tools[0]!.outputSchema).toBeUndefined();
    expect((await client.callTool({ name: 'ping', arguments: {} })).structuredContent).toEqual({ pong: true });
  });

  it('stdio: agent-tools serve', async () => {
    const { client, close } = await connectServe(fixture, '--no-skills');
    cleanup.push(close);
    await expectTypedOutputs(client);
  });

  it.each(REVISIONS)('HTTP, %s: agent-tools serve --http', async (revision) => {
    const served = await serveHttp(fixture, '--no-skills');
    cleanup.push(served.stop);
    const client = await connectHttp(served.url, revision);
    cleanup.push(() => client.close());
    await expectTypedOutputs(client);
  });
});
