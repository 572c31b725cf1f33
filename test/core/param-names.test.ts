/** Tests of param names that shadow `Object.prototype`: values arrive, and `__proto__` is refused. */

import { describe, expect, it } from 'vitest';
import { defineTool, parseArgs } from '../../src/index.js';
import { parseArgsFullPolicy } from '../../src/core/parse-args.js';
import { parseSkillFile } from '../../src/skills/files/external-skill.js';

// Param names that are also names on Object.prototype: each is callable (its value arrives, and
// when left out it is omitted, not Object.prototype's function), and `__proto__` is refused where
// the tool is defined or the skill installed, naming the param.
const NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf'] as const;

const tool = defineTool({
  name: 'proto_names',
  description: 'Takes params named like Object.prototype members',
  params: Object.fromEntries(NAMES.map((n) => [n, { type: 'string' as const, description: `The ${n}` }])),
  execute: (_api, args) => args,
});

describe('param names that shadow Object.prototype', () => {
  for (const parse of [parseArgs, parseArgsFullPolicy]) {
    it(`${parse.name}: values sent arrive, and left out ones are omitted`, () => {
      const all = Object.fromEntries(NAMES.map((n) => [n, `v-${n}`]));
      expect(parse(tool, all)).toEqual({ ok: true, args: all });
      const none = parse(tool, {});
      expect(none.ok).toBe(true);
      expect(none.ok && Object.keys(none.args)).toEqual([]);
      const one = parse(tool, { toString: 7 });
      expect(one.ok && { ...one.args }).toEqual({ toString: '7' });
      // sent as null (OpenAI strict mode) counts as omitted
      const nulls = parse(tool, { constructor: null, valueOf: 'x' });
      expect(nulls.ok && { ...nulls.args }).toEqual({ valueOf: 'x' });
    });
  }

  it('refuses a __proto__ param in defineTool, naming it', () => {
    const params = JSON.parse('{"__proto__": {"type": "string", "description": "p"}}') as Record<string, never>;
    expect(() => defineTool({ name: 'bad_proto', description: 'Has a __proto__ param', params, execute: () => null })).toThrow(
      /params\.__proto__.*refused/,
    );
  });

  it('refuses a __proto__ param at skill install, with its JSON path, and accepts constructor', () => {
    const skill = (params: string) =>
      parseSkillFile(
        JSON.parse(
          `{"kind":"tool","name":"t","description":"d","params":${params},"executor":{"type":"script","runtime":"bash","code":"echo"}}`,
        ),
      );
    const bad = skill('{"__proto__":{"type":"string","description":"p"},"id":{"type":"string","description":"Id"}}');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems.map((p) => p.path)).toEqual(['$.params.__proto__']);
    expect(!bad.ok && bad.problems[0]!.message).toMatch(/"__proto__" is refused/);
    expect(skill('{"constructor":{"type":"string","description":"c"}}').ok).toBe(true);
  });
});
