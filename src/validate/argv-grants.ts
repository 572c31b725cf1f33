/** Approval the command line decides: what gives words to an approver reading `process.argv` (a script argument, code writing it). */

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ApprovalWrite } from '../analysis/approval-writes.js';
import { readsCommandLine } from '../analysis/approver-reading.js';
import { importedFiles } from '../analysis/importers.js';
import { displayPath } from '../analysis/project.js';
import { ts } from '../analysis/ts-morph.cjs';
import { type ApprovalGrant, projectApprovalGrants } from './approval-grants.js';

/** Something that decides approval per call by code: an approver (`approve` callback, an answer) or a `needsApproval` function. */
export interface ApprovalDecider {
  /** The file it is written in, relative to the root or absolute; where it is (1-based). */
  file: string;
  line: number;
  column: number;
  /** Its text and that of what it reads (see `decidingText`). */
  decides?: string;
  /** It in words: `the approve callback passed to toolsToAI()`. */
  what: string;
}

/** The methods that change an array in place (`process.argv.push('--approve')`). */
const MUTATORS = new Set(['push', 'unshift', 'splice', 'fill', 'copyWithin', 'sort', 'reverse', 'pop', 'shift']);

/** Calls that change the object given first (`Object.assign(process.argv, ...)`, `Array.prototype.push.call(process.argv, ...)`). */
const CHANGES_FIRST =
  /^(?:Object\.(?:assign|defineProperty|defineProperties)|Reflect\.(?:set|defineProperty|deleteProperty))$|\.(?:call|apply)$/;

/** How long a written change is shown before it is cut (`process.argv.push('--approve')`). */
const SHOWN = 60;

/**
 * The files (absolute) holding a decider of `deciders` that reads the command line (see `readsCommandLine`), each with the
 * first such decider in words (`the approve callback passed to toolsToAI() at agent.ts:5:3, which reads process.argv`).
 */
export function argvApproverFiles(deciders: readonly ApprovalDecider[], root: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const d of deciders) {
    const reads = readsCommandLine(d.decides);
    const path = resolve(root, d.file);
    if (reads !== undefined && !out.has(path))
      out.set(path, `${d.what} at ${displayPath(path, root)}:${d.line}:${d.column}, which reads ${reads}`);
  }
  return out;
}

/**
 * The grants through an approver that reads the command line, for every tool (`rule` `*`, `argv` set), when some of
 * `deciders` reads it (none otherwise): each command line of the project that runs its file, or a file that imports it,
 * with an argument (`tsx agent.ts --approve` in a package.json script: see `OwnCliFiles.argvApprover`), and each change
 * to the command line in any code file of the project (see {@link argvChanges}). The command that starts the program,
 * or code that runs in it, then decides approval, which neither the tools nor their rules show.
 */
export function argvGrants(deciders: readonly ApprovalDecider[], root: string): ApprovalGrant[] {
  const approvers = argvApproverFiles(deciders, root);
  if (approvers.size === 0) return [];
  const project = projectApprovalGrants(root, undefined, approvers);
  const lines = project.grants.filter((g) => g.argv !== undefined);
  return [...lines, ...argvChanges(approvers, root, project.sources)];
}

/**
 * The changes to the command line (`process.argv`, `Bun.argv`) written in the files of `approvers` (absolute paths, each
 * with its approver in words), in a file one imports by a relative path, at any depth (see `importedFiles`), and in the
 * files of `elsewhere` (absolute: the project's other code, such as a wrapper that pushes a flag, then imports the agent),
 * as grants of every tool at the change: an assignment to it or an element (`process.argv = [...process.argv, '--approve']`,
 * `process.argv[2] = x`), a method that changes it in place (`push`, `unshift`, `splice`, ...), a `delete` of an
 * element, or a call that changes the object given first (`Object.assign(process.argv, ...)`, `Reflect.set`, `.call`).
 * A file that cannot be read holds none.
 */
