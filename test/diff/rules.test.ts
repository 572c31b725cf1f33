/** Tests of the diff rule descriptors: ids, order, docs, and each rule's example found by the diff exactly. */

import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffToolSets } from '../../src/diff/compare.js';
import type { DiffRule } from '../../src/diff/define-rule.js';
import { CLASS_POLICY, exampleSets, explainRule, renderAllRuleDocs, renderRuleDocs } from '../../src/diff/docs.js';
import { explainId } from '../../src/diff/explain.js';
import { DIFF_RULE_IDS, DIFF_RULES } from '../../src/diff/rules/index.js';
import { placeholderKeys } from '../../src/util/fill-template.js';
import { CHECK_IDS } from '../../src/validate/checks/index.js';

const root = new URL('../..', import.meta.url).pathname;
const page = readFileSync(`${root}docs/diff.md`, 'utf8');
const MARKER =
  '<!-- the rest of this page is generated from src/diff/rules/ (npm run build && node scripts/docs-diff.mjs); a test keeps it equal -->\n';
const rules = DIFF_RULES as readonly DiffRule[];

describe('the rule descriptors', () => {
  it('unique kebab-case ids that no validate check uses', () => {
    expect(DIFF_RULE_IDS.length).toBeGreaterThan(0);
    expect(new Set(DIFF_RULE_IDS).size).toBe(DIFF_RULE_IDS.length);
    for (const id of DIFF_RULE_IDS) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(DIFF_RULE_IDS.filter((id) => (CHECK_IDS as readonly string[]).includes(id))).toEqual([]);
  });

  it('are listed breaking, then minor, then patch, and every class has rules', () => {
    const rank = { breaking: 0, minor: 1, patch: 2 };
    const ranks = rules.map((r) => rank[r.class]);
    expect(ranks).toEqual([...ranks].sort());
    expect(new Set(rules.map((r) => r.class))).toEqual(new Set(['breaking', 'minor', 'patch']));
  });

  it('each has a one-line doc (a sentence), a summary, and a message whose placeholders a change fills', () => {
    const known = new Set(['tool', 'param', 'field', 'where', 'detail', 'what', 'key', 'before', 'after']);
    for (const r of rules) {
      expect(r.title, r.id).toMatch(/^[A-Z].*\.$/);
      expect(r.title.includes('\n'), r.id).toBe(false);
      expect(r.summary.length, r.id).toBeGreaterThan(20);
      expect(
        [...placeholderKeys(r.message)].filter((k) => !known.has(k)),
        r.id,
      ).toEqual([]);
    }
  });

  describe('every example runs: diff on its before and after finds exactly its rule', () => {
    for (const r of rules)
      it(r.id, () => {
        const result = diffToolSets(...exampleSets(r));
        expect(result.changes.map((c) => [c.rule, c.class])).toEqual([[r.id, r.class]]);
        expect(result.bump).toBe({ breaking: 'major', minor: 'minor', patch: 'patch' }[r.class]);
      });
  });

  it('the rule files hold the registry and nothing else (tools, params, values, hints, output, checks)', () => {
    const files = readdirSync(`${root}src/diff/rules`).sort();
    expect(files).toEqual(['checks.ts', 'example.ts', 'hints.ts', 'index.ts', 'output.ts', 'params.ts', 'tools.ts', 'values.ts']);
  });
});

describe('docs/diff.md and explain', () => {
  it('the rules part of docs/diff.md is generated from the descriptors (regenerate: npm run build && node scripts/docs-diff.mjs)', () => {
    expect(page.includes(MARKER)).toBe(true);
    expect(page.slice(page.indexOf(MARKER) + MARKER.length)).toBe(`\n${renderAllRuleDocs()}`);
  });

  it('has one section per rule, in registry order, after the table', () => {
    expect([...page.matchAll(/^### (\S+)$/gm)].map((m) => m[1])).toEqual([...DIFF_RULE_IDS]);
    for (const id of DIFF_RULE_IDS) expect(page).toContain(`| [\`${id}\`](#${id}) |`);
  });

  describe('explain <rule> prints the rule section and the class policy, for every rule', () => {
    for (const r of rules)
      it(r.id, () => {
        const text = explainId(r.id);
        expect(text).toBe(`${renderRuleDocs(r)}\n${CLASS_POLICY}\n`);
        expect(text).toBe(explainRule(r.id));
        expect(text.startsWith(`### ${r.id}\n\n**${r.class}**. ${r.title}\n\n${r.summary}\n`)).toBe(true);
        expect(page).toContain(renderRuleDocs(r));
        // the section shows what diff prints for the example: the rule id and its message
        expect(text).toMatch(new RegExp(`\\n  ${r.class} +${r.id}  `));
      });
  });

  it('an unknown id names close matches among checks and rules', () => {
    expect(() => explainId('param-remove')).toThrow(/^unknown check or diff rule "param-remove"; did you mean "param-removed"/);
    expect(() => explainId('nothing-like-it')).toThrow(/\(checks: schema-layer, .*; diff rules: tool-removed, tool-renamed, /);
    expect(explainId('jsdoc').startsWith('## jsdoc\n')).toBe(true);
  });

  it('agent-tools explain <rule> prints the same (built CLI)', () => {
    const r = spawnSync(process.execPath, [`${root}bin/agent-tools.js`, 'explain', 'became-destructive'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(explainId('became-destructive'));
    const bad = spawnSync(process.execPath, [`${root}bin/agent-tools.js`, 'explain', 'enum-value-remove'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^agent-tools: unknown check or diff rule "enum-value-remove"; did you mean "enum-value-removed"/);
  });
});
