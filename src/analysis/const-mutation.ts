/** Where a `const` object or array of a file is changed after its declaration (`policy.allow.push(x)`), read without running code. */

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

/** Functions that change their first argument. */
const CHANGERS = new Set([
  'Object.assign',
  'Object.defineProperty',
  'Object.defineProperties',
  'Object.setPrototypeOf',
  'Reflect.set',
  'Reflect.defineProperty',
  'Reflect.deleteProperty',
  'Reflect.setPrototypeOf',
]);

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
 * or it (or a part of it) as the first argument of `Object.assign`, `Object.defineProperty`,
 * `Reflect.set` and the like. Any identifier so named counts (scopes are not told apart), which
 * errs on the side of "changed". A call that passes it to another function is not counted.
 */
export function mutationOf(name: string, sf: ts.SourceFile): ts.Node | undefined {
  return changesIn(name, sf, true)[0];
}

/**
 * Every place in `sf` where a value named `name` changes: each in-place change (see
 * {@link mutationOf}) in source order, then each assignment to the name itself (`AUTO = [...]`,
 * `AUTO ??= x`), which is how a `let` changes.
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

function changesIn(name: string, sf: ts.SourceFile, firstOnly: boolean): ts.Node[] {
  const hits: ts.Node[] = [];
  const visit = (n: ts.Node): void => {
    if (firstOnly && hits.length) return;
    if (ts.isIdentifier(n) && n.text === name && !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n)) {
      let hit: ts.Node | undefined;
      const chain = accessChain(n);
      const top = chain.parent;
      const accessed = chain !== n;
      if (accessed && ts.isBinaryExpression(top) && top.left === chain && isAssignmentOperator(top.operatorToken.kind)) hit = top;
      else if (accessed && (ts.isDeleteExpression(top) || ts.isPrefixUnaryExpression(top) || ts.isPostfixUnaryExpression(top))) {
        const op = ts.isDeleteExpression(top) ? undefined : top.operator;
        if (op === undefined || op === ts.SyntaxKind.PlusPlusToken || op === ts.SyntaxKind.MinusMinusToken) hit = top;
      } else if (ts.isCallExpression(top) && top.arguments[0] === chain) {
        const c = unwrap(top.expression);
        const method = ts.isPropertyAccessExpression(c) && ts.isIdentifier(c.expression) ? `${c.expression.text}.${c.name.text}` : '';
        if (CHANGERS.has(method)) hit = top;
      }
      // a changing method of it or of a part of it: `policy.allow.push(x)`
      for (let e: ts.Node = n; !hit && e !== chain.parent; e = e.parent)
        if (ts.isPropertyAccessExpression(e) && MUTATORS.has(e.name.text) && ts.isCallExpression(e.parent) && e.parent.expression === e)
          hit = e.parent;
      if (hit) hits.push(hit);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return hits;
}
