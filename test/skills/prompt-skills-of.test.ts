/** Tests of `promptSkillsOf`: the prompt skills of a real store's list, switched as stored, are what the router reads. */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SkillRouter } from '../../src/skills/model/router.js';
import { openSqliteStore } from '../../src/skills/store/store-sqlite.js';
import { promptSkillsOf } from '../../src/skills/store/store-skills.js';

const root = new URL('../..', import.meta.url).pathname;
const fixture = (name: string): unknown => JSON.parse(readFileSync(join(root, 'fixtures/skills', name), 'utf8'));
const prompt = (name: string, trigger: string) => ({
  kind: 'prompt',
  name,
  description: `Skill ${name}`,
  triggers: [trigger],
  content: name,
});

describe('promptSkillsOf', () => {
  it('keeps the prompt skills only (enabled and disabled, as stored), so the router routes the enabled ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prompt-skills-of-'));
    const store = openSqliteStore(join(dir, 'skills.db'));
    try {
      await store.install([
        { raw: prompt('tone', 'email') },
        { raw: prompt('legal', 'email'), enabled: false },
        { raw: fixture('weather.json') },
      ]);
      const { skills } = await store.list();
      expect(skills.map((s) => s.kind).sort()).toEqual(['prompt', 'prompt', 'tool']);
      const prompts = promptSkillsOf(skills);
      expect(prompts.map((s) => [s.name, s.kind, s.enabled])).toEqual([
        ['legal', 'prompt', false],
        ['tone', 'prompt', true],
      ]);
      expect(new SkillRouter(prompts).route('write an email').map((s) => s.name)).toEqual(['tone']);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
