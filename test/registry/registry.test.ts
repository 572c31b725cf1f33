/** Tests of `createRegistry`: tier order, duplicates refused naming both, close matches, frozen arrays. */

import { describe, expect, it } from 'vitest';
import { createRegistry, defineTool, DuplicateToolError, UnknownToolError } from '../../src/index.js';

const tool = (name: string, description = 'A tool for tests') => defineTool({ name, description, params: {}, execute: () => name });

describe('createRegistry', () => {
  const a = tool('get_node');
  const b = tool('find_nodes');
  const c = tool('export_svg');

  it('keeps tiers in order, all = core then extended', () => {
    const r = createRegistry({ core: [a, b], extended: [c] });
    expect(r.core.map((t) => t.name)).toEqual(['get_node', 'find_nodes']);
    expect(r.all.map((t) => t.name)).toEqual(['get_node', 'find_nodes', 'export_svg']);
    expect(r.get('export_svg')).toBe(c);
    expect(r.has('nope')).toBe(false);
    expect(r.tierOf('get_node')).toBe('core');
    expect(r.tierOf('export_svg')).toBe('extended');
    expect(r.select('extended')).toEqual([c]);
    expect(r.select(['export_svg', 'get_node'])).toEqual([c, a]);
  });

  it('refuses duplicates across tiers, naming both definitions', () => {
    const other = tool('get_node', 'Another get_node');
    let err: unknown;
    try {
      createRegistry({ core: [a], extended: [b, other] });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DuplicateToolError);
    const e = err as DuplicateToolError;
    expect(e.toolName).toBe('get_node');
    expect(e.first).toMatch(/^core\[0\] \(.*registry\.test\.ts:\d+:\d+\)$/);
    expect(e.second).toMatch(/^extended\[1\] \(.*registry\.test\.ts:\d+:\d+\)$/);
  });

  it('refuses the same tool twice within a tier', () => {
    expect(() => createRegistry({ core: [a, a] })).toThrow(/Duplicate tool name "get_node": defined by core\[0\].* and by core\[1\]/);
  });

  it('names close matches for an unknown tool', () => {
    const r = createRegistry({ core: [a, b], extended: [c] });
    expect(() => r.select(['get_nod'])).toThrow(UnknownToolError);
    try {
      r.select(['find_node']);
    } catch (e) {
      expect((e as UnknownToolError).suggestions).toEqual(['find_nodes']);
      expect((e as Error).message).toBe('Unknown tool "find_node". Did you mean: find_nodes?');
    }
  });

  it('freezes its arrays', () => {
    const r = createRegistry({ core: [a] });
    expect(Object.isFrozen(r.core)).toBe(true);
    expect(r.extended).toEqual([]);
  });
});
