/** Tests that a string param's lengths (code points) and pattern reach the input schema and are enforced, from params and zod inputs. */

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOutput, defineTool, parseArgs, toInputSchema } from '../../src/index.js';
import { parseArgsFullPolicy } from '../../src/core/parse-args.js';
import { toolsListEntry } from '../../src/core/tools-list-entry.js';

const root = new URL('../..', import.meta.url).pathname;
const COPIES = ['zod-v3', 'zod-v4-0', 'zod-v4-1', 'zod-v4-2', 'zod-v4-3', 'zod-v4-4', 'zod-v4-5', 'zod'] as const;
type Z = Record<string, (...a: unknown[]) => never>;
const s = (x: unknown) => x as Z;

const search = defineTool({
  name: 'search_notes',
  description: 'Searches the notes.',
  mutates: false,
  params: {
    query: { type: 'string', required: true, min: 2, max: 5, description: 'Words to look for' },
    tag: { type: 'string', pattern: '^[a-z]+$', description: 'A lower-case tag' },
    word: { type: 'string', pattern: '^\\p{L}+$', max: 3, default: 'abc', description: 'One word of letters' },
  },
  execute: (_api: unknown, args) => args,
});

/** Both validators, the fast path and the full policy, give the same answer; this is it. */
function both(raw: unknown) {
  const fast = parseArgs(search, raw);
  expect(parseArgsFullPolicy(search, raw)).toEqual(fast);
  return fast;
}

describe('string params: min/max as lengths in code points, and a pattern', () => {
  it('toInputSchema and tools/list write minLength, maxLength and pattern', () => {
    const properties = {
      query: { type: 'string', description: 'Words to look for', minLength: 2, maxLength: 5 },
      tag: { type: 'string', description: 'A lower-case tag', pattern: '^[a-z]+$' },
      word: { type: 'string', description: 'One word of letters', maxLength: 3, pattern: '^\\p{L}+$', default: 'abc' },
    };
    expect(toInputSchema(search.params)).toEqual({ type: 'object', properties, required: ['query'], additionalProperties: false });
    expect(toolsListEntry(search).inputSchema).toEqual({ type: 'object', properties, required: ['query'], additionalProperties: false });
  });

  it('takes exactly min and exactly max, refuses min - 1 and max + 1, naming the param', () => {
    expect(both({ query: 'ab' })).toEqual({ ok: true, args: { query: 'ab', word: 'abc' } });
    expect(both({ query: 'abcde' })).toEqual({ ok: true, args: { query: 'abcde', word: 'abc' } });
    expect(both({ query: 'a' })).toEqual({
      ok: false,
      error: 'Invalid arguments for tool "search_notes":\n- query: expected at least 2 characters, received 1 character (string "a")',
      issues: [{ path: 'query', message: 'expected at least 2 characters, received 1 character (string "a")' }],
    });
    expect(both({ query: 'abcdef' })).toMatchObject({
      ok: false,
      issues: [{ path: 'query', message: 'expected at most 5 characters, received 6 characters (string "abcdef")' }],
    });
  });

  it('counts an astral character (one code point, two UTF-16 units) as one character', () => {
    expect('😀'.length).toBe(2);
    // one emoji is below min 2 although its UTF-16 length is 2
    expect(both({ query: '😀' })).toMatchObject({
      ok: false,
      issues: [{ path: 'query', message: 'expected at least 2 characters, received 1 character (string "😀")' }],
    });
    // five emoji are max 5 although their UTF-16 length is 10
    expect(both({ query: '😀😀😀😀😀' })).toEqual({ ok: true, args: { query: '😀😀😀😀😀', word: 'abc' } });
    expect(both({ query: 'ab', word: '𝒜𝒷𝒸' })).toEqual({ ok: true, args: { query: 'ab', word: '𝒜𝒷𝒸' } });
    expect(both({ query: 'ab', word: '𝒜𝒷𝒸𝒹' })).toMatchObject({
      ok: false,
      issues: [{ path: 'word', message: 'expected at most 3 characters, received 4 characters (string "𝒜𝒷𝒸𝒹")' }],
    });
  });

  it('checks the pattern (with the u flag, so \\p{L} works), and a number sent for a string is measured as its text', () => {
    expect(both({ query: 'ab', tag: 'news' })).toEqual({ ok: true, args: { query: 'ab', tag: 'news', word: 'abc' } });
    expect(both({ query: 'ab', tag: 'News' })).toMatchObject({
      ok: false,
      issues: [{ path: 'tag', message: 'expected a string matching ^[a-z]+$, received string "News"' }],
    });
    expect(both({ query: 'ab', word: 'ça' })).toEqual({ ok: true, args: { query: 'ab', word: 'ça' } });
    expect(both({ query: 'ab', word: 'a1' })).toMatchObject({ ok: false, issues: [{ path: 'word' }] });
    expect(both({ query: 123456 })).toMatchObject({
      ok: false,
      issues: [{ path: 'query', message: 'expected at most 5 characters, received 6 characters (string "123456")' }],
    });
    expect(both({ query: 12 })).toEqual({ ok: true, args: { query: '12', word: 'abc' } });
  });

  it('a declared output string field is checked the same way', () => {
    const tool = defineTool({
      name: 'get_code',
      description: 'Returns a code.',
      mutates: false,
      params: {},
      output: { code: { type: 'string', required: true, min: 2, max: 3, pattern: '^[A-Z]+$', description: 'The code' } },
      execute: () => ({ code: 'AB' }),
    });
    expect(toolsListEntry(tool).outputSchema?.properties.code).toEqual({
      type: 'string',
      description: 'The code',
      minLength: 2,
      maxLength: 3,
      pattern: '^[A-Z]+$',
    });
    expect(checkOutput(tool, { code: 'ABC' })).toEqual({ ok: true, value: { code: 'ABC' } });
    const bad = checkOutput(tool, { code: 'abcd' });
    expect(bad.ok ? [] : bad.issues).toEqual([
      { path: '$.code', message: 'expected at most 3 characters, received 4 characters' },
      { path: '$.code', message: 'expected a string matching ^[A-Z]+$, received the string "abcd"' },
    ]);
  });
});

