/** Tests of the validate reporters: github escaping, markdown tables, colored text, json and sarif. */

import { existsSync } from 'node:fs';
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/validate/checks/index.js';
import { REPORTERS } from '../../src/validate/reporters/index.js';
import type { ValidateResult } from '../../src/validate/run-checks.js';
import { runValidate as validate } from '../../src/cli/run-validate.js';

const result: ValidateResult = {
  files: 1,
  tools: 1,
  errors: 1,
  warnings: 1,
  tiers: { core: { tools: 1, tokens: 40 }, extended: { tools: 0, tokens: 0 } },
  profile: { name: 'full' },
  checks: CHECKS.map((c) => ({
    id: c.id,
    title: c.title,
    severity: c.severity,
    status: c.id === 'tool-description' || c.id === 'jsdoc' ? 'fail' : 'pass',
    errors: c.id === 'tool-description' ? 1 : 0,
    warnings: c.id === 'jsdoc' ? 1 : 0,
  })),
  findings: [
    {
      checkId: 'tool-description',
      severity: 'error',
      messageId: 'rewordsName',
      data: { name: 'a|b', description: '100% done,\nreally: yes' },
      file: 'tools/a,b.ts',
      line: 2,
      column: 3,
      hint: 'Say more.',
    },
    { checkId: 'jsdoc', severity: 'warn', messageId: 'missing', data: { name: 'x', exports: 'x' }, file: 'tools/x.ts', line: 1, column: 1 },
  ],
};
const plain = { colors: pc.createColors(false), version: '9.9.9' };

describe('reporters', () => {
  it('github: workflow commands with data and property escaping', () => {
    const lines = REPORTERS.github(result, plain).split('\n');
    expect(lines[0]).toBe(
      '::error file=tools/a%2Cb.ts,line=2,col=3,title=agent-tools tool-description::The description of tool "a|b" ("100%25 done,%0Areally: yes") only rewords its name. Hint: Say more.',
    );
    expect(lines[1]).toBe('::warning file=tools/x.ts,line=1,col=1,title=agent-tools jsdoc::Exported tool "x" (x) has no JSDoc comment.');
    expect(lines).toHaveLength(3);
  });

  it('markdown: | escaped in table cells, one section per check with findings, no timestamp', () => {
    const md = REPORTERS.markdown(result, plain);
    expect(md).toContain('| 15 | `tool-description` | Tools have a useful description | error | fail | 1 | 0 |');
    expect(md.match(/^## /gm)).toHaveLength(2);
    expect(md).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(REPORTERS.markdown(result, plain)).toBe(md);
  });

  it('markdown: a check with only warnings reads "warn", not "fail", in its row and in the summary', () => {
    const md = REPORTERS.markdown(result, plain);
    expect(md).toContain('| 20 | `jsdoc` | Exported tools have a JSDoc comment | warn | warn | 0 | 1 |');
    expect(md).toContain(`Checks: ${CHECKS.length - 2} pass, 1 warn, 1 fail, 0 off.`);
    const warningsOnly = { ...result, errors: 0, findings: result.findings.slice(1) };
    warningsOnly.checks = result.checks.map((c) => (c.id === 'tool-description' ? { ...c, status: 'pass' as const, errors: 0 } : c));
    const passing = REPORTERS.markdown(warningsOnly, plain);
    expect(passing).toContain(`**Pass**: `);
    expect(passing).toContain(`Checks: ${CHECKS.length - 1} pass, 1 warn, 0 fail, 0 off.`);
    expect(passing).not.toMatch(/\| fail \|/);
    expect(JSON.parse(REPORTERS.json(warningsOnly, plain)).checks.find((c: { id: string }) => c.id === 'jsdoc').status).toBe('fail');
  });

  it('markdown: a check with details prints its summary and names explain, not the details', () => {
    const rules = CHECKS.find((c) => c.id === 'approval-rules')!;
    const failing: ValidateResult = {
      ...result,
      checks: result.checks.map((c) => (c.id === 'approval-rules' ? { ...c, status: 'fail' as const, errors: 1 } : c)),
      findings: [
        {
          checkId: 'approval-rules',
          severity: 'error',
          messageId: 'stale',
          data: { rule: 'pnig', where: 'x', near: '' },
          file: 'a.ts',
          line: 1,
          column: 1,
        },
      ],
    };
    const md = REPORTERS.markdown(failing, plain);
    const section = md.slice(md.indexOf('## `approval-rules`'));
    expect(section.split('\n')[2]).toBe(
      `${rules.docs.summary} What it reads and reports in full: \`npx agent-tools explain approval-rules\`.`,
    );
    expect(md).not.toContain(rules.docs.details![0]);
    expect(md.length).toBeLessThan(8000);
  });

  it('text: colored only when colors are on', () => {
    const colored = REPORTERS.text(result, { ...plain, colors: pc.createColors(true) });
    expect(colored).toContain('\x1b[31merror\x1b[39m');
    const text = REPORTERS.text(result, plain);
    expect(text).not.toContain('\x1b[');
    expect(text.split('\n')[0]).toBe('tools/a,b.ts:2:3  error  The description of tool "a|b" ("100% done,');
    expect(text).toContain(
      '\n✖ 1 error, 1 warning (1 file, 1 tool; core tier: 1 tool, 40 tokens; extended tier: 0 tools, 0 tokens; profile full)\n',
    );
  });

  it('json and sarif carry the version, rules and the same message', () => {
    const json = JSON.parse(REPORTERS.json(result, plain));
    expect(json.findings[0].message).toBe('The description of tool "a|b" ("100% done,\nreally: yes") only rewords its name.');
    const sarif = JSON.parse(REPORTERS.sarif(result, plain));
    expect(sarif.runs[0].tool.driver.version).toBe('9.9.9');
    expect(sarif.runs[0].tool.driver.rules.map((r: { id: string }) => r.id)).toEqual(CHECKS.map((c) => c.id));
    expect(sarif.runs[0].results[0]).toMatchObject({
      ruleId: 'tool-description',
      ruleIndex: 14,
      level: 'error',
      locations: [{ physicalLocation: { artifactLocation: { uri: 'tools/a%2Cb.ts' }, region: { startLine: 2, startColumn: 3 } } }],
    });
  });
});

// The bundled example toolbox (its own issue) must validate clean once it is merged.
const examples = new URL('../../examples/canvas', import.meta.url).pathname;
describe.skipIf(!existsSync(examples))('examples/canvas/', () => {
  it('validates clean', () => {
    const { result: r, exitCode } = validate({ cwd: examples, paths: ['.'], format: 'json', colors: plain.colors, stdout: () => {} });
    expect(r.findings).toEqual([]);
    expect(exitCode).toBe(0);
  });
});
