/** How an `approve` callback passed to an adapter or `runTool` decides, read without running code. */

import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { returnsOf, shownText, unwrap } from './evaluate.js';
import { SourceResolver } from './source-resolver.js';
import { memberKey } from './member-key.js';
import { parseTextAlone } from './parse-depth.js';
import { changesOf, mutationOf } from './const-mutation.js';
import { defineToolCallee } from './define-tool-callee.js';
import { libraryForm } from './library-forms.js';
import { ts } from './ts-morph.cjs';

/**
 * What an approver amounts to:
 * - `all`: it approves every call (`() => true`, `async () => ({ approved: true, by: 'bot' })`,
 *   `() => !false`, a const or imported function that does, or a fallback to one:
 *   `options.approve ?? (() => true)`); `how` says which, in words;
 * - `unread`: it is not a function this reader can follow (a parameter, a property, the result
 *   of a call, an import from a package), so it may approve every call; `why` says what it is;
 * - `decides`: a function whose answer is not the same for every call (it reads the request,
 *   asks someone, throws for some);
 * - `none`: no approver at all (`undefined`, `null`, `false`).
 */
export type ApproverReading = { kind: 'all'; how: string } | { kind: 'unread'; why: string } | { kind: 'decides' } | { kind: 'none' };

/** How many identifiers and imports are followed from one approver before it counts as unread. */
const MAX_HOPS = 6;

/** Above this size (bytes) a data file that an approver reads is stood for by its size alone. */
const MAX_DATA_BYTES = 256 * 1024;

/** A name that looks like a data file's (`trusted-tools.json`, `../ops/allow.txt`): an extension of letters, no white space. */
const DATA_FILE = /^[^\s'"`]*\.[A-Za-z][A-Za-z0-9]{0,7}$/;

/**
 * The text of the file that `spec` (a string literal or an import's specifier in `sf`) names,
 * relative to `sf`'s folder or to the nearest package.json folder above it (where a process
 * started by a package script runs), when such a file exists; `undefined` otherwise. A list of
 * trusted tools kept in `trusted-tools.json` is part of what an approver decides by.
 */
function dataFileText(spec: string, sf: ts.SourceFile): string | undefined {
  if (!DATA_FILE.test(spec) || /^[a-z][a-z0-9+.-]*:/i.test(spec)) return undefined;
  const dir = dirname(sf.fileName);
  let root = dir;
  while (!existsSync(resolve(root, 'package.json')) && dirname(root) !== root) root = dirname(root);
  for (const base of [dir, root]) {
    const file = resolve(base, spec);
    try {
      const st = statSync(file);
      if (!st.isFile()) continue;
      // by its content alone: the same file named from another folder (`../../trusted-tools.json`) is no change
      return st.size > MAX_DATA_BYTES ? `a data file of ${st.size} bytes` : readFileSync(file, 'utf8');
    } catch {
      // no such file there
    }
  }
  return undefined;
}

interface Ctx {
  sf: ts.SourceFile;
  resolver: SourceResolver;
  hops: number;
}

type FunctionLike = ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration | ts.MethodDeclaration;

const isFunctionLike = (n: ts.Node): n is FunctionLike =>
  ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n);

/** The declarations of `sf` by name, at any depth: `const x = ...` and `function x() {}` (the first of a name wins). */
const declarations = new WeakMap<ts.SourceFile, Map<string, ts.Node>>();

function declarationsOf(sf: ts.SourceFile): Map<string, ts.Node> {
  let found = declarations.get(sf);
  if (found) return found;
  const map = new Map<string, ts.Node>();
  found = map;
  const visit = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && !map.has(n.name.text)) {
      const list = n.parent;
      const isConst = ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0;
      // a `let` may be reassigned: it is not followed
      map.set(n.name.text, isConst && n.initializer ? n.initializer : n);
    } else if (ts.isBindingElement(n) && ts.isIdentifier(n.name) && !map.has(n.name.text)) {
      // a name destructured from a declaration (`const { values } = parseArgs(...)`): the whole declaration, read as a `let` is
      let d: ts.Node = n.parent;
      while (!ts.isVariableDeclaration(d) && !ts.isParameter(d) && !ts.isSourceFile(d)) d = d.parent;
      if (ts.isVariableDeclaration(d)) map.set(n.name.text, d);
    } else if (ts.isFunctionDeclaration(n) && n.name && !map.has(n.name.text)) map.set(n.name.text, n);
    else if (ts.isImportSpecifier(n) || ts.isImportClause(n) || ts.isNamespaceImport(n) || ts.isImportEqualsDeclaration(n)) {
      if (n.name && !map.has(n.name.text)) map.set(n.name.text, n);
    } else if (ts.isParameter(n) && ts.isIdentifier(n.name) && !map.has(n.name.text)) map.set(n.name.text, n);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  declarations.set(sf, map);
  return found;
}

