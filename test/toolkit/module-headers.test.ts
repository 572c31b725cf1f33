/** Every source and test file opens with a one-line header saying what it holds, and no comment carries a tracker reference. */

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(new URL('../..', import.meta.url).pathname);

/** The folders whose files must open with a header, and the extensions read there. */
const FOLDERS = ['src', 'test', 'bench', 'scripts', 'soak'];
const SOURCE = /\.(ts|cts|mts|js|mjs)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name.startsWith('.')) return [];
    const path = join(dir, e.name);
    return e.isDirectory() ? sourceFiles(path) : SOURCE.test(e.name) ? [path] : [];
  });
}

/** Lines that must stay first: a shebang and a vitest environment pragma. The header comes right after them. */
const FIRST_LINE = /^(#!|\/\/ @vitest-environment )/;

/**
 * Why `text` does not open with a header, or undefined when it does. A header is the first line (after a shebang or a
 * pragma): a `//` line or a one-line `/* ... *\/` comment. A `/**` block that runs straight into a declaration is that
 * declaration's TSDoc, not a header of the file.
 */
export function headerProblem(text: string): string | undefined {
  const lines = text.split(/\r?\n/);
  let i = 0;
  while (i < lines.length && FIRST_LINE.test(lines[i] ?? '')) i++;
  const first = lines[i] ?? '';
  if (first.startsWith('//')) return undefined;
  if (!first.startsWith('/*')) return `line ${i + 1} is not a comment: ${JSON.stringify(first.slice(0, 60))}`;
  if (!first.includes('*/')) return `line ${i + 1} opens a comment of several lines: the header is one line`;
  const next = lines[i + 1] ?? '';
  if (/^(export|const|let|var|function|async|class|interface|type|enum|declare|abstract)\b/.test(next)) {
    return `line ${i + 1} is the TSDoc of the declaration below it, not a header of the file`;
  }
  return undefined;
}

/** A reference to the tracker rather than to the rule: a case id, an issue number, a review round, a hash and a number. */
export const TRACKER_REFERENCE = /\bC-\d\d\b|\bissues? #?\d+\b|\bround \d+\b|(?<![\w&#])#\d+\b/i;

/** Every comment of `text` (line and block), each once, with its 1-based line. */
export function commentsOf(file: string, text: string): { line: number; text: string }[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const seen = new Map<number, string>();
  const collect = (ranges: ts.CommentRange[] | undefined): void => {
    for (const r of ranges ?? []) seen.set(r.pos, text.slice(r.pos, r.end));
  };
  const visit = (node: ts.Node): void => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    node.forEachChild(visit);
  };
  visit(sf);
  collect(ts.getLeadingCommentRanges(text, sf.endOfFileToken.pos));
  return [...seen]
    .sort(([a], [b]) => a - b)
    .map(([pos, comment]) => ({ line: sf.getLineAndCharacterOfPosition(pos).line + 1, text: comment }));
}

/** The titles of `describe`, `it` and `test` calls (also `.each`, `.skip`, `.only`...), with their 1-based lines. */
export function testTitlesOf(file: string, text: string): { line: number; text: string }[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const titles: { line: number; text: string }[] = [];
  const isTestCall = (e: ts.Expression): boolean =>
    ts.isIdentifier(e)
      ? ['describe', 'it', 'test'].includes(e.text)
      : ts.isPropertyAccessExpression(e)
        ? isTestCall(e.expression)
        : ts.isCallExpression(e) && isTestCall(e.expression);
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isTestCall(node.expression)) {
      const first = node.arguments[0];
      if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
        titles.push({ line: sf.getLineAndCharacterOfPosition(first.getStart(sf)).line + 1, text: first.text });
      }
    }
    node.forEachChild(visit);
  };
  visit(sf);
  return titles;
}

/** Where `text` names the tracker: each comment, and each test title outside test/cases/ (named for their case). */
function trackerReferences(path: string, text: string): string[] {
  const shown = relative(root, path);
  const titles = shown.startsWith(join('test', 'cases')) ? [] : testTitlesOf(path, text);
  return [...commentsOf(path, text), ...titles]
    .filter((c) => TRACKER_REFERENCE.test(c.text))
    .map((c) => `${shown}:${c.line}: ${c.text.match(TRACKER_REFERENCE)?.[0]}`);
}

const files = FOLDERS.flatMap((f) => sourceFiles(join(root, f)));

describe('module headers', () => {
  it('a header is a one-line comment first, after a shebang or a vitest pragma', () => {
    expect(headerProblem('/** The tool-name rule. */\n\nimport x from "y";\n')).toBeUndefined();
    expect(headerProblem('// Tests of the registry.\nimport x from "y";\n')).toBeUndefined();
    expect(headerProblem('#!/usr/bin/env node\n// The binary.\n')).toBeUndefined();
    expect(headerProblem('// @vitest-environment node\n/** The page. */\n\nexport const a = 1;\n')).toBeUndefined();
    expect(headerProblem('/** The header. */\n\n/** The doc of a. */\nexport const a = 1;\n')).toBeUndefined();
    expect(headerProblem('import x from "y";\n')).toBe('line 1 is not a comment: "import x from \\"y\\";"');
    expect(headerProblem('#!/usr/bin/env node\nimport x from "y";\n')).toMatch(/^line 2 is not a comment/);
    expect(headerProblem('/** The doc of a. */\nexport const a = 1;\n')).toMatch(/TSDoc of the declaration/);
    expect(headerProblem('/**\n * The doc of a.\n */\nexport const a = 1;\n')).toMatch(/several lines/);
  });

  it('every file of src/, test/, bench/, scripts/ and soak/ opens with one', () => {
    expect(files.length).toBeGreaterThan(600);
    const missing = files.flatMap((f) => {
      const problem = headerProblem(readFileSync(f, 'utf8'));
      return problem ? [`${relative(root, f)}: ${problem}`] : [];
    });
    expect(missing).toEqual([]);
  });
});

describe('no tracker references in comments', () => {
  it('finds case ids, issue numbers, rounds and hash numbers in comments and test titles, not in code or colors', () => {
    const text = [
      '// C-09: results are capped',
      '/* see issue 16 */',
      "const color = '#000'; // round 2 of the review",
      "it('C-08: a thrown error reaches the model', () => {}); // the &#12; entity and #fff are not references",
      "const s = 'C-10 in a string is code';",
      '// fixed in #12',
    ].join('\n');
    expect(
      commentsOf('x.ts', text)
        .filter((c) => TRACKER_REFERENCE.test(c.text))
        .map((c) => c.line),
    ).toEqual([1, 2, 3, 6]);
    expect(testTitlesOf('x.test.ts', text)).toEqual([{ line: 4, text: 'C-08: a thrown error reaches the model' }]);
  });

  it('no comment in src/, test/, bench/, scripts/ or soak/, and no test title outside test/cases/, names the tracker', () => {
    expect(files.flatMap((f) => trackerReferences(f, readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('no page of docs/ names the tracker', () => {
    const pages = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('.md'));
    expect(pages.length).toBeGreaterThan(5);
    const found = pages.flatMap((p) =>
      readFileSync(join(root, 'docs', p), 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\bC-\d\d\b|\bissue #?\d+\b/i.test(line) ? [`docs/${p}:${i + 1}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
