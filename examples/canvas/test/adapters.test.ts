import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { generateText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { createCanvasAgentTools } from '../ai.js';
import { useCanvas } from '../api.js';
import { createSampleCanvas } from '../canvas/sample.js';
import { scriptedModel } from '../scripted-model.js';

const root = join(import.meta.dirname, '..', '..', '..');
const bin = join(root, 'bin', 'agent-tools.js');

async function connect(args: string[], env: Record<string, string> = {}) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    cwd: root,
    env: { ...process.env, ...env } as Record<string, string>,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'canvas-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

describe('the canvas AI tool set (examples/canvas/ai.ts)', () => {
  it('offers the core tier by default and all 32 tools on request', () => {
    expect(Object.keys(createCanvasAgentTools().tools)).toHaveLength(16);
    expect(Object.keys(createCanvasAgentTools({ tier: 'all' }).tools)).toHaveLength(32);
  });

  it('runs hooks and records affected ids and mutations in a generateText loop', async () => {
    useCanvas(createSampleCanvas());
    const started: string[] = [];
    const agent = createCanvasAgentTools({ onStart: (def) => started.push(def.name) });
    await generateText({
      model: scriptedModel([
        {
          calls: [
            { tool: 'set_text', args: { id: 'n2', content: 'Hi' } },
            { tool: 'set_text', args: { id: 'n4', content: 'x' } },
          ],
        },
      ]),
      tools: agent.tools,
      stopWhen: agent.stopWhen,
      prompt: 'go',
    });
    expect(started).toEqual(['set_text', 'set_text']);
    expect(agent.mutations).toEqual(['set_text']);
    expect(agent.affected).toEqual(['n2']);
    const outcome = Object.fromEntries(agent.log.map((e) => [(e.args as { id: string }).id, e.error ?? 'ok']));
    expect(outcome).toEqual({ n2: 'ok', n4: 'Node "n4" is a rectangle, not a text node' });
    expect(agent.budget.current).toBe(2);
  });
});

describe('the canvas MCP server over stdio', () => {
  let client: Client | undefined;
  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  it('agent-tools serve examples/canvas/mcp.ts --tier all lists 32 tools and calls one on the sample canvas', async () => {
    client = await connect([bin, 'serve', 'examples/canvas/mcp.ts', '--tier', 'all']);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).slice(0, 4)).toEqual(['get_selection', 'get_node', 'find_nodes', 'get_tree']);
    expect(tools).toHaveLength(32);
    expect(tools.find((t) => t.name === 'delete_node')?.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: false,
    });
    const result = await client.callTool({ name: 'get_node', arguments: { id: 'n4' } });
    expect(result.structuredContent).toMatchObject({ id: 'n4', name: 'Button', fills: ['#2563EB'] });
    const bad = await client.callTool({ name: 'set_fill', arguments: { id: 'n4', color: 'blue' } });
    expect(bad.isError).toBe(true);
    expect((bad.content as { text: string }[])[0]!.text).toContain('fill');
  });

  it('mcp.ts run directly wires its hooks: read-only mode refuses mutating tools', async () => {
    client = await connect(['--import', 'tsx', 'examples/canvas/mcp.ts'], { CANVAS_READ_ONLY: '1' });
    const refused = await client.callTool({ name: 'reorder_node', arguments: { id: 'n2', position: 'front' } });
    expect(refused.isError).toBe(true);
    expect((refused.content as { text: string }[])[0]!.text).toBe(
      'This canvas server is read-only; reorder_node would change the document',
    );
    // a destructive tool asks for approval first; this client cannot be asked, so it is told how to grant it
    const unapproved = await client.callTool({ name: 'delete_node', arguments: { id: 'n1' } });
    expect((unapproved.content as { text: string }[])[0]!.text).toMatch(
      /^Tool "delete_node" needs approval before it runs .* pass approval: \{ allow: \['delete_node'\] \}/,
    );
    const read = await client.callTool({ name: 'document_stats', arguments: {} });
    expect(read.structuredContent).toMatchObject({ total: 6 });
  });
});

describe('the canvas tools on the command line', () => {
  const call = (...args: string[]) =>
    spawnSync(process.execPath, [bin, 'call', 'examples/canvas/registry.ts', ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });

  it('agent-tools call runs a tool with kebab-case flags against getApi', () => {
    const r = call('find-nodes', '--type', 'text', '--limit', '2');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      total: 3,
      nodes: [
        { id: 'n2', name: 'Title', type: 'text', parentId: 'n1' },
        { id: 'n3', name: 'Body', type: 'text', parentId: 'n1' },
      ],
    });
  });

  it('exits 1 with the message for a bad argument or a failing tool', () => {
    const bad = call('set-fill', '--id', 'n4', '--color', 'blue');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--color: expected a hex color');
    const missing = call('get-node', '--id', 'n99');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('Node "n99" not found');
  });
});
