/** Tests that every tool-like call in the bring-your-own fixtures is read, exported or diagnosed, never silently missed. */

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';

const root = new URL('../..', import.meta.url).pathname;

/** A call that looks like a tool registration, found by text alone (not by the analyzer's rules). */
const TOOL_LIKE = /\b(defineTool|registerTool|registerToolTask|createTool|dynamicTool|tool)\s*\(/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.(ts|mts|js|mjs)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Every tool-like call of a file: its 1-based line and the last line of the call expression. */
function toolLikeCalls(file: string): { line: number; end: number; text: string }[] {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: { line: number; end: number; text: string }[] = [];
  for (const m of text.matchAll(TOOL_LIKE)) {
    let n: ts.Node | undefined = (ts as unknown as { getTokenAtPosition(sf: ts.SourceFile, pos: number): ts.Node }).getTokenAtPosition(
      sf,
      m.index,
    );
    while (n && !ts.isCallExpression(n)) n = n.parent;
    // a comment or a string that names a form, or a declaration of a function with that name
    if (!n || n.getStart(sf) > m.index) continue;
    const line = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
    out.push({ line, end: sf.getLineAndCharacterOfPosition(n.getEnd()).line + 1, text: m[0] });
  }
  return out;
}

describe('no silent miss: every tool-like call in the bring-your-own fixtures is read, exported or diagnosed', () => {
  const base = join(root, 'fixtures/byo');
  const folders = readdirSync(base, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  for (const folder of folders) {
    it(folder, () => {
      const a = analyze([`fixtures/byo/${folder}`], { cwd: root });
      const files = sourceFiles(join(base, folder));
      let seen = 0;
      for (const file of files) {
        const shown = relative(root, file);
        const adapters = a.adapters.filter((x) => x.file === shown);
        for (const call of toolLikeCalls(file)) {
          seen++;
          const within = (line: number) => line >= call.line && line <= call.end;
          const read =
            a.tools.some((t) => t.file === shown && within(t.line)) ||
            a.diagnostics.some((d) => d.file === shown && within(d.line)) ||
            // an own adapter's SDK calls build tools from ToolDefs: the adapter layer, listed in analysis.adapters
            adapters.length > 0;
          expect(read, `${shown}:${call.line} ${call.text} is neither a tool, a diagnostic nor an adapter's call`).toBe(true);
        }
      }
      expect(seen).toBeGreaterThan(0);
    });
  }
});
