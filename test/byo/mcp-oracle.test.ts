/** Tests that the static export equals what an MCP SDK v1 server lists to a real client over stdio. */

import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { exportTo } from '../export/helpers.js';
import { withoutStripped } from './version-farm.js';

const root = new URL('../..', import.meta.url).pathname;

/** The tools/list a real MCP client receives from a fixture's server, run with tsx over stdio. */
export async function listOverStdio(serverFile: string): Promise<Record<string, unknown>[]> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', join(root, serverFile)],
    cwd: root,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'oracle', version: '1.0.0' });
  await client.connect(transport);
  try {
    return (await client.listTools()).tools as Record<string, unknown>[];
  } finally {
    await client.close();
  }
}

describe('static export equals the MCP SDK server listing (oracle: a real client over stdio)', () => {
  for (const fixture of ['mcp-server', 'mcp-tool', 'mcp-task']) {
    it(`${fixture}: every field of every tool, in order, except what export strips`, async () => {
      const exported = await exportTo({ paths: [`fixtures/byo/${fixture}`], cwd: root, format: 'mcp' });
      expect(exported.stderr).toBe('');
      expect(exported.code).toBe(0);
      const listed = await listOverStdio(`fixtures/byo/${fixture}/server.ts`);
      expect(listed.length).toBeGreaterThanOrEqual(2);
      expect(
        listed.every(
          (t) =>
            (t.inputSchema as Record<string, unknown>).$schema === undefined ||
            typeof (t.inputSchema as Record<string, unknown>).$schema === 'string',
        ),
      ).toBe(true);
      const statics = (JSON.parse(exported.stdout) as { tools: Record<string, unknown>[] }).tools;
      expect(statics.map((t) => t.name)).toEqual(listed.map((t) => t.name));
      for (let i = 0; i < listed.length; i++) expect(statics[i]).toStrictEqual(withoutStripped(listed[i]!));
    }, 30_000);
  }
});
