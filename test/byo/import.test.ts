import { describe, expect, it } from 'vitest';
import { exportTo } from '../export/helpers.js';

const root = new URL('../..', import.meta.url).pathname;
const tools = (stdout: string) => (JSON.parse(stdout) as { tools: Record<string, unknown>[] }).tools;

describe('export --import: tools read from the module at run time (opt-in: it runs the code)', () => {
  it('reads what the static reading reports as not static: an exported McpServer, listed by a real SDK client', async () => {
    const statics = await exportTo({ paths: ['fixtures/byo/import'], cwd: root });
    expect(statics.code).toBe(1);
    expect(statics.stderr).toContain(
      "fixtures/byo/import/server.ts:9:89 tool `halve`: `inputSchema`: `evenNumber()` is a call of the project's own code",
    );
    expect(tools(statics.stdout)).toEqual([]);

    const imported = await exportTo({ paths: ['fixtures/byo/import/server.ts'], cwd: root, import: true });
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(tools(imported.stdout)).toStrictEqual([
      {
        name: 'halve',
        description: 'Halves an even number.',
        inputSchema: { type: 'object', properties: { n: { type: 'number', description: 'An even number' } }, required: ['n'] },
        annotations: { readOnlyHint: true },
      },
      {
        name: 'to_cm',
        description: 'Converts a length to cm.',
        inputSchema: { type: 'object', properties: { value: { type: 'number', description: 'The length' } }, required: ['value'] },
      },
      {
        name: 'to_in',
        description: 'Converts a length to in.',
        inputSchema: { type: 'object', properties: { value: { type: 'number', description: 'The length' } }, required: ['value'] },
      },
    ]);
  });

  it('an AI SDK tool set read at run time equals the static export of the same folder, byte for byte', async () => {
    const imported = await exportTo({ paths: ['fixtures/byo/ai-sdk/tools.ts'], cwd: root, import: true });
    const statics = await exportTo({ paths: ['fixtures/byo/ai-sdk'], cwd: root });
    expect([imported.code, statics.code]).toEqual([0, 0]);
    expect(tools(imported.stdout)).toHaveLength(4);
    expect(imported.stdout).toBe(statics.stdout);
  });

  it('refuses the formats rebuilt from flat params', async () => {
    await expect(exportTo({ paths: ['fixtures/byo/import/server.ts'], cwd: root, import: true, format: 'gemini' })).rejects.toThrow(
      '--import writes mcp, json, openai or anthropic (not --strict), not gemini',
    );
  });
});

describe('export --import of a module that exports no server or tool set', () => {
  it('exit 1 with a warning that says a server made inside a function is not read', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'import-none-'));
    writeFileSync(join(dir, 'server.ts'), 'export function createServer() { return 1; }\n');
    const r = await exportTo({ paths: [join(dir, 'server.ts')], cwd: dir, import: true });
    expect(r.code).toBe(1);
    expect(tools(r.stdout)).toEqual([]);
    expect(r.stderr).toBe(
      `agent-tools: warning: ${join(dir, 'server.ts')} exports no MCP SDK McpServer and no object of AI SDK tools (a server made inside a function is not read: export the server itself, e.g. \`export const server = createServer()\`)\n`,
    );
  });
});
