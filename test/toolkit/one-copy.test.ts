/** One copy of each rule: the tests below fail naming the file that spells a shared rule again instead of importing it. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPlainObject } from '../../src/util/is-plain-object.js';

const root = new URL('../..', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The code of `file`: its lines without the comment lines (TSDoc may quote a rule; only code counts as a copy). */
function codeOf(file: string): string {
  return readFileSync(join(root, file), 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(\*|\/\*\*|\/\/)/.test(line))
    .join('\n');
}

/**
 * The files of src/ (other than `home`, the rule's own module) whose code matches `pattern`.
 * src/console/page/ is left out: it is the browser's own compile unit and cannot import src/.
 */
function spelledOutside(home: string, pattern: RegExp): string[] {
  return sourceFiles(join(root, 'src'))
    .map((f) => relative(root, f))
    .filter((f) => f !== home && !f.startsWith('src/console/page/') && pattern.test(codeOf(f)));
}

describe('one copy of each rule', () => {
  it('isPlainObject: an object, not null, not an array', () => {
    expect([{}, { a: 1 }, new Date(0)].every(isPlainObject)).toBe(true);
    expect([null, undefined, [], 'x', 1, () => 1].some(isPlainObject)).toBe(false);
  });

  it('"a JSON object" is tested only by isPlainObject (src/util/is-plain-object.ts)', () => {
    const test = /typeof (\w+) === 'object' && \1 !== null && !Array\.isArray\(\1\)/;
    expect(spelledOutside('src/util/is-plain-object.ts', test)).toEqual([]);
    // and its negation, `typeof x !== 'object' || x === null || Array.isArray(x)`
    const not = /typeof ([\w.]+) !== 'object' \|\| \1 === null \|\| Array\.isArray\(\1\)/;
    expect(spelledOutside('src/util/is-plain-object.ts', not)).toEqual([]);
  });

  it('the tool-name characters and limit are written only in src/core/tool-name.ts', () => {
    expect(spelledOutside('src/core/tool-name.ts', /\[\^?a-zA-Z0-9_-\]/)).toEqual([]);
  });

  it("the tier choice 'core' | 'extended' | 'all' is written only as TierChoice (src/core/tier.ts)", () => {
    expect(spelledOutside('src/core/tier.ts', /'core' \| 'extended' \| 'all'/)).toEqual([]);
  });

  it("a tier 'core' | 'extended' is written only as Tier (src/core/tier.ts)", () => {
    expect(spelledOutside('src/core/tier.ts', /'core' \| 'extended'/)).toEqual([]);
  });

  it("the prompt skills of a store's list are picked only by promptSkillsOf (src/skills/store/store-skills.ts)", () => {
    expect(spelledOutside('src/skills/store/store-skills.ts', /kind === 'prompt'/)).toEqual([]);
  });

  it('OpenAI strict mode is built only in src/core/strict-schema.ts', () => {
    expect(spelledOutside('src/core/strict-schema.ts', /\[\w+(\.type)?, 'null'\]/)).toEqual([]);
  });
});