/** The exported declaration named `name` (`default` for the default export) in the file at `path`, parsed on its own. */
function exportedFrom(path: string, name: string): { sf: ts.SourceFile; node: ts.Node } | undefined {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  const sf = parseTextAlone(path, text);
  if (!sf) return undefined;
  for (const st of sf.statements) {
    if (name === 'default' && ts.isExportAssignment(st)) return { sf, node: st.expression };
    const exported = ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const isDefault = ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
    if (!exported) continue;
    if (ts.isFunctionDeclaration(st) && (isDefault ? name === 'default' : st.name?.text === name)) return { sf, node: st };
    if (ts.isVariableStatement(st))
      for (const d of st.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === name)
          return (st.declarationList.flags & ts.NodeFlags.Const) !== 0 && d.initializer ? { sf, node: d.initializer } : undefined;
  }
  // `export { x }` of a local declaration
  for (const st of sf.statements)
    if (ts.isExportDeclaration(st) && !st.moduleSpecifier && st.exportClause && ts.isNamedExports(st.exportClause))
      for (const el of st.exportClause.elements)
        if (el.name.text === name) {
          const local = declarationsOf(sf).get((el.propertyName ?? el.name).text);
          return local ? { sf, node: local } : undefined;
        }
  return undefined;
}

/** What the identifier `name` of `ctx.sf` stands for, followed through consts, function declarations and relative imports. */
function resolveName(name: string, ctx: Ctx): { node: ts.Node; ctx: Ctx } | { why: string } {
  if (ctx.hops >= MAX_HOPS) return { why: `${name}, followed too far` };
  const decl = declarationsOf(ctx.sf).get(name);
  const next = (sf: ts.SourceFile) => ({ ...ctx, sf, hops: ctx.hops + 1 });
  if (!decl) return { why: `${name}, declared nowhere in this file` };
  if (ts.isParameter(decl)) return { why: `${name}, a parameter` };
  if (ts.isVariableDeclaration(decl)) return { why: `${name}, a variable that may change` };
  if (ts.isImportSpecifier(decl) || ts.isImportClause(decl)) {
    const imp = ts.isImportClause(decl) ? decl.parent : decl.parent.parent.parent;
    const spec = ts.isStringLiteral(imp.moduleSpecifier) ? imp.moduleSpecifier.text : undefined;
    const path = spec === undefined ? undefined : ctx.resolver.resolveFile(ctx.sf.fileName, spec);
    if (!path) return { why: `${name}, imported from ${spec ?? 'a module'}, which is not a source file of the project` };
    const imported = ts.isImportClause(decl) ? 'default' : (decl.propertyName ?? decl.name).text;
    const found = exportedFrom(path, imported);
    // an imported object is changed in place in the importing file or in its own
    const changed = mutationOf(name, ctx.sf) ?? (found && mutationOf(imported, found.sf));
    if (changed) return { why: `${name}, changed after its declaration (${shownText(changed)})` };
    return found
      ? { node: found.node, ctx: next(found.sf) }
      : { why: `${name}, imported from ${spec}, where it is not a const or a function` };
  }
  if (ts.isNamespaceImport(decl) || ts.isImportEqualsDeclaration(decl)) return { why: `${name}, a namespace import` };
  const changed = mutationOf(name, ctx.sf);
  if (changed) return { why: `${name}, changed after its declaration (${shownText(changed)})` };
  return { node: decl, ctx: next(ctx.sf) };
}

