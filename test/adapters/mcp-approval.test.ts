/** Tests of approval over MCP with a real client: elicitation, declines, per-call rules, clients that cannot be asked, policies. */

import { type Client } from '@modelcontextprotocol/client';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createMcpServer } from 'agent-tools/mcp';
import type { ApprovalPolicy } from '../../src/core/approval.js';
import type { ToolLogEntry } from '../../src/runtime/tool-log.js';
import { ALL_TOOLS, nodes } from '../../fixtures/adapters/approval-tools.js';
import { connected, connectHttp, connectServe, REVISIONS, serveHttp, type Revision } from './mcp-child.js';

const FIXTURE = 'fixtures/adapters/approval-tools.ts';
const ELICITS = { capabilities: { elicitation: { form: {} } } };

/** Answers each approval form as a user would (`approve` true or false, or a decline), recording the messages shown. */
function user(client: Client, answer: (message: string) => { action: 'accept' | 'decline'; approve?: boolean }) {
  const asked: { message: string; schema: unknown }[] = [];
  client.setRequestHandler('elicitation/create', async (request) => {
    const params = request.params as { message: string; requestedSchema: unknown };
    asked.push({ message: params.message, schema: params.requestedSchema });
    const a = answer(params.message);
    return (a.action === 'accept' ? { action: 'accept', content: { approve: a.approve ?? true } } : { action: a.action }) as never;
  });
  return asked;
}

const text = (r: unknown) => (r as { content: { text: string }[] }).content[0]!.text;

describe.each(REVISIONS)('approval over MCP with a real client pinned to %s (in process)', (revision) => {
  const open: (() => Promise<void>)[] = [];
  const initial = [...nodes];
  beforeEach(() => {
    for (const id of initial) nodes.add(id);
  });
  afterAll(async () => {
    for (const close of open) await close();
  });
  async function client(options: object = ELICITS, approval?: ApprovalPolicy) {
    const log: ToolLogEntry[] = [];
    const server = createMcpServer(ALL_TOOLS, { name: 'approval', version: '1.0.0', onToolLog: (e) => void log.push(e), approval });
    const c = await connected(server, revision as Revision, options);
    open.push(async () => {
      await c.close();
      await server.close();
    });
    return { c, log };
  }

  it('asks the user with the tool and its arguments before a destructive call, and runs it once approved', async () => {
    const { c, log } = await client();
    const asked = user(c, () => ({ action: 'accept' }));
    const r = await c.callTool({ name: 'delete_node', arguments: { id: 'n1' } });
    expect(r.structuredContent).toEqual({ deleted: 'n1' });
    expect(nodes.has('n1')).toBe(false);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.message).toBe(
      'Allow the tool delete_node to run? Deletes a node and its children forever. It needs approval: it is destructive: it mutates and does not say destructive: false. Arguments: {"id":"n1"}',
    );
    expect(asked[0]!.schema).toMatchObject({ type: 'object', properties: { approve: { type: 'boolean' } }, required: ['approve'] });
    // a read-only tool is not asked about
    await c.callTool({ name: 'list_nodes', arguments: {} });
    expect(asked).toHaveLength(1);
    expect(log.map((e) => [e.tool, e.approval, e.approvalBy])).toEqual([
      ['delete_node', 'approved', "the MCP client's user (elicitation)"],
      ['list_nodes', 'not-needed', 'the default (not destructive)'],
    ]);
  });

  it('a decline or an unchecked box is a denial: an error result, the tool does not run', async () => {
    const { c, log } = await client();
    user(c, (m) => (m.includes('"n2"') ? { action: 'decline' } : { action: 'accept', approve: false }));
    const declined = await c.callTool({ name: 'delete_node', arguments: { id: 'n2' } });
    expect(declined.isError).toBe(true);
    expect(text(declined)).toBe(
      'Tool "delete_node" was not approved (denied by the MCP client\'s user (elicitation): the user chose "decline"), so it did not run.',
    );
    const unchecked = await c.callTool({ name: 'delete_node', arguments: { id: 'n3' } });
    expect(text(unchecked)).toContain('the box was left unchecked');
    expect([nodes.has('n2'), nodes.has('n3')]).toEqual([true, true]);
    expect(log.map((e) => e.approval)).toEqual(['denied', 'denied']);
  });

  it('a client that accepts the form as it comes, filled with its defaults, approves nothing: the box starts unchecked', async () => {
    const { c, log } = await client();
    c.setRequestHandler('elicitation/create', async (request) => {
      const schema = (request.params as { requestedSchema: { properties: Record<string, { default?: unknown }> } }).requestedSchema;
      return { action: 'accept', content: Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, v.default])) } as never;
    });
    const r = await c.callTool({ name: 'delete_node', arguments: { id: 'n4' } });
    expect([r.isError, text(r)]).toEqual([
      true,
      'Tool "delete_node" was not approved (denied by the MCP client\'s user (elicitation): the box was left unchecked), so it did not run.',
    ]);
    expect([nodes.has('n4'), log.map((e) => e.approval)]).toEqual([true, ['denied']]);
  });

  it('a needsApproval function decides per call: a move to another page asks, a move on the page does not', async () => {
    const { c } = await client();
    const asked = user(c, () => ({ action: 'accept' }));
    expect((await c.callTool({ name: 'move_node', arguments: { id: 'n4' } })).structuredContent).toEqual({ moved: 'n4' });
    expect(asked).toHaveLength(0);
    expect((await c.callTool({ name: 'move_node', arguments: { id: 'n4', page: 'p2' } })).structuredContent).toEqual({
      moved: 'n4',
      page: 'p2',
    });
    expect(asked.map((a) => a.message)).toEqual([expect.stringContaining('It needs approval: its needsApproval asks for it.')]);
  });

  it('a client that cannot be asked gets an error result (never -32021) saying how to grant approval; the tool does not run', async () => {
    const { c, log } = await client({ capabilities: {} });
    const r = await c.callTool({ name: 'delete_node', arguments: { id: 'n5' } });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe(
      'Tool "delete_node" needs approval before it runs (it is destructive: it mutates and does not say destructive: false), but the client did not declare the elicitation capability, so it cannot be asked. It did not run. ' +
        "To let it run, pass approval: { allow: ['delete_node'] } (a name or a glob) to createMcpServer, or list it under approval.allow in " +
        'agent-tools.config.json; or use a client that supports elicitation.',
    );
    expect(nodes.has('n5')).toBe(true);
    expect(log.map((e) => [e.approval, e.approvalBy])).toEqual([['denied', 'the MCP server (the client cannot be asked)']]);
  });

  it('the server policy: allow runs without asking, deny never runs', async () => {
    const { c, log } = await client({ capabilities: {} }, { allow: ['delete_*'], deny: ['list_nodes'] });
    expect((await c.callTool({ name: 'delete_node', arguments: { id: 'n6' } })).structuredContent).toEqual({ deleted: 'n6' });
    const denied = await c.callTool({ name: 'list_nodes', arguments: {} });
    expect(text(denied)).toBe('Tool "list_nodes" was denied by the approval policy (deny: "list_nodes"): it did not run.');
    expect(log.map((e) => [e.approval, e.approvalBy])).toEqual([
      ['approved', 'the approval policy (allow: "delete_*")'],
      ['denied', 'the approval policy (deny: "list_nodes")'],
    ]);
  });
});

