/** Tests that static extraction equals what the runtime sees after importing the modules, integers included. */

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { parseArgs, parseArgsFullPolicy } from '../../src/core/parse-args.js';
import { defineTool } from '../../src/core/tool.js';
import { toolsListEntry } from '../../src/core/tools-list-entry.js';
import type { AnyToolDef } from '../../src/core/tool.js';
import { CLEAN_FIXTURES, exportTo } from './helpers.js';

const root = new URL('../..', import.meta.url).pathname;

function filesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesIn(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

// tsImport gives every call its own module graph, so a tool re-exported by a barrel comes
// back as a second, equal object: keep one per name, and fail if two of a name differ.
async function runtimeTools(dir: string): Promise<AnyToolDef[]> {
  const tsconfig = join(dir, 'tsconfig.json');
  const seen = new Map<string, AnyToolDef>();
  for (const file of filesIn(dir)) {
    const mod = (await tsImport(file, { parentURL: import.meta.url, ...(existsSync(tsconfig) ? { tsconfig } : {}) })) as Record<
      string,
      unknown
    >;
    for (const value of Object.values(mod)) {
      if (
        value &&
        typeof value === 'object' &&
        typeof (value as AnyToolDef).execute === 'function' &&
        typeof (value as AnyToolDef).name === 'string'
      ) {
        const def = value as AnyToolDef;
        const before = seen.get(def.name);
        if (before) expect(toolsListEntry(def)).toEqual(toolsListEntry(before));
        else seen.set(def.name, def);
      }
    }
  }
  return [...seen.values()];
}

const byName = <T extends { name: string }>(xs: T[]) => [...xs].sort((a, b) => (a.name < b.name ? -1 : 1));

describe('static extraction equals what the runtime sees after importing the modules', () => {
  for (const fixture of CLEAN_FIXTURES) {
    it(fixture, async () => {
      const dir = join(root, 'fixtures/export', fixture);
      const runtime = await runtimeTools(dir);
      const analysis = analyze([dir], { cwd: root });
      const factoryMade = fixture === 'forms' ? ['form_e'] : [];
      expect(analysis.diagnostics.map((d) => d.code)).toEqual(factoryMade.map(() => 'factory-call'));
      expect(runtime.length).toBeGreaterThan(0);
      const expected = byName(runtime.filter((d) => !factoryMade.includes(d.name)).map(toolsListEntry));
      expect(byName(analysis.tools.map(toolsListEntry))).toEqual(expected);
      // byte level: the same JSON text, so every code point (Chinese, emoji, multi-line) matches
      expect(JSON.stringify(byName(analysis.tools.map(toolsListEntry)))).toBe(JSON.stringify(expected));
      // and the params themselves, not only their schema
      for (const t of analysis.tools) expect(t.params).toEqual(runtime.find((d) => d.name === t.name)!.params);
    });
  }
});

// New-user trial s5: `z.number().int()` in `defineTool({ input })` was listed as `number` (the
// AI SDK form said `integer`), yet 2.5 was refused at call time. Static and runtime say `integer`.
describe('a zod .int() in defineTool({ input })', () => {
  it('is `integer` with its bounds in the static export and in the runtime tools/list, and 2.5 is refused', async () => {
    const dir = join(root, 'fixtures/export/zod-int');
    const [runtime] = await runtimeTools(dir);
    const analysis = analyze([dir], { cwd: root });
    expect(analysis.diagnostics).toEqual([]);
    const listed = toolsListEntry(runtime!);
    expect(JSON.stringify(analysis.tools.map(toolsListEntry))).toBe(JSON.stringify([listed]));
    expect(analysis.tools[0]!.params).toEqual(runtime!.params);
    expect(listed.inputSchema.properties).toEqual({
      city: { type: 'string', description: 'City name' },
      days: { type: 'integer', description: 'How many days', minimum: 1, maximum: 7, default: 1 },
      count: { type: 'integer', description: 'How many entries', minimum: 1 },
      below: { type: 'integer', description: 'A digit', minimum: 0, maximum: 9 },
      any: { type: 'integer', description: 'Any whole number' },
      ratio: { type: 'number', description: 'A fraction', maximum: 1 },
    });
    const exported = await exportTo({ paths: [dir], format: 'mcp' });
    expect([exported.code, exported.stderr]).toEqual([0, '']);
    expect(JSON.parse(exported.stdout).tools).toEqual([listed]);
    const call = (days: unknown) => parseArgs(runtime!, { city: 'Oslo', days, count: 1, below: 3, any: -4, ratio: 0.5 });
    expect(call(2.5)).toMatchObject({ ok: false, issues: [{ path: 'days', message: 'expected an integer, received number 2.5' }] });
    expect(call(2)).toMatchObject({ ok: true, args: { days: 2 } });
  });

  it('`integer: true` on a params number: listed as integer, 2.5 refused on the fast path and the full policy, an integer default checked', () => {
    const tool = defineTool({
      name: 't',
      description: 'T',
      params: { n: { type: 'number', integer: true, min: 1, description: 'N' } },
      execute: () => null,
    });
    expect(toolsListEntry(tool).inputSchema.properties).toEqual({ n: { type: 'integer', minimum: 1, description: 'N' } });
    for (const parse of [parseArgs, parseArgsFullPolicy]) {
      expect(parse(tool, { n: 2.5 })).toMatchObject({
        ok: false,
        issues: [{ path: 'n', message: 'expected an integer, received number 2.5' }],
      });
      expect(parse(tool, { n: 3 })).toEqual({ ok: true, args: { n: 3 } });
    }
    expect(() =>
      defineTool({
        name: 't',
        description: 'T',
        params: { n: { type: 'number', integer: true, default: 1.5, description: 'N' } },
        execute: () => null,
      }),
    ).toThrow(/params\.n\.default.*expected an integer, got 1\.5/);
  });
});