/** A value known without running code: `true`, `!false`, `1 && true`, a const of such (`{ value }`), or `undefined` when unknown. */
function constant(e: ts.Expression, ctx: Ctx): { value: unknown } | undefined {
  e = unwrap(e);
  if (e.kind === ts.SyntaxKind.TrueKeyword) return { value: true };
  if (e.kind === ts.SyntaxKind.FalseKeyword) return { value: false };
  if (e.kind === ts.SyntaxKind.NullKeyword) return { value: null };
  if (ts.isNumericLiteral(e)) return { value: Number(e.text) };
  if (ts.isStringLiteralLike(e)) return { value: e.text };
  if (ts.isVoidExpression(e)) return { value: undefined };
  if (ts.isPrefixUnaryExpression(e) && e.operator === ts.SyntaxKind.ExclamationToken) {
    const inner = constant(e.operand, ctx);
    return inner && { value: !inner.value };
  }
  if (ts.isBinaryExpression(e)) {
    const op = e.operatorToken.kind;
    const left = constant(e.left, ctx);
    if (!left) return undefined;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return left.value ? constant(e.right, ctx) : left;
    if (op === ts.SyntaxKind.BarBarToken) return left.value ? left : constant(e.right, ctx);
    if (op === ts.SyntaxKind.QuestionQuestionToken) return (left.value ?? null) ? left : constant(e.right, ctx);
    return undefined;
  }
  if (ts.isConditionalExpression(e)) {
    const cond = constant(e.condition, ctx);
    return cond && constant(cond.value ? e.whenTrue : e.whenFalse, ctx);
  }
  if (ts.isIdentifier(e)) {
    if (e.text === 'undefined') return { value: undefined };
    const r = resolveName(e.text, ctx);
    return 'node' in r && ts.isExpression(r.node) ? constant(r.node, r.ctx) : undefined;
  }
  return undefined;
}

/** Whether the value `e` approves a call whatever it is: `true`, `{ approved: true, ... }`, `Promise.resolve(true)`, `x || true`. */
function approving(e: ts.Expression, ctx: Ctx): boolean {
  e = unwrap(e);
  if (ts.isAwaitExpression(e)) return approving(e.expression, ctx);
  if (ts.isObjectLiteralExpression(e)) {
    const p = e.properties.find(
      (p) => ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === 'approved',
    );
    return p !== undefined && ts.isPropertyAssignment(p) && constant(p.initializer, ctx)?.value === true;
  }
  if (ts.isCallExpression(e)) {
    // Promise.resolve(x)
    const c = unwrap(e.expression);
    const isResolve =
      ts.isPropertyAccessExpression(c) && ts.isIdentifier(c.expression) && c.expression.text === 'Promise' && c.name.text === 'resolve';
    return isResolve && e.arguments[0] !== undefined && approving(e.arguments[0], ctx);
  }
  if (ts.isConditionalExpression(e)) return approving(e.whenTrue, ctx) && approving(e.whenFalse, ctx);
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.BarBarToken) return approving(e.right, ctx);
  return constant(e, ctx)?.value === true;
}

/**
 * Whether the function `fn` answers every call with an approval: its expression body approves,
 * or its block ends in a return, throws nowhere, and every return approves (see `approving`).
 */
function functionApprovesAll(fn: FunctionLike, ctx: Ctx): boolean {
  const body = fn.body;
  if (!body) return false;
  if (!ts.isBlock(body)) return approving(body, ctx);
  const last = body.statements[body.statements.length - 1];
  if (!last || !ts.isReturnStatement(last)) return false;
  const { returns, throws } = returnsOf(body);
  return !throws && returns.every((r) => r.expression !== undefined && approving(r.expression, ctx));
}

function read(n: ts.Node, ctx: Ctx): ApproverReading {
  if (ts.isShorthandPropertyAssignment(n)) return readName(n.name.text, ctx);
  if (isFunctionLike(n)) return functionApprovesAll(n, ctx) ? { kind: 'all', how: 'it approves every call' } : { kind: 'decides' };
  if (!ts.isExpression(n)) return { kind: 'unread', why: 'not an expression' };
  const e = unwrap(n);
  if (isFunctionLike(e)) return read(e, ctx);
  if (ts.isIdentifier(e)) return e.text === 'undefined' ? { kind: 'none' } : readName(e.text, ctx);
  if (e.kind === ts.SyntaxKind.NullKeyword || e.kind === ts.SyntaxKind.FalseKeyword) return { kind: 'none' };
  const branches = ts.isConditionalExpression(e)
    ? [e.whenTrue, e.whenFalse]
    : ts.isBinaryExpression(e) &&
        [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.AmpersandAmpersandToken].includes(
          e.operatorToken.kind,
        )
      ? e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken
        ? [e.right]
        : [e.left, e.right]
      : undefined;
  if (branches) {
    const readings = branches.map((b) => read(b, ctx));
    const all = readings.find((r) => r.kind === 'all');
    if (all) return { kind: 'all', how: `one of its branches approves every call (${all.how})` };
    return readings.find((r) => r.kind === 'unread') ?? readings.find((r) => r.kind === 'decides') ?? { kind: 'none' };
  }
  if (ts.isCallExpression(e)) return { kind: 'unread', why: 'the result of a call' };
  if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e))
    return { kind: 'unread', why: `${e.getText(ctx.sf)}, a property` };
  return { kind: 'unread', why: 'an expression that is not a function' };
}

