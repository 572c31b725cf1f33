/** Tests of `defineSkill` and `SkillRegistry`: switches, active tools, change events, duplicates. */

import { describe, expect, it } from 'vitest';
import { defineTool, DuplicateToolError, ToolDefinitionError } from '../../src/index.js';
import { defineSkill, createSkill } from '../../src/skills/model/skill.js';
import { SkillNameError, SkillRegistry } from '../../src/skills/model/skill-registry.js';

const tool = (name: string) => defineTool({ name, description: `tool ${name}`, params: {}, execute: () => name });

describe('defineSkill', () => {
  it('wraps built-in tools, enabled by default, and switches', () => {
    const s = defineSkill({ name: 'fonts', description: 'Font tools', tools: [tool('set_font')] });
    expect(s.kind).toBe('builtin');
    expect(s.enabled).toBe(true);
    expect(s.tools.map((t) => t.name)).toEqual(['set_font']);
    s.disable();
    expect(s.enabled).toBe(false);
    s.enable();
    expect(s.enabled).toBe(true);
  });

  it('refuses a bad skill name and a broken tool', () => {
    expect(() => defineSkill({ name: 'my skill', description: 'x', tools: [] })).toThrow(/Skill name "my skill" must match/);
    const broken = { name: 'bad tool', description: 'x', params: {}, execute: () => 1 };
    expect(() => defineSkill({ name: 'ok', description: 'x', tools: [broken] })).toThrow(ToolDefinitionError);
  });
});

describe('SkillRegistry', () => {
  it('activeTools returns only the tools of enabled skills, in registration order', () => {
    const a = defineSkill({ name: 'a', description: 'A', tools: [tool('a1'), tool('a2')] });
    const b = defineSkill({ name: 'b', description: 'B', tools: [tool('b1')], enabled: false });
    const c = defineSkill({ name: 'c', description: 'C', tools: [tool('c1')] });
    const reg = new SkillRegistry([a, b, c]);
    expect(reg.activeTools().map((t) => t.name)).toEqual(['a1', 'a2', 'c1']);
    reg.enable('b');
    expect(reg.tools().map((t) => t.name)).toEqual(['a1', 'a2', 'b1', 'c1']);
    reg.disable('a');
    expect(reg.activeTools().map((t) => t.name)).toEqual(['b1', 'c1']);
  });

  it("fires 'change' once per change of the visible set, never for no-ops or prompt-only skills", () => {
    const a = defineSkill({ name: 'a', description: 'A', tools: [tool('a1')] });
    const p = createSkill({ name: 'p', description: 'P', kind: 'prompt', prompt: { triggers: ['x'], content: 'X' } });
    const reg = new SkillRegistry([a, p]);
    const seen: string[][] = [];
    const off = reg.on('change', () => seen.push(reg.activeTools().map((t) => t.name)));
    a.disable(); // through the skill itself
    a.disable(); // no-op
    p.disable(); // no tools: visible set unchanged
    reg.enable('a');
    reg.register(defineSkill({ name: 'late', description: 'L', tools: [tool('l1')] }));
    reg.register(defineSkill({ name: 'off', description: 'O', tools: [tool('o1')], enabled: false }));
    reg.unregister('late');
    off();
    reg.disable('a');
    expect(seen).toEqual([[], ['a1'], ['a1', 'l1'], ['a1']]);
  });

  it('refuses duplicate skill names and duplicate tool names across skills', () => {
    const reg = new SkillRegistry([defineSkill({ name: 'a', description: 'A', tools: [tool('same')] })]);
    expect(() => reg.register(defineSkill({ name: 'a', description: 'again', tools: [] }))).toThrow(SkillNameError);
    expect(() => reg.register(defineSkill({ name: 'b', description: 'B', tools: [tool('same')], enabled: false }))).toThrow(
      new DuplicateToolError('same', 'skill "a"', 'skill "b"'),
    );
    expect(reg.list().map((s) => s.name)).toEqual(['a']);
  });

  it('names close matches for an unknown skill', () => {
    const reg = new SkillRegistry([defineSkill({ name: 'fonts', description: 'F', tools: [] })]);
    expect(() => reg.enable('font')).toThrow('Unknown skill "font". Did you mean: fonts?');
  });
});
