/** Tests that a clash between a skill's tool and a tool of the toolbox names the skill, not a file of the library. */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toolsToAI } from '../../src/adapters/ai.js';
import { defineTool } from '../../src/core/tool.js';
import { parseSkillFile } from '../../src/skills/files/external-skill.js';
import { skillFromFile } from '../../src/skills/files/skill-from-file.js';

const root = new URL('../..', import.meta.url).pathname;

describe('a skill tool whose name a toolbox tool has', () => {
  it('is named by its skill in the duplicate-name error', () => {
    const parsed = parseSkillFile(JSON.parse(readFileSync(`${root}fixtures/skills/kinds/http.json`, 'utf8')));
    if (!parsed.ok) throw new Error('the fixture does not parse');
    const skill = skillFromFile(parsed.skill);
    const own = defineTool({ name: 'get_weather', description: 'The weather of the toolbox.', params: {}, execute: () => 1 });
    const line = new Error().stack!.split('\n')[1]!.match(/:(\d+):\d+\)?$/)![1]!;
    expect(() => toolsToAI([own, ...skill.tools])).toThrow(
      `Duplicate tool name "get_weather": defined by tools[0] (${root}test/skills/skill-tool-location.test.ts:${Number(line) - 1}:17) and by tools[1] (skill "get_weather"). Rename one of them.`,
    );
  });
});