function readName(name: string, ctx: Ctx): ApproverReading {
  const r = resolveName(name, ctx);
  if ('why' in r) return { kind: 'unread', why: r.why };
  const reading = read(r.node, r.ctx);
  return reading.kind === 'all' ? { kind: 'all', how: `${name}: ${reading.how}` } : reading;
}

/**
 * How the approver `node` (the value of an `approve` property, or the property itself when it is
 * shorthand or a method) of the file `sf` decides (see {@link ApproverReading}). Consts and
 * function declarations of the file are followed, and so are relative imports (and package.json
 * `imports`, tsconfig `paths`: see `SourceResolver`), up to a few hops; a package's export is unread.
 */
export function readApprover(node: ts.Node, sf: ts.SourceFile, resolver = new SourceResolver()): ApproverReading {
  return read(node, { sf, resolver, hops: 0 });
}

/**
 * Where the `approve` of an options object comes from: `found`, the property that sets it (in
 * `sf`, maybe a file it imports), `unread` when some part of the object cannot be read and may
 * set it (`why` says which), or `undefined` when the object sets none.
 */
export type ApproveOfOptions = { found: ts.ObjectLiteralElementLike; sf: ts.SourceFile } | { unread: string } | undefined;

function optionsKey(e: ts.Expression, ctx: Ctx, key: string): ApproveOfOptions {
  e = unwrap(e);
  if (ts.isIdentifier(e)) {
    if (e.text === 'undefined') return undefined;
    const r = resolveName(e.text, ctx);
    if ('why' in r) return { unread: r.why };
    return ts.isExpression(r.node) ? optionsKey(r.node, r.ctx, key) : { unread: `${e.text}, not an object` };
  }
  if (ts.isObjectLiteralExpression(e)) {
    // as the runtime sees it: a later key, or a later spread that sets it, replaces an earlier one
    let found: ApproveOfOptions;
    for (const p of e.properties) {
      if (ts.isSpreadAssignment(p)) {
        const inner = optionsKey(p.expression, ctx, key);
        if (inner) found = 'unread' in inner ? { unread: `it spreads ${p.expression.getText(ctx.sf)}: ${inner.unread}` } : inner;
      } else {
        const k = memberKey(p, ctx.sf);
        if (k && 'unread' in k) found = { unread: k.unread };
        else if (k?.name === key) found = { found: p, sf: ctx.sf };
      }
    }
    return found;
  }
  if (e.kind === ts.SyntaxKind.NullKeyword) return undefined;
  if (ts.isCallExpression(e)) return optionsOfCall(e, ctx, key);
  if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) return { unread: `${e.getText(ctx.sf)}, a property` };
  return { unread: 'an expression that is not an object literal' };
}

/**
 * The options a call of a function of the project returns (`baseOptions()`, a function declared
 * or imported relatively): read from each of its return values; one that cannot be read (it
 * spreads a parameter, calls a package) makes the whole `unread`.
 */
function optionsOfCall(call: ts.CallExpression, ctx: Ctx, key: string): ApproveOfOptions {
  const unread = { unread: `the result of ${call.expression.getText(ctx.sf)}()` };
  const c = unwrap(call.expression);
  if (!ts.isIdentifier(c)) return unread;
  const r = resolveName(c.text, ctx);
  if ('why' in r) return unread;
  const fn = ts.isExpression(r.node) ? unwrap(r.node) : r.node;
  if (!isFunctionLike(fn) || !fn.body) return unread;
  const values = ts.isBlock(fn.body) ? returnsOf(fn.body).returns.map((ret) => ret.expression) : [fn.body];
  let found: ApproveOfOptions;
  for (const v of values) {
    if (!v) continue;
    const inner = optionsKey(v, r.ctx, key);
    if (inner && 'unread' in inner) return { unread: `${unread.unread}: ${inner.unread}` };
    found ??= inner;
  }
  return found;
}

/**
 * The `approve` that the options object `arg` of `sf` (an adapter's or `runTool`'s options)
 * sets (see {@link ApproveOfOptions}): read through spreads (`{ ...base, onToolLog }`), consts
 * and relative imports as {@link readApprover} reads an approver. An options object, or a spread
 * in it, that cannot be read (a parameter, an import from a package, the result of a call) is
 * `unread`: it may hold an `approve` that approves every call.
 */
