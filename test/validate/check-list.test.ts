/** The check list is the one place a check is named: each listed check has its file, test, fixture and docs section; nothing else has. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Check } from '../../src/validate/define-check.js';
import { CHECK_IDS } from '../../src/validate/checks/index.js';

const root = new URL('../..', import.meta.url).pathname;
const docs = readFileSync(`${root}docs/checks.md`, 'utf8');

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
  // each failure names the files to write: a check in the list without them, or a file without its line in the list
  const ids = [...CHECK_IDS].sort();
  const without = (have: readonly string[], want: readonly string[], path: (id: string) => string) =>
    want.filter((id) => !have.includes(id)).map(path);
  it('check files = registry', () => {
    expect(
      without(files, ids, (id) => `src/validate/checks/${id}.ts`),
      'listed in CHECKS, no check file',
    ).toEqual([]);
    expect(
      without(ids, files, (id) => `src/validate/checks/${id}.ts`),
      'not listed in CHECKS (src/validate/checks/index.ts)',
    ).toEqual([]);
  });
  it('docs headings = registry, in order', () => expect(headings, 'docs/checks.md is stale: npm run docs:checks').toEqual([...CHECK_IDS]));
  it('fixture folders = registry', () => {
    expect(
      without(fixtures, ids, (id) => `fixtures/validate/${id}/`),
      'no fixture folder',
    ).toEqual([]);
    expect(
      without(ids, fixtures, (id) => `fixtures/validate/${id}/`),
      'a fixture folder of no check in CHECKS',
    ).toEqual([]);
  });
  it('test files = registry: one test/validate/checks/<id>.test.ts per check', () => {
    expect(
      without(tests, ids, (id) => `test/validate/checks/${id}.test.ts`),
      'no test file',
    ).toEqual([]);
    expect(
      without(ids, tests, (id) => `test/validate/checks/${id}.test.ts`),
      'a test file of no check in CHECKS',
    ).toEqual([]);
  });
  it('each check file exports the check with its own id', async () => {
    for (const id of files) {
      const mod = (await import(`../../src/validate/checks/${id}.ts`)) as { default: Check };
      expect(mod.default.id).toBe(id);
    }
  });
});
