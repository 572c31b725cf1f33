/** Tests of the scaffold round trip: scaffold, tsc, validate reports nothing, export gives every string back exactly. */

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { toInputSchema } from '../../src/core/input-schema.js';
import { parseSpecs, type ToolSpec } from '../../src/scaffold/spec.js';
import { root, runCli, tempProject, tscNoEmit } from './project.js';

const fixtureDir = join(root, 'fixtures/scaffold');
const fixtures = readdirSync(fixtureDir)
  .filter((f) => f.endsWith('.json'))
  .sort();

/** What `export --format json` must hold for a tool: its title and description, then THE input schema of its params. */
const expectedJson = (s: ToolSpec) => ({
  ...(s.title !== undefined ? { title: s.title } : {}),
  description: s.description,
  ...toInputSchema(s.params),
});

// The scaffold round trip: scaffold → tsc → validate (nothing reported) → export (every input string back exactly).
describe.each(fixtures)('round trip of fixtures/scaffold/%s', (fixture) => {
  const input = readFileSync(join(fixtureDir, fixture), 'utf8');
  const specs = parseSpecs(JSON.parse(input));
  let dir: string;
  beforeAll(() => {
    dir = tempProject();
    const r = runCli(dir, ['scaffold'], input);
    expect(r.stderr.includes('agent-tools:') ? r.stderr : '').toBe('');
    expect(r.status).toBe(0);
  });

  it('type-checks', () => {
    expect(tscNoEmit(dir)).toEqual({ status: 0, output: '' });
  });

  it('agent-tools validate (every check, no flag) reports nothing', () => {
    // a new toolbox gets its adapter layer (tools/adapter.ts), so the architecture checks pass too
    const r = runCli(dir, ['validate', 'tools', '--format', 'json']);
    const report = JSON.parse(r.stdout) as { summary: { tools: number; errors: number; warnings: number }; findings: unknown[] };
    expect(report.findings).toEqual([]);
    expect(report.summary).toMatchObject({ tools: specs.length, errors: 0, warnings: 0 });
    expect(r.status).toBe(0);
  });

  it('agent-tools export --format json gives back every string exactly', () => {
    const r = runCli(dir, ['export', 'tools', '--format', 'json']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { properties: Record<string, unknown> };
    expect(Object.keys(out.properties).sort()).toEqual(specs.map((s) => s.name).sort());
    for (const spec of specs) expect(out.properties[spec.name]).toStrictEqual(expectedJson(spec));
  });

  it('agent-tools export --format mcp gives the names, texts and hints', () => {
    const r = runCli(dir, ['export', 'tools', '--format', 'mcp']);
    expect(r.status).toBe(0);
    const tools = (
      JSON.parse(r.stdout) as {
        tools: { name: string; title?: string; description: string; inputSchema: unknown; annotations: Record<string, boolean> }[];
      }
    ).tools;
    for (const spec of specs) {
      const t = tools.find((x) => x.name === spec.name);
      expect(t?.title).toBe(spec.title);
      expect(t?.description).toBe(spec.description);
      expect(t?.inputSchema).toStrictEqual(toInputSchema(spec.params));
      expect(t?.annotations).toMatchObject({
        readOnlyHint: !spec.mutates,
        destructiveHint: spec.mutates ? spec.destructive !== false : spec.destructive === true,
      });
    }
  });
});
