/** Where a `const` object or array of a file is changed after its declaration (`policy.allow.push(x)`), read without running code. */

import { APPROVAL_CALLEES, apiCallsIn } from './api-calls.js';
import { isAssignmentOperator, unwrap } from './evaluate.js';
import { ts } from './ts-morph.cjs';

/** Array and collection methods that change their receiver. */
const MUTATORS = new Set([
  'push',
  'pop',
  'shift',
  'unshift',
  'splice',
  'sort',
  'reverse',
  'fill',
  'copyWithin',
  'set',
  'add',
  'delete',
  'clear',
]);

/**
 * Builtins that read their arguments and never change them (`console.*` besides): a value passed
 * to one of these stays as written.
 */
const READERS = new Set([
  'JSON.stringify',
  'Object.freeze',
  'Object.isFrozen',
  'Object.keys',
  'Object.values',
  'Object.entries',
  'structuredClone',
  'Array.isArray',
  'String',
  'Boolean',
]);

/** The calls in each file of the agent-tools functions that take a policy or options (see `APPROVAL_CALLEES`), under any name. */
const consumers = new WeakMap<ts.SourceFile, Set<ts.Node>>();

function consumingCalls(sf: ts.SourceFile): Set<ts.Node> {
  let found = consumers.get(sf);
  if (!found) {
    found = new Set(apiCallsIn(sf, APPROVAL_CALLEES).calls.map((c) => c.node));
    consumers.set(sf, found);
  }
  return found;
}

/** Whether the call or `new` `call` leaves its arguments as they are: one of {@link READERS} or `console.*`. */
function readsOnly(call: ts.CallExpression | ts.NewExpression): boolean {
  const c = unwrap(call.expression);
  if (ts.isIdentifier(c)) return READERS.has(c.text);
  if (!ts.isPropertyAccessExpression(c) || !ts.isIdentifier(c.expression)) return false;
  return c.expression.text === 'console' || READERS.has(`${c.expression.text}.${c.name.text}`);
}

/**
 * Where the value of `e` goes: the call or `new` that receives it as an argument, as it is or held
 * in a literal built there (`f(policy)`, `f(...list)`, `f({ p: policy })`, `f([policy])`,
 * `f(c ? policy : x)`), or else the outermost array or object literal that holds it (`[policy]` in
 * `for (const p of [policy])` or `[policy].forEach(f)`, `{ p: policy }` kept in a variable), or
 * the declaration or assignment whose whole value it is (`o = policy` in `const o = policy`): each
 * hands it on under another name, which may change it. `undefined` when it goes nowhere of these.
 */
function receivingCall(e: ts.Node): ts.Node | undefined {
  let literal: ts.Node | undefined;
  for (;;) {
    const p = e.parent;
    if ((ts.isCallExpression(p) || ts.isNewExpression(p)) && p.arguments?.some((a) => a === e)) return p;
    if (ts.isArrayLiteralExpression(p) || ts.isObjectLiteralExpression(p)) literal = p;
    if (!literal && ts.isIdentifier(e) && (ts.isVariableDeclaration(p) || ts.isBinaryExpression(p)) && isAliasOf(p, e)) return p;
    const holds =
      ts.isArrayLiteralExpression(p) ||
      ts.isObjectLiteralExpression(p) ||
      ts.isSpreadElement(p) ||
      ts.isSpreadAssignment(p) ||
      ts.isShorthandPropertyAssignment(p) ||
      (ts.isPropertyAssignment(p) && p.initializer === e) ||
      ts.isParenthesizedExpression(p) ||
      ts.isAsExpression(p) ||
      ts.isSatisfiesExpression(p) ||
      ts.isNonNullExpression(p) ||
      (ts.isConditionalExpression(p) && p.condition !== e) ||
      (ts.isBinaryExpression(p) &&
        [
          ts.SyntaxKind.BarBarToken,
          ts.SyntaxKind.QuestionQuestionToken,
          ts.SyntaxKind.AmpersandAmpersandToken,
          ts.SyntaxKind.CommaToken,
        ].includes(p.operatorToken.kind));
    if (!holds) return literal;
    e = p;
  }
}

/** Whether `d` declares or assigns a name with the whole value `e`: `const o = policy`, `o = policy`. */
function isAliasOf(d: ts.VariableDeclaration | ts.BinaryExpression, e: ts.Node): boolean {
  if (ts.isVariableDeclaration(d)) return d.initializer === e && ts.isIdentifier(d.name);
  return d.right === e && d.operatorToken.kind === ts.SyntaxKind.EqualsToken;
}

/** Whether `chain` (see {@link accessChain}) reads a property or element of `id` rather than `id` itself. */
function partOf(id: ts.Identifier, chain: ts.Expression): boolean {
  for (let e: ts.Node = chain; e !== id; e = (e as ts.Expression & { expression: ts.Expression }).expression)
    if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) return true;
  return false;
}