export function approveOfOptions(arg: ts.Expression, sf: ts.SourceFile, resolver = new SourceResolver()): ApproveOfOptions {
  return optionsKey(arg, { sf, resolver, hops: 0 }, 'approve');
}

/**
 * Where the options object `arg` of `sf` sets the property `key` (`approval`), read as
 * {@link approveOfOptions} reads `approve`: through spreads, consts, calls of functions of the
 * file and relative imports. `undefined` when no return value, spread or literal of it sets the
 * key: the options provably hold no such property.
 */
export function keyOfOptions(arg: ts.Expression, sf: ts.SourceFile, key: string, resolver = new SourceResolver()): ApproveOfOptions {
  return optionsKey(arg, { sf, resolver, hops: 0 }, key);
}

/** Whether the identifier `id` names a value (not a property's name, a key, or a renamed binding's property). */
function isReference(id: ts.Identifier): boolean {
  const p = id.parent;
  if ((ts.isPropertyAccessExpression(p) && p.name === id) || (ts.isQualifiedName(p) && p.right === id)) return false;
  if (
    (ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p) || ts.isPropertySignature(p) || ts.isPropertyDeclaration(p)) &&
    p.name === id
  )
    return false;
  return !(ts.isBindingElement(p) && p.propertyName === id);
}

/**
 * Whether the place `change` of `sf`, where a value a deciding function reads is handed on (see
 * `changesOf`), is a tool's definition: a call of `defineTool` (see `defineToolCallee`) or of the
 * AI SDK's `tool`. Such a call reads what it is given and changes none of it, so its text (the
 * tool's description, its execute body) is not what decides: `needsApproval: deleteNeedsApproval`
 * hands the function to the very tool whose rule it is.
 */
function definesTool(change: ts.Node, sf: ts.SourceFile): boolean {
  return ts.isCallExpression(change) && (defineToolCallee(sf)(change.expression) || libraryForm(change) === 'ai-tool');
}

/**
 * The text that decides what a function answers (an `approve` callback, a `needsApproval`
 * function): its own text and the text of each declaration it reads, followed as
 * {@link readApprover} follows names (consts, `let`s, function declarations, relative imports and
 * package.json `imports`/tsconfig `paths`, up to a few hops), with every in-place change of those
 * (`AUTO_APPROVE.push('x')`) and every reassignment, in the order met (a tool's definition it is
 * handed to is no change, see {@link definesTool}); white space collapsed.
 * Two functions with equal texts decide alike, and a pull request that only edits a list the
 * function reads (`const AUTO_APPROVE = ['read_note', 'delete_note']`) changes the text. An
 * import from a package adds the import's text only; one from a project file adds the name it
 * imports (what that file exports is read), so moving the file changes nothing. A data file it
 * names (`import trusted from './trusted-tools.json'`, `readFileSync(new URL('../allow.txt',
 * import.meta.url))`, see `dataFileText`) adds its content, whatever path names it.
 */
