/** Helpers of the validate tests: temp sources, checks over a folder, and the RuleTester-style `ruleTester`. */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { CHECKS, type CheckId } from '../../src/validate/checks/index.js';
import { loadConfig, resolveLimits, resolveSeverities } from '../../src/validate/config.js';
import { formatMessage } from '../../src/validate/messages.js';
import { runChecks, type ValidateResult } from '../../src/validate/run-checks.js';
import type { Severity } from '../../src/validate/types.js';
import { readApprovalSites } from '../../src/validate/approval-rules.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes `files` (relative path → text; a string is `tools/tool.ts`) into a new temp folder. */
export function writeSources(files: Record<string, string> | string): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-validate-'));
  made.push(dir);
  const map = typeof files === 'string' ? { 'tools/tool.ts': files } : files;
  for (const [path, text] of Object.entries(map)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/**
 * Runs the checks over the source files in `dir` (config from the folder, as the CLI
 * loads it). With `only`, every other check is off.
 */
export function checkFolder(dir: string, only?: CheckId): ValidateResult {
  const loaded = loadConfig(dir);
  const severities = resolveSeverities(loaded.config, CHECKS);
  if (only) for (const id of Object.keys(severities) as CheckId[]) if (id !== only) severities[id] = 'off';
  if (only && severities[only] === 'off') severities[only] = CHECKS.find((c) => c.id === only)!.severity as Severity;
  const { config, source } = loaded;
  const analysis = analyze(config.paths ?? ['.'], { cwd: dir, callees: config.callees ?? [] });
  const clean = analysis.tools.length > 0 && analysis.diagnostics.length === 0;
  const of = source ? relative(dir, source) : 'the validate options';
  const approvalSites = clean ? readApprovalSites(analysis, dir, { approval: config.approval, of }).sites : [];
  return runChecks(analysis, { cwd: dir, severities, limits: resolveLimits(config), approvalSites });
}

/** What an invalid case expects of each finding; omitted fields are not compared. */
export interface ExpectedFinding {
  messageId: string;
  message?: string | RegExp;
  severity?: 'error' | 'warn';
  file?: string;
  line?: number;
  column?: number;
}

/** One case: sources (a string is `tools/tool.ts`; a multi-file map may include `agent-tools.config.json`). */
export interface TesterCase {
  name: string;
  files: Record<string, string> | string;
}

/**
 * ESLint-RuleTester style: runs check `id` alone over each case's sources. Valid cases must
 * give no finding; invalid cases exactly the `errors` listed, in order (file, line, column).
 */
export function ruleTester(id: CheckId, cases: { valid: TesterCase[]; invalid: (TesterCase & { errors: ExpectedFinding[] })[] }): void {
  describe(id, () => {
    for (const c of cases.valid) {
      it(`valid: ${c.name}`, () => {
        const result = checkFolder(writeSources(c.files), id);
        expect(result.findings.map((f) => `${f.file}:${f.line}:${f.column} ${formatMessage(f)}`)).toEqual([]);
      });
    }
    for (const c of cases.invalid) {
      it(`invalid: ${c.name}`, () => {
        const result = checkFolder(writeSources(c.files), id);
        const got = result.findings.map((f, i) => {
          const want = c.errors[i];
          const view: Record<string, unknown> = { messageId: f.messageId };
          if (!want) return { ...view, message: formatMessage(f), at: `${f.file}:${f.line}:${f.column}` };
          if (want.message !== undefined) view.message = formatMessage(f);
          for (const k of ['severity', 'file', 'line', 'column'] as const) if (want[k] !== undefined) view[k] = f[k];
          return view;
        });
        expect(result.findings.every((f) => f.checkId === id)).toBe(true);
        expect(got).toEqual(c.errors.map((e) => (e.message instanceof RegExp ? { ...e, message: expect.stringMatching(e.message) } : e)));
      });
    }
  });
}

/** A `defineTool` source with the given fields (object-literal text), exported as `t`, with a JSDoc. */
export function toolSource(fields: string, name = 't'): string {
  return `import { defineTool } from 'agent-tools';\n/** Doc. */\nexport const ${name} = defineTool({ ${fields}, execute: () => ({}) });\n`;
}
