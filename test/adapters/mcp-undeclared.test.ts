/** Tests that `serve` lists a tool without `mutates` as destructive to a real MCP client, and asks before it runs. */

import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dropTableModule } from '../undeclared-tool.js';
import { connectServe, REVISIONS } from './mcp-child.js';

const dir = mkdtempSync(join(tmpdir(), 'agent-tools-mcp-undeclared-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A new user's tools.ts: `drop_table` has no `mutates`; `count_rows` says `mutates: false`. */
function tools(table: string): string {
  const file = join(dir, `${Math.random().toString(36).slice(2)}-tools.ts`);
  writeFileSync(
    file,
    dropTableModule(
      table,
      "export const countRows = defineTool({ name: 'count_rows', description: 'Counts the rows.', mutates: false, params: {}, execute: () => 3 });\n",
    ),
  );
  return file;
}

describe.each(REVISIONS)('serve, a tool without mutates, a real MCP client pinned to %s (stdio)', { timeout: 60_000 }, (revision) => {
  it('lists it with readOnlyHint false and destructiveHint true, and asks before it runs', async () => {
    const table = join(dir, `${revision}.table`);
    writeFileSync(table, 'rows\n');
    const { client, close } = await connectServe(tools(table), '--no-skills', {
      revision,
      client: { capabilities: { elicitation: { form: {} } } },
    });
    try {
      const listed = (await client.listTools()).tools;
      expect(Object.fromEntries(listed.map((t) => [t.name, t.annotations]))).toEqual({
        drop_table: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
        count_rows: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      });
      const asked: string[] = [];
      client.setRequestHandler('elicitation/create', async (request) => {
        asked.push((request.params as { message: string }).message);
        return { action: 'decline' } as never;
      });
      const r = await client.callTool({ name: 'drop_table', arguments: {} });
      expect(r.isError).toBe(true);
      expect(asked).toEqual([
        'Allow the tool drop_table to run? Drops the users table. It needs approval: it does not say whether it changes anything (no mutates), so it counts as destructive (the MCP default). Arguments: {}',
      ]);
      expect(existsSync(table)).toBe(true);
      expect((await client.callTool({ name: 'count_rows', arguments: {} })).isError).toBeFalsy();
      expect(asked).toHaveLength(1);
    } finally {
      await close();
    }
  });
});