/** Whether a declaration named `name` in `sf` gives it a string, number, boolean or template: a value no code changes in place. */
function primitive(name: string, sf: ts.SourceFile): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === name && n.initializer) {
      const v = unwrap(n.initializer);
      found =
        ts.isStringLiteralLike(v) ||
        ts.isTemplateExpression(v) ||
        ts.isNumericLiteral(v) ||
        v.kind === ts.SyntaxKind.TrueKeyword ||
        v.kind === ts.SyntaxKind.FalseKeyword;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

/** The outermost property or element access (or the name itself) that `id` is the root of: `policy.allow[0]` for `policy`. */
function accessChain(id: ts.Identifier): ts.Expression {
  let e: ts.Expression = id;
  for (;;) {
    const p = e.parent;
    if ((ts.isPropertyAccessExpression(p) || ts.isElementAccessExpression(p)) && p.expression === e) e = p;
    else if (
      (ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isNonNullExpression(p) || ts.isSatisfiesExpression(p)) &&
      p.expression === e
    )
      e = p;
    else return e;
  }
}

/**
 * The first place in `sf` where a value named `name` is changed in place: an assignment to one of
 * its properties or elements (`policy.allow = [...]`, `list[0] = x`), `delete` or `++` of one, a
 * changing method called on it or on a part of it (`policy.allow.push('x')`, `splice`, `sort`),
 * or a call or `new` that it (or a part of it: `policy.allow`) is passed to, as an argument or
 * held in a literal built there (`tune(policy)`, `Object.assign(options, x)`, `f({ p: policy })`),
 * which may change it in any file: the place is that call. Two kinds of calls are not counted: the
 * agent-tools functions that take a policy or options and read them (`createRegistry`,
 * `toolsToAI`, `createMcpServer`, `toolsToCommands`, `runTool`, under any name `apiCallsIn`
 * follows), and builtins that leave their arguments as they are (`console.*`, `JSON.stringify`,
 * `Object.freeze`, `Object.isFrozen`, `Object.keys`, `Object.values`, `Object.entries`,
 * `structuredClone`, `Array.isArray`, `String`, `Boolean`). Any identifier so named counts (scopes
 * are not told apart), which errs on the side of "changed".
 */
export function mutationOf(name: string, sf: ts.SourceFile): ts.Node | undefined {
  return changesIn(name, sf, true)[0];
}

/**
 * Every place in `sf` where a value named `name` changes: each in-place change (see
 * {@link mutationOf}: a call it is passed to counts, as the one that may change it) in source
 * order, then each assignment to the name itself (`AUTO = [...]`, `AUTO ??= x`), which is how a
 * `let` changes.
 */
export function changesOf(name: string, sf: ts.SourceFile): ts.Node[] {
  const reassigned: ts.Node[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isBinaryExpression(n) && isAssignmentOperator(n.operatorToken.kind)) {
      const left = unwrap(n.left);
      if (ts.isIdentifier(left) && left.text === name) reassigned.push(n);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return [...changesIn(name, sf, false), ...reassigned];
}

/**
 * The places in `sf` where a value named `name` is handed on to code that may change it (see
 * {@link mutationOf}): a call or `new` it is passed to, other than the readers it names, an array
 * or object literal that holds it, a name declared or assigned with it. Its direct changes
 * (`spec.destructive = false`, `spec.list.push(x)`) are not among them.
 */
export function handedOn(name: string, sf: ts.SourceFile): ts.Node[] {
  return changesIn(name, sf, false, true);
}

function changesIn(name: string, sf: ts.SourceFile, firstOnly: boolean, handedOnly = false): ts.Node[] {
  const hits: ts.Node[] = [];
  const visit = (n: ts.Node): void => {
    if (firstOnly && hits.length) return;
    if (ts.isIdentifier(n) && n.text === name && !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n)) {
      let hit: ts.Node | undefined;
      const chain = accessChain(n);
      const top = chain.parent;
      const accessed = chain !== n;
      if (accessed && ts.isBinaryExpression(top) && top.left === chain && isAssignmentOperator(top.operatorToken.kind))
        hit = handedOnly ? undefined : top;
      else if (accessed && (ts.isDeleteExpression(top) || ts.isPrefixUnaryExpression(top) || ts.isPostfixUnaryExpression(top))) {
        const op = ts.isDeleteExpression(top) ? undefined : top.operator;
        if (!handedOnly && (op === undefined || op === ts.SyntaxKind.PlusPlusToken || op === ts.SyntaxKind.MinusMinusToken)) hit = top;
      } else {
        // passed to a function, which may change it wherever it is declared
        const to = receivingCall(chain);
        const call = to && (ts.isCallExpression(to) || ts.isNewExpression(to)) ? to : undefined;
        // held or renamed elsewhere than in a call: the whole value only (not `[options.tier]`), and not a string or number
        const held = !call && to !== undefined && !partOf(n, chain) && !primitive(name, sf);
        if (call ? !(readsOnly(call) || consumingCalls(sf).has(call)) : held) hit = to;
      }
      // a changing method of it or of a part of it: `policy.allow.push(x)`
      for (let e: ts.Node = n; !hit && !handedOnly && e !== chain.parent; e = e.parent)
        if (ts.isPropertyAccessExpression(e) && MUTATORS.has(e.name.text) && ts.isCallExpression(e.parent) && e.parent.expression === e)
          hit = e.parent;
      if (hit) hits.push(hit);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return hits;
}
