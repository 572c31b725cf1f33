import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { toolsListEntry } from '../../src/core/tools-list-entry.js';
import type { AnyToolDef } from '../../src/core/tool.js';
import { CLEAN_FIXTURES } from './helpers.js';

const root = new URL('../..', import.meta.url).pathname;

function filesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesIn(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

// tsImport gives every call its own module graph, so a tool re-exported by a barrel comes
// back as a second, equal object: keep one per name, and fail if two of a name differ.
async function runtimeTools(dir: string): Promise<AnyToolDef[]> {
  const tsconfig = join(dir, 'tsconfig.json');
  const seen = new Map<string, AnyToolDef>();
  for (const file of filesIn(dir)) {
    const mod = (await tsImport(file, { parentURL: import.meta.url, ...(existsSync(tsconfig) ? { tsconfig } : {}) })) as Record<string, unknown>;
    for (const value of Object.values(mod)) {
      if (value && typeof value === 'object' && typeof (value as AnyToolDef).execute === 'function' && typeof (value as AnyToolDef).name === 'string') {
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
