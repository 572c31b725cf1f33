import { describe, expect, it } from 'vitest';
import { getApi } from '../api.js';
import { runDemo } from '../demo.js';

describe('the scripted demo session (AI SDK generateText with a mock model)', () => {
  it('builds the card, reads back the rejected argument, and wraps up at the step warning', async () => {
    const lines: string[] = [];
    const { debug, text, steps } = await runDemo((l) => lines.push(l));
    expect(debug.entries.map((e) => e.tool)).toEqual([
      'get_selection',
      'create_frame',
      'create_text',
      'create_shape',
      'create_shape',
      'create_text',
      'set_fill',
      'find_nodes',
      'find_nodes',
    ]);
    const rejected = debug.entries[3]!;
    expect(rejected.error).toBe(
      'Invalid arguments for tool "create_shape":\n- fill: expected a hex color (#RGB, #RGBA, #RRGGBB or #RRGGBBAA), received string "blue"',
    );
    expect(debug.entries[2]!.args).toMatchObject({ fontSize: 24 });
    expect(debug.duplicates).toEqual([{ tool: 'find_nodes', args: { type: 'text', within: 'n1', limit: 50 }, count: 2 }]);
    expect(debug.noopMutations.map((e) => [e.tool, e.unchangedProps])).toEqual([['set_fill', ['color']]]);
    expect((debug.entries[8]!.result as { _warning: string })._warning).toBe('3 steps remaining. Wrap up.');
    expect(text).toBe('Wrapping up (3 steps remaining. Wrap up.): the pricing card "n1" has a title, a button and its label.');
    expect(steps).toBe(10);
    expect(debug.byTool.create_shape).toMatchObject({ calls: 2, errors: 1 });
    const api = getApi();
    expect(api.requireNode('n1').children).toEqual(['n2', 'n3', 'n4']);
    expect(api.findNodes({ within: 'n1' }).map((n) => n.name)).toEqual(['Title', 'Button', 'Button label']);
    expect(lines).toContain('  duplicates: find_nodes {"type":"text","within":"n1","limit":50} x2');
    expect(lines.at(-1)).toBe('budget: 9 of 12 tool calls used; changed nodes: n1, n2, n3, n4');
  });
});
