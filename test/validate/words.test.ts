/** Tests of the words of a description: content words, rewording a name, code points, a 10 MB description. */

import { describe, expect, it } from 'vitest';
import { codePoints } from '../../src/core/string-checks.js';
import { contentWords, onlyRewordsName } from '../../src/validate/words.js';
import { createRng } from '../../soak/rng.js';

describe('words of a description', () => {
  it('content words: camelCase split, lower-cased, stop words and plural s dropped', () => {
    expect([...contentWords('Sets the fontFamily of 3 nodes, e.g. "Inter".')]).toEqual([
      'set',
      'font',
      'family',
      '3',
      'node',
      'e',
      'g',
      'inter',
    ]);
    expect([...contentWords('— . —')]).toEqual([]);
  });

  it("a description only rewords a name when every content word is one of the name's", () => {
    expect(onlyRewordsName('Sets the font.', 'set_font')).toBe(true);
    expect(onlyRewordsName('setFont', 'set_font')).toBe(true);
    expect(onlyRewordsName('...', 'set_font')).toBe(true);
    expect(onlyRewordsName('Sets the font family of a text node.', 'set_font')).toBe(false);
  });

  it('soak seed 2026, case 3400 (eight tools sharing a 10 MB description took 9 s of CPU in validate): a 10 MB first word is one new word', () => {
    const huge = `${'x'.repeat(10_000_000)} set font`;
    expect(onlyRewordsName(huge, 'set_font')).toBe(false);
    expect(codePoints(huge)).toBe(10_000_009);
    // cases 349, 565, ... (the fix above overflowed the regexp stack on a two-byte string: a 10 MB run and one CJK character)
    const wide = `${'x'.repeat(10_000_000)}中 set font`;
    expect(onlyRewordsName(wide, 'set_font')).toBe(false);
    expect([...contentWords(wide)].slice(-2)).toEqual(['set', 'font']);
  });

  it('code points: each surrogate pair once, a lone surrogate once (the same count as iterating the string)', () => {
    const rng = createRng(7);
    const pieces = ['a', 'é', '中', '\u{1F600}', '\uD800', '\uDFFF', '\uDBFF\uDFFF', '\u0301'];
    for (let i = 0; i < 5_000; i++) {
      let s = '';
      for (let n = rng.int(10); n > 0; n--) s += rng.pick(pieces);
      expect(codePoints(s)).toBe([...s].length);
    }
  });
});
