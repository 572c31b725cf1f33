/** Tests that a finding after an emoji and a tab in a CRLF file has the same line and column in text, JSON and SARIF. */

import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { writeSources } from '../validate/helpers.js';

// A finding on a line with an emoji and a tab before its column, in a CRLF file: text, JSON
// and SARIF give the same line and column, in UTF-16 code units, and SARIF says so (§3.14.27).
const bin = new URL('../../bin/agent-tools.js', import.meta.url).pathname;

function validate(cwd: string, format: string): Promise<string> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [bin, 'validate', '--profile', 'tools', '--format', format, '.'], {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.on('close', () => done(stdout));
  });
}

describe('C-21: SARIF columns', { timeout: 60_000 }, () => {
  it('gives the same line and column in text, JSON and SARIF, counted in UTF-16 code units', async () => {
    // Two findings on the line: the name's, placed from the extracted tool (src/analysis), and
    // define-tool's bare-object one, placed from the syntax tree (position() in src/validate/ast.ts).
    const line =
      "const mark = '😀';\texport const t = defineTool({ name: 'Set Font', description: 'Sets the font family of a text node.', mutates: true, destructive: false, params: {}, execute: () => ({}) }); export const bare: ToolDef = { name: 'bare' };";
    const file = ["import { defineTool, type ToolDef } from 'agent-tools';", '/** x */', line, ''].join('\r\n');
    const dir = writeSources({ 'tools/font.ts': file });
    const [text, json, sarif] = await Promise.all([validate(dir, 'text'), validate(dir, 'json'), validate(dir, 'sarif')]);
    const finding = (JSON.parse(json) as { findings: { checkId: string; line: number; column: number }[] }).findings.find(
      (f) => f.checkId === 'snake-case-name',
    )!;
    // the call starts after the emoji (2 UTF-16 code units, 1 code point) and the tab (1)
    // a name finding is at the name's value ('Set Font'), after the emoji (two UTF-16 units) and the tab
    expect({ line: finding.line, column: finding.column }).toEqual({ line: 3, column: line.indexOf("'Set Font'") + 1 });
    expect(finding.column).toBe([...line.slice(0, line.indexOf("'Set Font'"))].length + 2);
    expect(text).toContain(`tools/font.ts:3:${finding.column}`);
    const run = (JSON.parse(sarif) as { runs: { columnKind: string; results: { ruleId: string; locations: any[] }[] }[] }).runs[0]!;
    expect(run.columnKind).toBe('utf16CodeUnits');
    const region = run.results.find((r) => r.ruleId === 'snake-case-name')!.locations[0].physicalLocation.region;
    expect(region).toEqual({ startLine: 3, startColumn: finding.column });

    // the bare object's finding is at its declaration's name, also after the emoji and the tab
    const bareColumn = line.indexOf('bare: ToolDef') + 1;
    expect(bareColumn).toBe([...line.slice(0, line.indexOf('bare: ToolDef'))].length + 2);
    const bare = (JSON.parse(json) as { findings: { checkId: string; message: string; line: number; column: number }[] }).findings.filter(
      (f) => f.checkId === 'define-tool' && f.message.includes('"bare"'),
    );
    expect(bare.map((f) => ({ line: f.line, column: f.column }))).toEqual([{ line: 3, column: bareColumn }]);
    expect(text).toMatch(new RegExp(`tools/font\\.ts:3:${bareColumn} .*"bare" is an object literal typed as ToolDef`));
    const bareRegions = run.results.filter((r) => r.ruleId === 'define-tool').map((r) => r.locations[0].physicalLocation.region);
    expect(bareRegions).toEqual([{ startLine: 3, startColumn: bareColumn }]);
  });
});