describe('a zod input: string lengths and one .regex() reach the params and the schema, zod 3 and every zod 4 minor', () => {
  for (const copy of COPIES) {
    it(`${copy}: .min(2).max(200).regex() listed as minLength/maxLength/pattern; flags, formats and several regexes left out`, async () => {
      const { z } = (await import(join(root, 'node_modules', copy, 'index.js'))) as { z: Z };
      const str = () => s(z.string!());
      const input = z.object!({
        query: s(s(s(str().min!(2)).max!(200)).regex!(/^[a-z ]+$/)).describe!('Words to look for'),
        code: s(s(str().length!(3)).optional!()).describe!('Three-letter code'),
        // zod writes /^ab/i as "^ab": the i flag cannot be carried, so the pattern stays out (zod still checks it)
        prefix: s(s(str().regex!(/^ab/i)).optional!()).describe!('Starts with ab, any case'),
        letters: s(s(str().regex!(/^\p{L}+$/u)).optional!()).describe!('Letters only'),
        email: s(s(str().email!()).optional!()).describe!('Reply address'),
        both: s(s(s(str().regex!(/^a/)).regex!(/z$/)).optional!()).describe!('From a to z'),
      });
      const tool = defineTool({
        name: 'search_notes',
        description: 'Searches the notes.',
        input,
        execute: (_a: unknown, args: unknown) => args,
      });
      expect(tool.params).toEqual({
        query: { type: 'string', description: 'Words to look for', required: true, min: 2, max: 200, pattern: '^[a-z ]+$' },
        code: { type: 'string', description: 'Three-letter code', min: 3, max: 3 },
        prefix: { type: 'string', description: 'Starts with ab, any case' },
        letters: { type: 'string', description: 'Letters only', pattern: '^\\p{L}+$' },
        email: { type: 'string', description: 'Reply address' },
        both: { type: 'string', description: 'From a to z' },
      });
      expect(toolsListEntry(tool).inputSchema.properties).toEqual({
        query: { type: 'string', description: 'Words to look for', minLength: 2, maxLength: 200, pattern: '^[a-z ]+$' },
        code: { type: 'string', description: 'Three-letter code', minLength: 3, maxLength: 3 },
        prefix: { type: 'string', description: 'Starts with ab, any case' },
        letters: { type: 'string', description: 'Letters only', pattern: '^\\p{L}+$' },
        email: { type: 'string', description: 'Reply address' },
        both: { type: 'string', description: 'From a to z' },
      });
      expect(parseArgs(tool, { query: 'ab' })).toEqual({ ok: true, args: { query: 'ab' } });
      expect(parseArgs(tool, { query: 'a' })).toMatchObject({
        ok: false,
        issues: [{ path: 'query', message: 'expected at least 2 characters, received 1 character (string "a")' }],
      });
      expect(parseArgs(tool, { query: 'AB' })).toMatchObject({
        ok: false,
        issues: [{ path: 'query', message: 'expected a string matching ^[a-z ]+$, received string "AB"' }],
      });
      // what the schema leaves out zod still checks: the i flag lets "ABc" through, "xy" is refused
      expect(parseArgs(tool, { query: 'ab', prefix: 'ABc' }).ok).toBe(true);
      expect(parseArgs(tool, { query: 'ab', prefix: 'xy' })).toMatchObject({ ok: false, issues: [{ path: 'prefix' }] });
      expect(parseArgs(tool, { query: 'ab', both: 'ay' })).toMatchObject({ ok: false, issues: [{ path: 'both' }] });
    });
  }
});