export function argvChanges(approvers: ReadonlyMap<string, string>, root: string, elsewhere: readonly string[] = []): ApprovalGrant[] {
  const out: ApprovalGrant[] = [];
  const seen = new Set<string>();
  const scan = (f: { path: string; text: string }, what: string) => {
    if (seen.has(f.path)) return;
    seen.add(f.path);
    const sf = ts.createSourceFile(f.path, f.text, ts.ScriptTarget.Latest, true);
    const file = displayPath(f.path, root);
    for (const node of changesOfArgv(sf)) {
      const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
      const written = node.getText(sf).replace(/\s+/g, ' ');
      const shown = written.length > SHOWN ? `${written.slice(0, SHOWN)}...` : written;
      out.push({
        kind: 'yes',
        rule: '*',
        argv: `${shown}, a change to the command line that ${what}`,
        file,
        path: `line ${line + 1}`,
        line: line + 1,
        column: character + 1,
        folder: '.',
        // the approver is asked whatever the configuration's ask rules say; code is held by none of its rules
        stops: { deny: [], ask: [] },
        words: `${shown} in ${file}:${line + 1}, a change to the command line that ${what},`,
      });
    }
  };
  for (const [path, what] of approvers) {
    const text = readText(path);
    if (text === undefined) continue;
    for (const f of [{ path, text }, ...importedFiles([{ path, text }], root)]) scan(f, what);
  }
  // the rest of the project's code, against the first approver: a change anywhere may run before the approver reads it
  const first = approvers.values().next().value;
  for (const path of elsewhere) {
    const text = first === undefined || seen.has(path) ? undefined : readText(path);
    if (text !== undefined && /\bargv\b/.test(text)) scan({ path, text }, first!);
  }
  return out;
}

/** The text of `path`, or `undefined` when it cannot be read. */
function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Whether `n` is `process.argv` or `Bun.argv` (also `globalThis.process.argv`). */
function isArgv(n: ts.Node): boolean {
  if (!ts.isPropertyAccessExpression(n) || n.name.text !== 'argv') return false;
  const on = n.expression.getText().replace(/^globalThis\./, '');
  return on === 'process' || on === 'Bun';
}

/** Whether `n` is the target of an assignment (`=`, `+=`, `??=`, ...), a `++`/`--`, or a `delete`. */
function isWritten(n: ts.Node): boolean {
  const p = n.parent;
  if (ts.isBinaryExpression(p) && p.left === n)
    return p.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && p.operatorToken.kind <= ts.SyntaxKind.LastAssignment;
  if ((ts.isPrefixUnaryExpression(p) || ts.isPostfixUnaryExpression(p)) && p.operand === n)
    return p.operator === ts.SyntaxKind.PlusPlusToken || p.operator === ts.SyntaxKind.MinusMinusToken;
  return ts.isDeleteExpression(p);
}

/** The expressions of `sf` that change the command line (see {@link argvChanges}): the assignment, call or `delete` itself. */
function changesOfArgv(sf: ts.SourceFile): ts.Node[] {
  const out: ts.Node[] = [];
  const visit = (n: ts.Node): void => {
    if (isArgv(n)) {
      const p = n.parent;
      // process.argv = ..., process.argv[2] = ..., process.argv.length = 0, delete process.argv[2]
      const member = (ts.isElementAccessExpression(p) || ts.isPropertyAccessExpression(p)) && p.expression === n ? p : undefined;
      if (isWritten(n)) out.push(n.parent);
      else if (member && isWritten(member)) out.push(member.parent);
      // process.argv.push('--approve'), process.argv['splice'](...)
      else if (
        member &&
        ts.isCallExpression(member.parent) &&
        member.parent.expression === member &&
        MUTATORS.has(ts.isPropertyAccessExpression(member) ? member.name.text : member.argumentExpression.getText().slice(1, -1))
      )
        out.push(member.parent);
      // Object.assign(process.argv, ...), Array.prototype.push.call(process.argv, ...)
      else if (ts.isCallExpression(p) && p.arguments[0] === n && CHANGES_FIRST.test(p.expression.getText().replace(/\s+/g, '')))
        out.push(p);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/**
 * The deciders of approval that read code (see {@link ApprovalDecider}): each `approve` callback or answer of `writes`
 * that decides per call (`decides` set, see `approvalWrites`), and each tool's `needsApproval` function.
 */
export function approvalDeciders(
  writes: readonly ApprovalWrite[],
  tools: readonly {
    name: string;
    approvalRule?: { value: boolean | 'per-call'; decides?: string; file: string; line: number; column: number };
  }[],
): ApprovalDecider[] {
  return [
    ...writes
      .filter((w) => w.key === 'approve' && w.decides !== undefined)
      .map((w) => ({
        ...w,
        what: w.answers
          ? `the answer to approval requests (${w.callee ?? 'an answer'})`
          : `the approve callback passed to ${w.callee ?? 'an adapter'}`,
      })),
    ...tools.flatMap((t) =>
      t.approvalRule?.value === 'per-call' ? [{ ...t.approvalRule, what: `the needsApproval function of ${t.name}` }] : [],
    ),
  ];
}
