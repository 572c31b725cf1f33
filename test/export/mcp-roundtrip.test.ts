import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema, ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { toolsListEntry } from '../../src/core/tools-list-entry.js';
import { FORMATS } from '../../src/export/formats/index.js';
import { CLEAN_FIXTURES } from './helpers.js';

const root = new URL('../..', import.meta.url).pathname;

describe('export --format mcp is what an MCP client receives from tools/list', () => {
  it('a real SDK server answering with toolsListEntry gives the client exactly the exported document', async () => {
    const tools = CLEAN_FIXTURES.flatMap((f) => analyze([`fixtures/export/${f}`], { cwd: root }).tools);
    const exported = FORMATS.mcp(tools).text;
    const server = new Server({ name: 'golden', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map(toolsListEntry) }));
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '1.0.0' });
    await server.connect(serverTransport);
    await client.connect(clientTransport);
    try {
      const listed = await client.listTools();
      expect(`${JSON.stringify(listed, null, 2)}\n`).toBe(exported);
      expect(ListToolsResultSchema.parse(JSON.parse(exported))).toEqual(JSON.parse(exported));
      expect(listed.tools.find((t) => t.name === 'set_font_weight')!.description).toBe('设置字体粗细（100–900）。支持 emoji 👍 与「引号」');
    } finally {
      await client.close();
      await server.close();
    }
  });
});
