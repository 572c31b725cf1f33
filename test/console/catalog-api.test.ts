/** Tests of the Catalog API: tools by tier, token costs and findings equal to the toolkit's validate. */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defineTool } from '../../src/core/tool.js';
import type { RunningConsole } from '../../src/console/server.js';
import { validate } from '../../src/toolkit/index.js';
import { getApi, registry } from '../../examples/canvas/registry.js';
import { writeSources } from '../validate/helpers.js';
import { api, consoleOnExamples, raw, root } from './helpers.js';

const open: RunningConsole[] = [];
afterAll(async () => {
  for (const c of open) await c.close();
});
async function consoleWith(options: Parameters<typeof consoleOnExamples>[0]) {
  const { console: c } = await consoleOnExamples(options);
  open.push(c);
  return c;
}

describe('Catalog through the console API', { timeout: 120_000 }, () => {
  it('the example toolbox: tools by tier from the registry, token costs and findings equal to the toolkit validate of its folder', async () => {
    const c = await consoleWith({ toolbox: { module: 'examples/canvas/registry.ts', tools: registry, getApi } });
    expect((await raw(`${c.origin}/api/catalog`, { headers: { host: `127.0.0.1:${c.port}` } })).status).toBe(403);
    const { status, json } = await api(c).get('/api/catalog');
    expect(status).toBe(200);
    const direct = await validate([join(root, 'examples/canvas')]);
    expect(json.toolbox).toEqual({ module: 'examples/canvas/registry.ts', folder: join(root, 'examples/canvas') });
    expect(json.tiers.map((t: any) => [t.tier, t.tools.map((x: any) => x.name), t.tokens])).toEqual([
      ['core', registry.core.map((t) => t.name), direct.summary.tiers.core.tokens],
      ['extended', registry.extended.map((t) => t.name), direct.summary.tiers.extended.tokens],
    ]);
    expect(json.tiers[0].tokens).toBeGreaterThan(1000);
    expect(json.summary).toEqual({ files: direct.summary.files, tools: 32, errors: 0, warnings: 0 });
    expect(json.findings).toEqual([]);
    expect(json.profile).toBe('full');
  });

  it('a toolbox with problems: each finding with file:line:col, check and severity, as validate reports it; refresh re-reads the folder', async () => {
    const dir = writeSources({
      'tools/index.ts': `import { defineTool } from 'agent-tools';\n\n/** Reads it. */\nexport const readIt = defineTool({ name: 'read_it', description: 'Reads the node with this id and returns it.', mutates: false, params: {}, execute: () => ({}) });\n/** Blank. */\nexport const blank = defineTool({ name: 'blank', description: '', mutates: false, params: {}, execute: () => ({}) });\n`,
    });
    const tools = [
      defineTool({
        name: 'read_it',
        description: 'Reads the node with this id and returns it.',
        mutates: false,
        params: {},
        execute: () => ({}),
      }),
    ];
    const c = await consoleWith({ toolbox: { module: join(dir, 'tools/index.ts'), tools } });
    const { json } = await api(c).get('/api/catalog');
    const direct = await validate([join(dir, 'tools')]);
    expect(json.tiers).toEqual([
      {
        tier: 'all',
        tools: [{ name: 'read_it', description: 'Reads the node with this id and returns it.' }],
        tokens: direct.summary.tiers.core.tokens + direct.summary.tiers.extended.tokens,
      },
    ]);
    expect(json.findings).toEqual(
      direct.findings.map((f) => ({
        file: f.file,
        line: f.line,
        column: f.column,
        checkId: f.checkId,
        severity: f.severity,
        message: f.message,
      })),
    );
    expect(json.findings).toContainEqual(
      expect.objectContaining({
        line: 6,
        column: 22,
        checkId: 'tool-description',
        severity: 'error',
        message: 'Tool "blank" has no description.',
      }),
    );
    expect(json.summary.errors).toBe(direct.summary.errors);
    // Kept for the launch, until asked again: a fixed file shows after ?refresh=1.

    writeFileSync(
      join(dir, 'tools/index.ts'),
      `import { defineTool } from 'agent-tools';\n\n/** Reads it. */\nexport const readIt = defineTool({ name: 'read_it', description: 'Reads the node with this id and returns it.', mutates: false, params: {}, execute: () => ({}) });\n`,
    );
    expect((await api(c).get('/api/catalog')).json.findings).toEqual(json.findings);
    const after = (await api(c).get('/api/catalog?refresh=1')).json;
    expect(after.findings.some((f: any) => f.line === 6)).toBe(false);
  });

  it('no toolbox: says so', async () => {
    const c = await consoleWith({});
    expect((await api(c).get('/api/catalog')).json).toEqual({ toolbox: null });
  });
});
