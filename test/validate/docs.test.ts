import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Check } from '../../src/validate/define-check.js';
import { CHECK_IDS, CHECKS, type CheckId } from '../../src/validate/checks/index.js';
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

describe('parity: check files, registry, docs sections and fixtures name the same ids', () => {
  const files = readdirSync(`${root}src/validate/checks`)
    .filter((f) => f !== 'index.ts')
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();
  const headings = [...docs.matchAll(/^## (\S+)$/gm)].map((m) => m[1]!);
  const fixtures = readdirSync(`${root}fixtures/validate`).sort();
  const tests = readdirSync(`${root}test/validate/checks`)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => f.replace(/\.test\.ts$/, ''))
    .sort();

  it('has checks with unique kebab-case ids', () => {
    expect(CHECK_IDS.length).toBeGreaterThan(0);
    expect(new Set(CHECK_IDS).size).toBe(CHECK_IDS.length);
    for (const id of CHECK_IDS) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });
  it('check files = registry', () => expect(files).toEqual([...CHECK_IDS].sort()));
  it('docs headings = registry, in order', () => expect(headings).toEqual([...CHECK_IDS]));
  it('fixture folders = registry', () => expect(fixtures).toEqual([...CHECK_IDS].sort()));
  it('test files = registry: one test/validate/checks/<id>.test.ts per check', () => expect(tests).toEqual([...CHECK_IDS].sort()));
  it('each check file exports the check with its own id', async () => {
    for (const id of files) {
      const mod = (await import(`../../src/validate/checks/${id}.ts`)) as { default: Check };
      expect(mod.default.id).toBe(id);
    }
  });
});

describe('exampleFiles', () => {
  it('splits on // @file lines and defaults to tools/tool.ts', () => {
    expect(exampleFiles('const a = 1;')).toEqual({ 'tools/tool.ts': 'const a = 1;\n' });
    expect(exampleFiles('// @file x.json\n{}\n// @file tools/a.ts\nlet b;')).toEqual({ 'x.json': '{}\n', 'tools/a.ts': 'let b;\n' });
  });
});
