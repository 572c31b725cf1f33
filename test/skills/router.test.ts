/** Tests of `SkillRouter`: triggers matched case-insensitively and in Chinese text, enabled prompt skills in name order. */

import { describe, expect, it } from 'vitest';
import { buildSystemPrompt, SkillRouter, triggerOccurs } from '../../src/skills/model/router.js';
import { createSkill } from '../../src/skills/model/skill.js';
import { SkillRegistry } from '../../src/skills/model/skill-registry.js';

const prompt = (name: string, triggers: string[], content: string, enabled = true) =>
  createSkill({ name, description: name, kind: 'prompt', prompt: { triggers, content }, enabled });

describe('SkillRouter', () => {
  it('matches triggers case-insensitively and inside Chinese text with no spaces', () => {
    expect(triggerOccurs('Please write an EMAIL to Bob', 'email')).toBe(true);
    expect(triggerOccurs('帮我润色这段文字', '润色')).toBe(true);
    expect(triggerOccurs('帮我改写', '润色')).toBe(false);
    expect(triggerOccurs('转换PDF文件', 'pdf')).toBe(true);
    expect(triggerOccurs('concatenate these', 'cat')).toBe(false);
    expect(triggerOccurs('a cat, then', 'cat')).toBe(true);
    expect(triggerOccurs('ÉCOLE', 'école')).toBe(true);
  });

  it('routes enabled prompt skills only, in name order, and appends their content in a stable order', () => {
    const reg = new SkillRegistry([
      prompt('zeta', ['report'], 'Z rules'),
      prompt('alpha', ['报告', 'Report'], 'A rules'),
      prompt('off', ['report'], 'never', false),
    ]);
    const router = new SkillRouter(reg);
    expect(router.route('写一份报告 / write a report').map((s) => s.name)).toEqual(['alpha', 'zeta']);
    expect(router.buildSystemPrompt('You are helpful.', 'Weekly REPORT please')).toBe(
      'You are helpful.\n\n## Skill: alpha\nA rules\n\n## Skill: zeta\nZ rules',
    );
    expect(buildSystemPrompt(reg, 'Base', 'nothing relevant')).toBe('Base');
    // No base (the console's Router starts with none): the first skill starts the prompt, no blank lines before it.
    expect(buildSystemPrompt(reg, '', 'Weekly REPORT please')).toBe('## Skill: alpha\nA rules\n\n## Skill: zeta\nZ rules');
    expect(buildSystemPrompt(reg, '', 'nothing relevant')).toBe('');
    reg.enable('off');
    expect(router.route('report').map((s) => s.name)).toEqual(['alpha', 'off', 'zeta']);
  });
});
