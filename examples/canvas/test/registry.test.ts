import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALL_TOOLS, CORE_TOOLS, EXTENDED_TOOLS, registry } from '../registry.js';

const toolsDir = fileURLToPath(new URL('../tools/', import.meta.url));
const toolFiles = readdirSync(toolsDir, { recursive: true, encoding: 'utf8' }).filter((f) =>
  /^[a-z]+\/[a-z-]+\.ts$/.test(f.replaceAll('\\', '/')),
);

describe('the canvas registry', () => {
  it('has a core tier of 12-20 and 32 tools in all, core first', () => {
    expect(CORE_TOOLS.length).toBe(16);
    expect(EXTENDED_TOOLS.length).toBe(16);
    expect(ALL_TOOLS.map((t) => t.name)).toEqual(registry.all.map((t) => t.name));
    expect(registry.tierOf('set_font')).toBe('core');
    expect(registry.tierOf('export_svg')).toBe('extended');
  });

  it('holds every tool file exactly once, named after its tool', () => {
    const fromFiles = toolFiles.map((f) => f.split('/')[1]!.replace(/\.ts$/, '').replaceAll('-', '_')).sort();
    expect(fromFiles).toEqual(ALL_TOOLS.map((t) => t.name).sort());
  });

  it('keeps every definition in the house rules: snake_case names, real descriptions, described params', () => {
    for (const tool of ALL_TOOLS) {
      expect(tool.name, tool.name).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      expect(tool.name.length, tool.name).toBeLessThanOrEqual(40);
      const chars = [...tool.description].length;
      expect(chars, tool.name).toBeGreaterThanOrEqual(20);
      expect(chars, tool.name).toBeLessThanOrEqual(1024);
      expect(typeof tool.mutates, tool.name).toBe('boolean');
      for (const [name, param] of Object.entries(tool.params)) {
        expect(param.description.trim().toLowerCase(), `${tool.name}.${name}`).not.toBe(name.toLowerCase());
        expect(['string', 'number', 'boolean', 'color', 'string[]']).toContain(param.type);
        if (param.enum)
          expect(
            param.enum.every((v: unknown) => typeof v === 'string'),
            `${tool.name}.${name} string enum`,
          ).toBe(true);
      }
    }
  });

  it('gives every mutating tool a snapshot, and no read-only tool one', () => {
    const mutating = ALL_TOOLS.filter((t) => t.mutates).map((t) => t.name);
    expect(ALL_TOOLS.filter((t) => t.mutates && !t.snapshot)).toEqual([]);
    expect(ALL_TOOLS.filter((t) => !t.mutates && t.snapshot)).toEqual([]);
    expect(mutating.filter((n) => /^(get|find|analyze|check|list|export|document)_/.test(n))).toEqual([]);
    expect(
      ALL_TOOLS.filter((t) => t.destructive)
        .map((t) => t.name)
        .sort(),
    ).toEqual(['delete_node', 'ungroup_node']);
  });

  // validate's destructive-declared: each mutating tool says it; true only where a node (its id, its
  // properties) is removed and no call can bring it back, false where another call can put back the change
  it('has every mutating tool say whether it is destructive, and no read-only tool', () => {
    expect(ALL_TOOLS.filter((t) => t.mutates && typeof t.destructive !== 'boolean').map((t) => t.name)).toEqual([]);
    expect(ALL_TOOLS.filter((t) => !t.mutates && t.destructive !== undefined).map((t) => t.name)).toEqual([]);
  });

  it('documents each tool with a JSDoc comment right above its export', () => {
    for (const file of toolFiles) {
      const src = readFileSync(join(toolsDir, file), 'utf8');
      expect(src, file).toMatch(/\/\*\*[^]*?\*\/\nexport const \w+ = defineTool\(/);
      expect(src, file).toMatch(/from '\.\.\/schema\.js'/);
      expect(src, file).not.toMatch(/from '(ai|@modelcontextprotocol\/[^']*|commander|valibot)'/);
    }
  });
});
