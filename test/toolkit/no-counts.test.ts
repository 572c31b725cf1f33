/** No page, message, comment or test says how many checks, export formats, skill kinds or adapters there are: each list is the count. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;

const NUMBER = String.raw`(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)`;
const THINGS = String.raw`(?:validate checks|checks|export formats|formats|skill kinds|kinds of skill|adapters)`;
/** `19 checks`, `all seven formats`, `the four skill kinds`: a count of the things a descriptor list holds. */
const COUNT = new RegExp(String.raw`\b${NUMBER}\s+${THINGS}\b`, 'gi');

/** Files under `dir` (relative to the root) whose name ends in one of `extensions`, skipping generated goldens and this file. */
function filesUnder(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && extensions.some((x) => e.name.endsWith(x)))
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .filter((f) => !f.startsWith('test/export/golden/') && f !== 'test/toolkit/no-counts.test.ts');
}

describe('counts of the things a descriptor list holds are derived, never written', () => {
  it('no doc, source, test or script writes one', () => {
    const files = ['README.md', ...filesUnder('docs', ['.md']), ...filesUnder('src', ['.ts', '.cts']), ...filesUnder('test', ['.ts'])];
    files.push(...filesUnder('scripts', ['.mjs']), ...filesUnder('templates', ['.hbs']));
    const found = files.flatMap((f) =>
      readFileSync(join(root, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => [...line.matchAll(COUNT)].map((m) => `${f}:${i + 1}: ${m[0]}`)),
    );
    expect(found, 'say "every check" or derive the number from the list (CHECKS.length, FORMAT_LIST, SKILL_KINDS, ADAPTER_LIST)').toEqual(
      [],
    );
  });

  it('finds a count written in words or digits', () => {
    expect('the 19 checks, all seven formats and four skill kinds'.match(COUNT)).toEqual([
      '19 checks',
      'seven formats',
      'four skill kinds',
    ]);
  });
});
