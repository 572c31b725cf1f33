/** Tests of `export --format dts`: the declarations compile under strict TypeScript and type a program calling the tools. */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { CLEAN_FIXTURES, exportTo } from './helpers.js';

const root = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'agent-tools-dts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The TypeScript compiler's diagnostics for `files` (name to text), strict, as messages with their line. */
function compile(files: Record<string, string>): string[] {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const program = ts.createProgram(
    Object.keys(files).map((n) => join(dir, n)),
    { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'], types: [] },
  );
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    return `${d.file ? d.file.fileName.slice(dir.length + 1) : ''}:${line} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
}

describe('export --format dts', () => {
  it.each([...CLEAN_FIXTURES, 'canvas'])('%s: the declarations compile under strict TypeScript', async (fixture) => {
    const r = await exportTo({
      paths: [fixture === 'canvas' ? 'examples/canvas' : `fixtures/export/${fixture}`],
      format: 'dts',
      cwd: root,
      allowPartial: fixture === 'forms',
    });
    expect(r.code).toBe(0);
    expect(compile({ [`${fixture}.d.ts`]: r.stdout })).toEqual([]);
  });

  it('a program calling the tools is typed by their input and output schemas', async () => {
    const r = await exportTo({ paths: ['fixtures/export/outputs'], format: 'dts', cwd: root });
    const use = [
      'async function main() {',
      "  const node = await get_node({ id: 'n1' });",
      "  const kind: 'text' | 'frame' = node.type;",
      '  const x: number | undefined = node.box?.x;',
      "  const renamed: boolean = (await rename_node({ id: 'n1', name: 'b' })).renamed;",
      '  await get_node({ id: 1 });',
      '  const bad: string = node.width;',
      '  return [kind, x, renamed, bad];',
      '}',
      'export {};',
    ].join('\n');
    const errors = compile({ 'tools.d.ts': r.stdout, 'use.ts': use });
    expect(errors.map((e) => e.split(' ')[0])).toEqual(['use.ts:6', 'use.ts:7']);
    expect(errors[0]).toContain("Type 'number' is not assignable to type 'string'");
    expect(errors[1]).toContain("Type 'number | undefined' is not assignable to type 'string'");
  });
});
