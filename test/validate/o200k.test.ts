/** Tests that the o200k_base token counts equal gpt-tokenizer's, on the example, the docs and hard cases. */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/toolkit/index.js';
import { countO200kTokens } from '../../src/validate/o200k.js';

const root = new URL('../..', import.meta.url).pathname;

/** gpt-tokenizer (a devDependency only), with special-token text counted as plain text as our counter does. */
const oracle = (text: string) => countTokens(text, { disallowedSpecial: new Set() });

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (/\.(ts|md|json)$/.test(name)) out.push(p);
  }
  return out;
}

describe('token counts in the o200k_base encoding (validate ships this one encoding, not a tokenizer package)', () => {
  it('keeps the counts validate reported with gpt-tokenizer on the bundled example: core 2 506 tokens, extended 1 688', async () => {
    const r = await validate(['examples/canvas'], { cwd: root });
    expect(r.summary.tiers).toEqual({ core: { tools: 16, tokens: 2506 }, extended: { tools: 16, tokens: 1688 } });
  });

  it('counts exactly what gpt-tokenizer counts, file by file, over the example, the docs and the fixtures', () => {
    const texts = [...files(join(root, 'examples/canvas')), ...files(join(root, 'docs')).filter((p) => !p.includes('.vitepress'))]
      .concat(files(join(root, 'fixtures')))
      .map((p) => readFileSync(p, 'utf8'))
      .filter((t) => t.length <= 65_536);
    expect(texts.length).toBeGreaterThan(200);
    const ours = texts.map(countO200kTokens);
    expect(ours).toEqual(texts.map(oracle));
    expect(ours.reduce((a, b) => a + b, 0)).toBeGreaterThan(100_000);
  });

  it('agrees on the hard cases: CJK and emoji, contractions in both cases, digit runs, whitespace runs, special-token text, long words', () => {
    const cases = [
      '设置字体粗细（100–900）。支持 emoji 👍 与「引号」',
      "I'LL don't You've THEY'RE it's",
      '1234567890 3.14159 -42',
      '  \n\n\t x  \r\n  y   ',
      '<|endoftext|> after',
      'a'.repeat(4096),
      'ab'.repeat(3000),
      'Ünïcödé façade naïve coöperate',
      '',
    ];
    expect(cases.map(countO200kTokens)).toEqual(cases.map(oracle));
  });
});