export function decidingText(node: ts.Node, sf: ts.SourceFile, resolver = new SourceResolver()): string {
  const pieces: string[] = [];
  const dataNames = new Set<string>();
  const seen = new Set<string>();
  const add = (n: ts.Node, file: ts.SourceFile): boolean => {
    const key = `${file.fileName}:${n.pos}:${n.end}`;
    if (seen.has(key)) return false;
    seen.add(key);
    pieces.push(n.getText(file));
    return true;
  };
  const walk = (root: ts.Node, ctx: Ctx): void => {
    if (!add(root, ctx.sf)) return;
    const visit = (n: ts.Node): void => {
      if (ts.isIdentifier(n) && isReference(n)) follow(n.text, root, ctx);
      // a data file it reads (`readFileSync(new URL('../trusted-tools.json', import.meta.url))`): its content decides too
      if (ts.isStringLiteralLike(n)) {
        const data = dataFileText(n.text, ctx.sf);
        if (data !== undefined) {
          pieces.push(data);
          dataNames.add(n.text);
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(root);
  };
  const follow = (name: string, root: ts.Node, ctx: Ctx): void => {
    if (ctx.hops >= MAX_HOPS) return;
    const decl = declarationsOf(ctx.sf).get(name);
    // its own parameters and locals are part of its text already
    if (!decl || ts.isParameter(decl) || (decl.pos >= root.pos && decl.end <= root.end)) return;
    for (const change of changesOf(name, ctx.sf)) if (!definesTool(change, ctx.sf)) add(change, ctx.sf);
    const next = { ...ctx, hops: ctx.hops + 1 };
    if (ts.isImportSpecifier(decl) || ts.isImportClause(decl)) {
      const imp = ts.isImportClause(decl) ? decl.parent : decl.parent.parent.parent;
      const spec = ts.isStringLiteral(imp.moduleSpecifier) ? imp.moduleSpecifier.text : undefined;
      const path = spec === undefined ? undefined : ctx.resolver.resolveFile(ctx.sf.fileName, spec);
      const imported = ts.isImportClause(decl) ? 'default' : (decl.propertyName ?? decl.name).text;
      const found = path === undefined ? undefined : exportedFrom(path, imported);
      // what a project file exports is read below, so moving that file (`./trust.js` to `../trust.js`) changes nothing;
      // a data file (`import trusted from './trusted-tools.json'`) counts by its content, a package by its specifier
      const data = found || spec === undefined ? undefined : dataFileText(spec, ctx.sf);
      if (found) pieces.push(`import ${imported}`);
      else if (data !== undefined) pieces.push(`import ${imported} ; ${data}`);
      else add(imp, ctx.sf);
      if (!found) return;
      for (const change of changesOf(imported, found.sf)) if (!definesTool(change, found.sf)) add(change, found.sf);
      walk(found.node, { ...next, sf: found.sf });
      return;
    }
    walk(decl, next);
  };
  walk(node, { sf, resolver, hops: 0 });
  // a data file counts by its content, not by how a folder names it (`../trusted-tools.json`, `../../trusted-tools.json`)
  let text = pieces.join(' ; ');
  for (const name of dataNames) text = text.split(name).join('<data file>');
  return text.replace(/\s+/g, ' ');
}

/**
 * What of the command line `text` (a deciding function's text and what it reads, see
 * `decidingText`) reads, as written (`process.argv`), or `undefined`: `process.argv`, `Deno.args`,
 * `Bun.argv`, and `parseArgs(` (node:util, which reads `process.argv` when given no `args`); also the
 * parsers that read it unseen: yargs' `argv` or `parse()` with no arguments (`yargs.argv`,
 * `yargs().option(...).argv`), and commander's parsed options or arguments (`program.opts()`,
 * `.processedArgs`, `.getOptionValue(`) where the text imports commander, whose `parse()` reads `process.argv` when
 * given none. The command that starts the program (a package.json script, an MCP client's `args`) then decides approval unseen.
 */
export function readsCommandLine(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const m = /\b(?:process\s*\.\s*argv|Deno\s*\.\s*args|Bun\s*\.\s*argv)\b|\bparseArgs\s*\(/.exec(text);
  if (m) return m[0].replace(/\s+/g, '').replace(/\($/, '()');
  const yargs = /\byargs\b(\s*\(\s*\))?[^;]*?\.\s*(argv\b|parse(?:Sync|Async)?\s*\(\s*\))/.exec(text);
  if (yargs) return `yargs${yargs[1] ? '()' : ''}.${yargs[2]!.replace(/\s+/g, '')}`;
  const commander = /\bfrom\s*['"]commander['"]|\brequire\s*\(\s*['"]commander['"]\s*\)/.test(text);
  const parsed = /\.\s*(?:opts|optsWithGlobals|getOptionValue)\s*\(|\.\s*processedArgs\b|\.\s*parse(?:Async)?\s*\(\s*\)/.exec(text);
  return commander && parsed ? `commander's ${parsed[0].replace(/\s+/g, '').replace(/\($/, '()')}` : undefined;
}

/**
 * What of the environment `text` (a deciding function's text and what it reads, see
 * `decidingText`) reads, as written (`process.env.AUTO_APPROVE`), or `undefined`: `process.env`,
 * `import.meta.env`, `Deno.env` and `Bun.env`. Set outside the project (an MCP client's `env`, a CI
 * variable, a shell), a value there decides approval unseen.
 */
export function readsEnvironment(text: string | undefined): string | undefined {
  const m =
    text &&
    /\b(?:process\.env|import\.meta\.env|Deno\.env|Bun\.env)(?:\s*(?:\.\s*[\w$]+|\[\s*(['"`])[^'"`]*\1\s*\]|\.get\(\s*(['"`])[^'"`]*\2\s*\)))?/.exec(
      text,
    );
  return m ? m[0].replace(/\s+/g, '') : undefined;
}