describe('approval through agent-tools serve', () => {
  for (const revision of REVISIONS) {
    it(`stdio, ${revision}: asks, a denial does not run, --approve runs without asking`, async () => {
      const { client, close } = await connectServe(FIXTURE, '--no-skills', { revision, client: ELICITS });
      try {
        const asked = user(client, (m) => (m.includes('"n1"') ? { action: 'accept' } : { action: 'decline' }));
        expect((await client.callTool({ name: 'delete_node', arguments: { id: 'n1' } })).structuredContent).toEqual({ deleted: 'n1' });
        const denied = await client.callTool({ name: 'delete_node', arguments: { id: 'n2' } });
        expect(denied.isError).toBe(true);
        expect(text(denied)).toContain('was not approved');
        // the child's state: n1 is gone, n2 is still there
        expect(JSON.parse(text(await client.callTool({ name: 'list_nodes', arguments: {} })))).toEqual([
          'n2',
          'n3',
          'n4',
          'n5',
          'n6',
          'n7',
          'n8',
          'n9',
        ]);
        // what the client's user reads: the description's sentence ended before the next one starts
        expect(asked.map((a) => a.message)).toEqual(
          ['n1', 'n2'].map(
            (id) =>
              'Allow the tool delete_node to run? Deletes a node and its children forever. It needs approval: it is destructive: ' +
              `it mutates and does not say destructive: false. Arguments: {"id":"${id}"}`,
          ),
        );
      } finally {
        await close();
      }
      const approved = await connectServe(FIXTURE, '--no-skills', '--approve', 'delete_*', { revision, client: { capabilities: {} } });
      try {
        expect((await approved.client.callTool({ name: 'delete_node', arguments: { id: 'n3' } })).structuredContent).toEqual({
          deleted: 'n3',
        });
      } finally {
        await approved.close();
      }
    });
  }

  it('HTTP: a 2026 client (input required) and a 2025 client (elicitation in its session) are asked; one that cannot be is told how', async () => {
    const served = await serveHttp(FIXTURE, '--no-skills');
    try {
      for (const [revision, id] of [
        ['2026-07-28', 'n7'],
        ['2025-11-25', 'n8'],
      ] as const) {
        const client = await connectHttp(served.url, revision, ELICITS);
        const asked = user(client, () => ({ action: 'accept' }));
        expect((await client.callTool({ name: 'delete_node', arguments: { id } })).structuredContent).toEqual({ deleted: id });
        expect(asked.map((a) => a.message)).toEqual([expect.stringContaining(`Arguments: {"id":"${id}"}`)]);
        await client.close();
      }
      const cannot = await connectHttp(served.url, '2026-07-28', { capabilities: {} });
      const r = await cannot.callTool({ name: 'delete_node', arguments: { id: 'n9' } });
      expect(r.isError).toBe(true);
      // the command as it was run: over HTTP, with --http and its port (serveHttp adds --http 0 --no-auth)
      expect(text(r)).toContain(`npx agent-tools serve ${FIXTURE} --http 0 --no-auth --no-skills --approve delete_node`);
      await cannot.close();
    } finally {
      served.stop();
    }
  });
});
