/** The skill kind list: each kind has its file, fixture and docs row, and parsing, building, show and try go through it. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSkillFile } from '../../src/skills/files/external-skill.js';
import { skillAccess } from '../../src/skills/files/skill-access.js';
import { skillFromFile } from '../../src/skills/files/skill-from-file.js';
import { findSkillKind, SKILL_KINDS, skillKindOf } from '../../src/skills/kinds/index.js';
import type { StoredSkill } from '../../src/skills/store/store.js';

const root = new URL('../..', import.meta.url).pathname;
/** Modules of src/skills/kinds/ that are not a kind. */
const NOT_KINDS = ['define-skill-kind.ts', 'index.ts', 'tool-file.ts'];

function fixture(id: string): unknown {
  return JSON.parse(readFileSync(`${root}fixtures/skills/kinds/${id}.json`, 'utf8'));
}

function stored(raw: unknown): StoredSkill {
  const r = parseSkillFile(raw);
  if (!r.ok) throw new Error(r.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  const at = '2026-01-01T00:00:00.000Z';
  const s = r.skill;
  return {
    name: s.name,
    kind: s.kind,
    enabled: true,
    source: null,
    installedAt: at,
    updatedAt: at,
    raw: raw as never,
    skill: s,
    toolPins: null,
  };
}

/** The rows of docs/skills.md's skill kind table, as written. */
function docsRows(): string[] {
  const page = readFileSync(`${root}docs/skills.md`, 'utf8');
  const start = page.indexOf('| kind | in the file | what it is |');
  expect(start, 'docs/skills.md has the skill kind table').toBeGreaterThan(-1);
  return page
    .slice(start)
    .split('\n')
    .slice(2)
    .filter((_l, i, all) => all.slice(0, i + 1).every((x) => x.startsWith('|')));
}

describe('skill kinds: one list, and every file a kind needs', () => {
  it('each module of src/skills/kinds/ is a kind in the list, named by its id', async () => {
    const files = readdirSync(`${root}src/skills/kinds`).filter((f) => !NOT_KINDS.includes(f));
    const listed = SKILL_KINDS.map((k) => `${k.id}.ts`);
    const unlisted = files.filter((f) => !listed.includes(f)).map((f) => `src/skills/kinds/${f}`);
    expect(unlisted, 'not in SKILL_KINDS (src/skills/kinds/index.ts)').toEqual([]);
    expect(files.sort()).toEqual(listed.sort());
    for (const k of SKILL_KINDS) {
      const mod = (await import(`../../src/skills/kinds/${k.id}.ts`)) as { default: unknown };
      expect(mod.default, `src/skills/kinds/${k.id}.ts exports the kind ${k.id} as default`).toBe(k);
    }
  });

  it('docs/skills.md lists each kind, as the list says', () => {
    const where = (k: (typeof SKILL_KINDS)[number]) =>
      'executorType' in k && k.executorType
        ? `"kind": "${k.fileKind}"\`, \`"executor": { "type": "${k.executorType}" }`
        : `"kind": "${k.fileKind}"`;
    expect(docsRows()).toEqual(SKILL_KINDS.map((k) => `| \`${k.id}\` | \`${where(k)}\` | ${k.summary} |`));
  });

  for (const kind of SKILL_KINDS) {
    describe(kind.id, () => {
      it(`has a fixture fixtures/skills/kinds/${kind.id}.json that parses and is of this kind`, () => {
        expect(existsSync(`${root}fixtures/skills/kinds/${kind.id}.json`)).toBe(true);
        const s = stored(fixture(kind.id));
        expect(findSkillKind(fixture(kind.id))).toBe(kind);
        expect(skillKindOf(s.skill)).toBe(kind);
      });

      it('is built, shown and tried through its descriptor', () => {
        const s = stored(fixture(kind.id));
        const view = skillKindOf(s.skill).view(s.skill, s);
        expect(view.details.length).toBeGreaterThan(0);
        expect(Array.isArray(skillAccess(s.skill))).toBe(true);
        if (kind.try.tools === 'server') {
          expect(() => skillFromFile(s.skill)).toThrow(TypeError);
          return;
        }
        const skill = skillFromFile(s.skill, false);
        expect(skill.name).toBe(s.name);
        expect(skill.enabled).toBe(false);
        expect(skill.tools.map((t) => t.name)).toEqual(view.tools);
        expect(kind.try.tools === 'none').toBe(skill.tools.length === 0);
      });
    });
  }

  it('the file kinds and executor types in errors come from the list', () => {
    const bad = parseSkillFile({ kind: 'nope', name: 'x', description: 'x' });
    expect(bad.ok === false && bad.problems[0]!.message).toBe('expected "kind" to be "prompt", "tool" or "mcp"');
    const ex = parseSkillFile({ kind: 'tool', name: 'x', description: 'x', executor: { type: 'ftp' } });
    const types = SKILL_KINDS.flatMap((k) => ('executorType' in k ? [`"${k.executorType}"`] : []));
    expect(types.slice(0, 2)).toEqual(['"http"', '"script"']);
    expect(ex.ok === false && ex.problems.map((p) => p.message)).toContain(`expected an executor with "type": ${types.join(' or ')}`);
  });
});
