/** Approval policies written in code: the `approval` literals passed to our API, read without running code. */

import { ts } from './ts-morph.cjs';
import { displayPath } from './project.js';

/**
 * The public functions that take an approval policy as `approval` in an options object:
 * `createRegistry({ core, approval })`, the adapters' options (`toolsToAI`, `createMcpServer`,
 * `toolsToCommands`, all `PipelineOptions`) and `runTool`'s. A toolbox's own adapter of the same
 * name (`toolsToAI` in its adapter module) is read the same way.
 */
export const APPROVAL_CALLEES = ['createRegistry', 'toolsToAI', 'createMcpServer', 'toolsToCommands', 'runTool'] as const;

/** The lists of an approval policy (`ApprovalPolicy`); within one policy deny wins over ask, and ask over allow. */
export const APPROVAL_LISTS = ['allow', 'ask', 'deny'] as const;

export type ApprovalList = (typeof APPROVAL_LISTS)[number];

/** One rule written as a string literal: its value and where it is (1-based; `start` is the offset after the opening quote). */
export interface CodeApprovalRule {
  rule: string;
  file: string;
  line: number;
  column: number;
  start: number;
}

/**
 * One `approval` object literal in code: the call it is passed to (`toolsToAI`), where, and its
 * rules by list. Entries that are not string literals (a variable, a spread) are not in `lists`.
 */
export interface CodeApprovalPolicy {
  callee: string;
  file: string;
  line: number;
  column: number;
  lists: Partial<Record<ApprovalList, CodeApprovalRule[]>>;
}

const CALLEES = new Set<string>(APPROVAL_CALLEES);
const CALL_WORDS = new RegExp(`\\b(?:${APPROVAL_CALLEES.join('|')})\\b`);

/** Whether `text` may hold a policy literal (a cheap test before parsing a file that is not analyzed). */
export function mayHoldApprovalPolicy(text: string): boolean {
  return text.includes('approval') && CALL_WORDS.test(text);
}

function calleeOf(call: ts.CallExpression): string | undefined {
  const c = call.expression;
  if (ts.isIdentifier(c)) return c.text;
  if (ts.isPropertyAccessExpression(c) && ts.isIdentifier(c.name)) return c.name.text;
  return undefined;
}

function propertyName(p: ts.ObjectLiteralElementLike): string | undefined {
  if (!ts.isPropertyAssignment(p) || !p.name) return undefined;
  return ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) ? p.name.text : undefined;
}

/**
 * The policies in `approval: <policy>` or `approval: [<policy>, ...]` (several, nearest first)
 * of each options object literal passed to one of {@link APPROVAL_CALLEES} in `sf`, in source
 * order. `file` is how the file is shown (relative to the working folder).
 */
export function approvalPoliciesIn(sf: ts.SourceFile, file: string): CodeApprovalPolicy[] {
  const out: CodeApprovalPolicy[] = [];
  const at = (node: ts.Node) => {
    const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    return { file, line: line + 1, column: character + 1 };
  };
  const readPolicy = (callee: string, obj: ts.ObjectLiteralExpression) => {
    const lists: CodeApprovalPolicy['lists'] = {};
    for (const p of obj.properties) {
      const list = propertyName(p) as ApprovalList | undefined;
      if (!list || !APPROVAL_LISTS.includes(list) || !ts.isPropertyAssignment(p) || !ts.isArrayLiteralExpression(p.initializer)) continue;
      lists[list] = p.initializer.elements
        // an empty rule is refused where the policy enters (approvalListMatcher), never matched
        .filter((e): e is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral => ts.isStringLiteralLike(e) && e.text.trim() !== '')
        .map((e) => ({ rule: e.text, ...at(e), start: e.getStart(sf) + 1 }));
    }
    out.push({ callee, ...at(obj), lists });
  };
  const visit = (n: ts.Node): void => {
    const callee = ts.isCallExpression(n) ? calleeOf(n) : undefined;
    if (callee !== undefined && CALLEES.has(callee)) {
      for (const arg of (n as ts.CallExpression).arguments) {
        if (!ts.isObjectLiteralExpression(arg)) continue;
        const prop = arg.properties.find((p) => propertyName(p) === 'approval');
        const value = prop && ts.isPropertyAssignment(prop) ? prop.initializer : undefined;
        if (value && ts.isObjectLiteralExpression(value)) readPolicy(callee, value);
        else if (value && ts.isArrayLiteralExpression(value))
          for (const e of value.elements) if (ts.isObjectLiteralExpression(e)) readPolicy(callee, e);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** How a file at `path` is parsed on its own: TS for `.ts`/`.mts`/`.cts`, TSX for `.tsx`, else JS. */
export function scriptKindOf(path: string): ts.ScriptKind {
  if (!/\.[cm]?tsx?$/.test(path)) return ts.ScriptKind.JS;
  return path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
}

/** Parses a file outside the analysis on its own (no project), or `undefined` when it has a syntax error. */
export function parseAlone(path: string, text: string, cwd: string): { sf: ts.SourceFile; file: string } | undefined {
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.ESNext, true, scriptKindOf(path));
  const syntax = (sf as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics ?? [];
  return syntax.length > 0 ? undefined : { sf, file: displayPath(path, cwd) };
}
