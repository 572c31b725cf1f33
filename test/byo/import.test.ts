/** Tests of `export --import`: tools read from a module run for real, equal to the static export where both read them. */

import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { orList, schemaAsIsFormats } from '../../src/export/formats/index.js';
import { exportTo } from '../export/helpers.js';
import { aiSdkSends, pinnedProject, sortKeys } from './version-farm.js';

const root = new URL('../..', import.meta.url).pathname;
const tools = (stdout: string) => (JSON.parse(stdout) as { tools: Record<string, unknown>[] }).tools;

describe('export --import: tools read from the module at run time (opt-in: it runs the code)', () => {
  it('reads what the static reading reports as not static: an exported McpServer, listed by a real SDK client', async () => {
    const statics = await exportTo({ paths: ['fixtures/byo/import'], cwd: root });
    expect(statics.code).toBe(1);
    expect(statics.stderr).toContain(
      "fixtures/byo/import/server.ts:9:89 tool `halve`: `inputSchema`: `evenNumber()` is a call of the project's own code",
    );
    expect(statics.stdout).toBe('');

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

  // zod 4.3 and later share one metadata registry across copies, so the symlinked farm (whose
  // `ai`, loaded by tsx, resolves to its real path) converts with the project's descriptions
  for (const [aiAlias, zodAlias, fixture] of [
    ['ai-v5', 'zod-v4-3', 'fixtures/byo/ai-sdk-versions'],
    ['ai-v7', 'zod-v3', 'fixtures/byo/ai-sdk-zod3'],
  ] as const) {
    it(`an AI SDK tool set is converted by the project's own ai (${aiAlias}, ${zodAlias}): what that ai sends, byte for byte`, () => {
      const dir = pinnedProject(fixture, { ai: aiAlias, zod: zodAlias });
      try {
        const sent = aiSdkSends(dir, 'tools.ts').map((t) => {
          const { $schema: _dialect, ...inputSchema } = t.inputSchema as Record<string, unknown>;
          return sortKeys({ ...t, inputSchema });
        });
        const r = spawnSync(
          process.execPath,
          ['--preserve-symlinks', join(root, 'bin/agent-tools.js'), 'export', '--import', 'tools.ts', '--format', 'mcp'],
          { cwd: dir, encoding: 'utf8' },
        );
        expect(r.status, r.stderr).toBe(0);
        const got = tools(r.stdout).map((t) => sortKeys({ name: t.name, description: t.description, inputSchema: t.inputSchema }));
        expect(got).toEqual(sent);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000);
  }

  it('refuses the formats rebuilt from flat params', async () => {
    await expect(exportTo({ paths: ['fixtures/byo/import/server.ts'], cwd: root, import: true, format: 'gemini' })).rejects.toThrow(
      `--import writes ${orList(schemaAsIsFormats())} (not --strict), not gemini`,
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
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `agent-tools: warning: ${join(dir, 'server.ts')} exports no MCP SDK McpServer and no object of AI SDK tools (a server made inside a function is not read: export the server itself, e.g. \`export const server = createServer()\`)\n` +
        `agent-tools: export: nothing to export: ${join(dir, 'server.ts')} exports no tools; nothing printed\n`,
    );
  });
});

describe('export --import --out: the same file rule as the static export', () => {
  it('writes what stdout gets, replaces its own file, refuses a foreign file without --force and the module itself even with it', async () => {
    const { mkdtempSync, readFileSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'import-out-'));
    const module = join(root, 'fixtures/byo/ai-sdk/tools.ts');
    const printed = await exportTo({ paths: [module], cwd: dir, import: true });
    expect(printed.code).toBe(0);

    const first = await exportTo({ paths: [module], cwd: dir, import: true, out: 'tools.json' });
    expect([first.code, first.stdout]).toEqual([0, '']);
    expect(readFileSync(join(dir, 'tools.json'), 'utf8')).toBe(printed.stdout);
    const again = await exportTo({ paths: [module], cwd: dir, import: true, out: 'tools.json' });
    expect(again.code).toBe(0);

    writeFileSync(join(dir, 'notes.json'), '{"mine": true}\n');
    await expect(exportTo({ paths: [module], cwd: dir, import: true, out: 'notes.json' })).rejects.toThrow(
      '--out notes.json exists and is not an agent-tools export (mcp output); not overwritten (use --force)',
    );
    expect(readFileSync(join(dir, 'notes.json'), 'utf8')).toBe('{"mine": true}\n');
    const forced = await exportTo({ paths: [module], cwd: dir, import: true, out: 'notes.json', force: true });
    expect(forced.code).toBe(0);
    expect(readFileSync(join(dir, 'notes.json'), 'utf8')).toBe(printed.stdout);

    await expect(exportTo({ paths: [module], cwd: dir, import: true, out: module, force: true })).rejects.toThrow(
      `--out ${module} is one of the files export reads; not overwritten, even with --force`,
    );
    rmSync(dir, { recursive: true, force: true });
  });
});
