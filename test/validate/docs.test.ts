/** Tests that docs/checks.md is the generated text and that every check's failing and passing examples do what they say. */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Check } from '../../src/validate/define-check.js';
import { CHECKS, type CheckId } from '../../src/validate/checks/index.js';
import { exampleFiles, renderAllCheckDocs } from '../../src/validate/docs.js';
import { checkFolder, writeSources } from './helpers.js';

const root = new URL('../..', import.meta.url).pathname;
const docs = readFileSync(`${root}docs/checks.md`, 'utf8');

describe('docs/checks.md', () => {
  it('is the generated text (regenerate: npm run docs:checks)', () => {
    expect(docs).toBe(renderAllCheckDocs());
  });

  describe('every example runs', () => {
    for (const check of CHECKS as readonly Check[]) {
      it(`${check.id}: the failing example fails it, the passing example passes it`, () => {
        const failing = checkFolder(writeSources(exampleFiles(check.docs.failing)), check.id as CheckId);
        expect(failing.findings.length).toBeGreaterThan(0);
        expect(failing.findings.every((f) => f.checkId === check.id)).toBe(true);
        const passing = checkFolder(writeSources(exampleFiles(check.docs.passing)), check.id as CheckId);
        expect(passing.findings).toEqual([]);
      });
    }
  });
});

describe('exampleFiles', () => {
  it('splits on // @file lines and defaults to tools/tool.ts', () => {
    expect(exampleFiles('const a = 1;')).toEqual({ 'tools/tool.ts': 'const a = 1;\n' });
    expect(exampleFiles('// @file x.json\n{}\n// @file tools/a.ts\nlet b;')).toEqual({ 'x.json': '{}\n', 'tools/a.ts': 'let b;\n' });
  });
});
