/** Tests that the built `agent-tools diff` sees a zod input's string lengths and patterns: a narrowed max and an added regex break. */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TempRepo } from './git-repo.js';
import { cli } from './wipe-toolbox.js';

const SEARCH = `import { defineTool } from 'agent-tools';
import { z } from 'zod';

/** Searches the notes. */
export const searchNotes = defineTool({
  name: 'search_notes',
  description: 'Search the notes by words and tag',
  mutates: false,
  input: z.object({
    query: z.string().min(2).max(200).describe('Words to look for'),
    tag: z.string().optional().describe('Tag to filter by'),
  }),
  execute: () => [],
});
`;

describe('agent-tools diff (built CLI): string lengths and patterns of a zod input', { timeout: 300_000 }, () => {
  let repo: TempRepo;
  beforeAll(() => {
    repo = new TempRepo({ 'tools/search-notes.ts': SEARCH });
  });
  afterAll(() => repo.dispose());

  it('.max(200) → .max(50) is bounds-narrowed and an added .regex() a constraint-added, both breaking (exit 1)', () => {
    expect(cli(repo.dir, 'diff', '--base', 'main').stdout).toBe('✔ no changes against main (1 tool, 1 before): no version bump\n');
    repo.edit('tools/search-notes.ts', '.max(200)', '.max(50)');
    repo.edit('tools/search-notes.ts', 'tag: z.string().optional()', 'tag: z.string().regex(/^[a-z-]+$/).optional()');
    const at = repo.at('tools/search-notes.ts', 'defineTool({');
    const r = cli(repo.dir, 'diff', '--base', 'main', '--format', 'json');
    expect([r.status, r.stderr]).toEqual([1, '']);
    expect(JSON.parse(r.stdout)).toEqual({
      changes: [
        {
          tool: 'search_notes',
          param: 'query',
          rule: 'bounds-narrowed',
          class: 'breaking',
          message: 'param `query`: maxLength 200 → 50',
          ...at,
        },
        {
          tool: 'search_notes',
          param: 'tag',
          rule: 'constraint-added',
          class: 'breaking',
          message: 'param `tag`: pattern "^[a-z-]+$" added',
          ...at,
        },
      ],
      bump: 'major',
    });
  });

  it('.max(50) → .max(100) is bounds-widened, minor (exit 0)', () => {
    repo.commit('narrowed');
    repo.edit('tools/search-notes.ts', '.max(50)', '.max(100)');
    const r = cli(repo.dir, 'diff', '--base', 'main', '--format', 'json');
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(JSON.parse(r.stdout)).toMatchObject({
      changes: [
        { tool: 'search_notes', param: 'query', rule: 'bounds-widened', class: 'minor', message: 'param `query`: maxLength 50 → 100' },
      ],
      bump: 'minor',
    });
  });
});
