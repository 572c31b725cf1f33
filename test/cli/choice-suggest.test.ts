/** Tests that every choice-valued option of the CLI suggests the closest choice for a mistyped value, on its one error line. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const cwd = mkdtempSync(join(tmpdir(), 'agent-tools-choices-'));
const run = (...args: string[]) => {
  const r = spawnSync(process.execPath, [`${root}bin/agent-tools.js`, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return [r.status, r.stdout, r.stderr];
};
const usage = (command: string) => `(run 'npx agent-tools ${command} --help' for usage)\n`;

describe('a mistyped choice', { timeout: 60_000 }, () => {
  it('validate --format sraif: exit 2, one line naming the flag and the choices, with sarif suggested', () => {
    expect(run('validate', '--format', 'sraif')).toEqual([
      2,
      '',
      "agent-tools: validate: option '--format <name>' argument 'sraif' is invalid. Allowed choices are text, markdown, json, sarif, github (did you mean sarif?)\n" +
        usage('validate'),
    ]);
  });

  it('every command with a choice option suggests the same way: diff, search, serve; export too', () => {
    const first = (args: string[]) => (run(...args)[2] as string).split('\n')[0];
    expect(run('diff', '--base', 'main', '--format', 'jsno')[0]).toBe(2);
    expect(first(['diff', '--base', 'main', '--format', 'jsno'])).toBe(
      "agent-tools: diff: option '--format <name>' argument 'jsno' is invalid. Allowed choices are text, json, markdown, github (did you mean json?)",
    );
    // export checks --format and --tier in the engine the toolkit shares, with the same suggestion
    expect(first(['export', '--format', 'opnai'])).toBe(
      "agent-tools: unknown format 'opnai' (did you mean openai?); use one of mcp, json, markdown, openai, anthropic, gemini, dts",
    );
    expect(first(['export', '--tier', 'cor'])).toBe("agent-tools: unknown tier 'cor' (did you mean core?); use one of core, extended, all");
    expect(first(['search', 'x', '--format', 'jsn'])).toBe(
      "agent-tools: search: option '--format <name>' argument 'jsn' is invalid. Allowed choices are text, json (did you mean json?)",
    );
    expect(first(['serve', 'tools.ts', '--tier', 'extnded'])).toBe(
      "agent-tools: serve: option '--tier <tier>' argument 'extnded' is invalid. Allowed choices are core, extended, all (did you mean extended?)",
    );
  });

  it('a value close to no choice is named with the choices alone', () => {
    expect(run('validate', '--format', 'xml')).toEqual([
      2,
      '',
      "agent-tools: validate: option '--format <name>' argument 'xml' is invalid. Allowed choices are text, markdown, json, sarif, github.\n" +
        usage('validate'),
    ]);
  });
});
