/** Tests that serve's approval hint shows the command the user ran: over HTTP with --http and its port, over stdio without. */

import { afterEach, describe, expect, it } from 'vitest';
import { connectHttp, connectServe, REVISIONS, serveHttp } from '../adapters/mcp-child.js';

const FIXTURE = 'fixtures/adapters/approval-tools.ts';
const stops: (() => unknown)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** The text of a tool result's first content item. */
const text = (r: unknown) => ((r as { content: { text: string }[] }).content[0]?.text ?? '').toString();

describe('serve: the approval hint names the command that was run', { timeout: 90_000 }, () => {
  it.each(REVISIONS)('over HTTP (%s): --http and its port, and the other flags given, with --approve added', async (revision) => {
    const served = await serveHttp(FIXTURE, '--tier', 'all', '--name', 'my tools');
    stops.push(served.stop);
    const client = await connectHttp(served.url, revision, { capabilities: {} });
    stops.push(() => client.close());
    const r = await client.callTool({ name: 'delete_node', arguments: { id: 'n1' } });
    expect(r.isError).toBe(true);
    expect(text(r)).toContain(
      `start the server with \`npx agent-tools serve ${FIXTURE} --tier all --http 0 --no-auth --name 'my tools' --approve delete_node\``,
    );
  });

  it('over stdio: no --http, the flags given kept', async () => {
    const { client, close } = await connectServe(FIXTURE, '--tier', 'all', { client: { capabilities: {} } });
    stops.push(close);
    const r = await client.callTool({ name: 'delete_node', arguments: { id: 'n1' } });
    expect(r.isError).toBe(true);
    expect(text(r)).toContain(`start the server with \`npx agent-tools serve ${FIXTURE} --tier all --approve delete_node\``);
  });
});
