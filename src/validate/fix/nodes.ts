/** Syntax helpers of the fixes: a tool's `defineTool` call, its properties, statements and indentation. */

import { ts } from '../../analysis/ts-morph.cjs';
import type { Analysis, ExtractedTool } from '../../analysis/types.js';
import { sourceFileOf } from '../ast.js';
import type { TextEdit } from '../types.js';

/** A tool's `defineTool(...)` call, its source file and its object literal argument (when it is one). */
export interface ToolSite {
  sf: ts.SourceFile;
  call: ts.CallExpression;
  object?: ts.ObjectLiteralExpression;
}

/** The call that defines `tool` (found at its 1-based line and column), or `undefined`. */
export function toolSite(analysis: Analysis, tool: ExtractedTool): ToolSite | undefined {
  const sf = sourceFileOf(analysis, tool.file)?.compilerNode;
  if (!sf) return undefined;
  const pos = ts.getPositionOfLineAndCharacter(sf, tool.line - 1, tool.column - 1);
  let call: ts.CallExpression | undefined;
  // the innermost call starting at the position: `defineTool({...})`, not a call chained on it
  const visit = (n: ts.Node): void => {
    if (n.getStart(sf) === pos && ts.isCallExpression(n)) call = n;
    ts.forEachChild(n, (c) => (c.pos <= pos && pos < c.end ? visit(c) : undefined));
  };
  visit(sf);
  if (!call) return undefined;
  const arg = call.arguments[0];
  return { sf, call, ...(arg && ts.isObjectLiteralExpression(arg) ? { object: arg } : {}) };
}

/** The property `name` of an object literal (an assignment, a method or a shorthand), or `undefined`. */
export function propertyOf(object: ts.ObjectLiteralExpression, name: string): ts.ObjectLiteralElementLike | undefined {
  return object.properties.find(
    (p) => p.name !== undefined && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name,
  );
}

/** The top-level statement holding `node`. */
export function statementOf(node: ts.Node): ts.Statement {
  let n = node;
  while (n.parent && !ts.isSourceFile(n.parent)) n = n.parent;
  return n as ts.Statement;
}

/** The whitespace that starts the line holding offset `pos`. */
export function indentAt(text: string, pos: number): string {
  const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/** Whether `a` and `b` are on different lines of `text`. */
export function onOtherLines(text: string, a: number, b: number): boolean {
  return text.slice(Math.min(a, b), Math.max(a, b)).includes('\n');
}

/** An insertion of `text` at offset `at` of `file`. */
export function insertAt(file: string, at: number, text: string): TextEdit {
  return { file, start: at, end: at, text };
}

/**
 * The edit that adds `text` (a property or an array element) after `last`, the last of a
 * comma-separated list in `sf`: on a new line at `last`'s indentation when the list is
 * written one item a line (`multiline`), else after a space; keeping a trailing comma.
 */
export function appendToList(file: string, sf: ts.SourceFile, last: ts.Node, text: string, multiline: boolean): TextEdit {
  const source = sf.text;
  const sep = multiline ? `\n${indentAt(source, last.getStart(sf))}` : ' ';
  let after = last.end;
  while (/\s/.test(source[after] ?? '')) after++;
  if (source[after] === ',') return insertAt(file, after + 1, `${sep}${text},`);
  return insertAt(file, last.end, `,${sep}${text}`);
}
