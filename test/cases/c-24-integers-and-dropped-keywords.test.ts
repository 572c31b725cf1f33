/** Tests that provider formats keep `"type": "integer"` and warn for each keyword they drop, for MCP SDK and AI SDK tools. */

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportTo } from '../export/helpers.js';

const root = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'agent-tools-c24-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'node_modules'));
for (const pkg of ['zod', 'ai', '@modelcontextprotocol']) symlinkSync(join(root, 'node_modules', pkg), join(dir, 'node_modules', pkg));
writeFileSync(
  join(dir, 'server.ts'),
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const server = new McpServer({ name: 'n', version: '1' });
server.registerTool('invite', {
  description: 'Invites a user.',
  inputSchema: { seats: z.number().int().min(1).describe('Seats to give'), email: z.string().email().describe('Address to invite') },
}, async () => ({ content: [] }));
`,
);
writeFileSync(
  join(dir, 'tools.ts'),
  `import { tool } from 'ai';
import { z } from 'zod';
export const tools = {
  order: tool({
    description: 'Orders copies.',
    inputSchema: z.object({ copies: z.number().int().positive().describe('Copies to order'), contact: z.email().describe('Contact address') }),
  }),
};
`,
);

const SEATS = { type: 'integer', description: 'Seats to give', minimum: 1 };
const COPIES = { type: 'integer', description: 'Copies to order', minimum: 1 };
// The exported params, exactly: `format` and `pattern` of the email params are gone, not only warned about.
const INVITE = { seats: SEATS, email: { type: 'string', description: 'Address to invite' } };
const ORDER = { copies: COPIES, contact: { type: 'string', description: 'Contact address' } };

/** The dropped-keyword warnings on stderr, each cut after the keyword's value (the patterns are zod's own). */
function droppedWarnings(stderr: string): string[] {
  return stderr
    .split('\n')
    .filter((l) => l.includes('dropped'))
    .map((l) => l.slice(0, l.indexOf(' dropped')));
}
const warningsOf = (format: string) => [
  `agent-tools: warning: ${format}: invite.params.email.format: format "email"`,
  expect.stringMatching(new RegExp(`^agent-tools: warning: ${format}: invite\\.params\\.email\\.pattern: pattern "`)),
  `agent-tools: warning: ${format}: order.params.contact.format: format "email"`,
  expect.stringMatching(new RegExp(`^agent-tools: warning: ${format}: order\\.params\\.contact\\.pattern: pattern "`)),
];

describe('C-24: integers and dropped keywords in provider formats (MCP SDK and AI SDK tools)', () => {
  it('gemini keeps "type": "integer"; dropping format and pattern is a warning naming tool, param and keyword', async () => {
    const r = await exportTo({ paths: ['.'], cwd: dir, format: 'gemini' });
    expect(r.code).toBe(0);
    const decl = (JSON.parse(r.stdout) as { functionDeclarations: { name: string; parameters: { properties: Record<string, unknown> } }[] })
      .functionDeclarations;
    expect(decl.map((d) => d.name)).toEqual(['invite', 'order']);
    expect(decl.map((d) => d.parameters.properties)).toEqual([INVITE, ORDER]);
    expect(droppedWarnings(r.stderr)).toEqual(warningsOf('gemini'));
  });

  it('openai --strict keeps "type": "integer" and warns the same way', async () => {
    const r = await exportTo({ paths: ['.'], cwd: dir, format: 'openai', strict: true });
    expect(r.code).toBe(0);
    const fns = (JSON.parse(r.stdout) as { function: { name: string; parameters: { properties: Record<string, unknown> } } }[]).map(
      (t) => t.function,
    );
    expect(fns.map((f) => f.name)).toEqual(['invite', 'order']);
    expect(fns.map((f) => f.parameters.properties)).toEqual([INVITE, ORDER]);
    expect(droppedWarnings(r.stderr)).toEqual(warningsOf('openai'));
  });
});
