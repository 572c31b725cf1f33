/** Tests how a file outside the analysis is parsed on its own: nesting too deep for TypeScript's parser gives no tree, not a RangeError. */

import { describe, expect, it } from 'vitest';
import { MAX_BRACKET_DEPTH, parseTextAlone } from '../../src/analysis/parse-depth.js';
import { parseAlone } from '../../src/analysis/approval-rules.js';

describe('parseTextAlone', () => {
  it('parses a file as its extension says', () => {
    expect(parseTextAlone('/p/a.ts', 'export const x: number = 1;\n')?.statements.length).toBe(1);
    expect(parseTextAlone('/p/a.tsx', 'export const x = <b />;\n')?.statements.length).toBe(1);
  });

  it('refuses brackets nested deeper than the limit, as the analysis does, so the parser is never asked', () => {
    expect(parseTextAlone('/p/deep.ts', `export const deep = ${'['.repeat(MAX_BRACKET_DEPTH + 1)}0;\n`)).toBeUndefined();
    expect(
      parseTextAlone('/p/ok.ts', `export const ok = ${'['.repeat(MAX_BRACKET_DEPTH)}0${']'.repeat(MAX_BRACKET_DEPTH)};\n`),
    ).toBeDefined();
    // the soak's deep nesting (seed 17, case 6) in a file a toolbox imports: the approval readers parse it alone
    const deep = `export const deep = ${'f(() => `${'.repeat(10_000)}0;\n`;
    expect(parseAlone('/p/deep.ts', deep, '/p')).toBeUndefined();
  });

  it('gives the readers of one file one tree, and a new one when the text changed', () => {
    const text = 'export const a = 1;\n';
    const first = parseTextAlone('/p/same.ts', text);
    expect(parseTextAlone('/p/same.ts', `${text}`)).toBe(first);
    const changed = parseTextAlone('/p/same.ts', 'export const a = 2;\n');
    expect(changed).not.toBe(first);
    expect(changed?.getText()).toBe('export const a = 2;\n');
    expect(parseTextAlone('/p/other.ts', text)).not.toBe(first);
  });
});
