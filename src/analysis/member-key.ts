/** The key an object literal member sets, as the runtime sees it, read by syntax: literal names and computed keys of static strings. */

import { ts } from './ts-morph.cjs';
import { shownText, unwrap } from './evaluate.js';

/**
 * What a member of an object literal sets: `{ name, member }` with `value` its expression for a
 * property (`allow: x`, `'allow': x`, `['allow']: x`, shorthand `{ allow }`) and no `value` for a
 * getter or method (`get approval() { ... }`, `approve() { ... }`), whose value syntax does not
 * show; `{ unread }` for a computed key whose text cannot be known (`[key()]`, `[K]` with a `let K`),
 * which may be any name; `undefined` for a spread (it sets the keys of what it spreads).
 */
export type MemberKey = { name: string; member: ts.ObjectLiteralElementLike; value?: ts.Expression } | { unread: string } | undefined;

/**
 * Reads the key of `p` (see {@link MemberKey}). A computed key is read when it is a string or
 * number literal, a template or `+` of such parts, or a `const` of `sf` (any scope, one
 * declaration of that name) whose value is one: `['al' + 'low']`, `` [`approve`] ``,
 * `[K]` with `const K = 'allow'`.
 */
export function memberKey(p: ts.ObjectLiteralElementLike, sf: ts.SourceFile): MemberKey {
  if (ts.isSpreadAssignment(p)) return undefined;
  const name = p.name;
  let key: string | undefined;
  if (ts.isComputedPropertyName(name)) {
    key = staticText(name.expression, sf, 0);
    if (key === undefined) return { unread: `${shownText(name, sf)}, a key that cannot be read` };
  } else if (ts.isIdentifier(name) || ts.isStringLiteralLike(name) || ts.isPrivateIdentifier(name)) key = name.text;
  else if (ts.isNumericLiteral(name)) key = String(Number(name.text));
  else return { unread: `${shownText(name, sf)}, a key that cannot be read` };
  if (ts.isPropertyAssignment(p)) return { name: key, member: p, value: p.initializer };
  if (ts.isShorthandPropertyAssignment(p)) return { name: key, member: p, value: p.name };
  return { name: key, member: p };
}

/** The string `e` is by syntax (see {@link memberKey}), or `undefined`. */
function staticText(e: ts.Expression, sf: ts.SourceFile, depth: number): string | undefined {
  e = unwrap(e);
  if (depth > 10) return undefined;
  if (ts.isStringLiteralLike(e)) return e.text;
  if (ts.isNumericLiteral(e)) return String(Number(e.text.replace(/_/g, '')));
  if (ts.isTemplateExpression(e)) {
    let out = e.head.text;
    for (const span of e.templateSpans) {
      const part = staticText(span.expression, sf, depth + 1);
      if (part === undefined) return undefined;
      out += part + span.literal.text;
    }
    return out;
  }
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = staticText(e.left, sf, depth + 1);
    const right = left === undefined ? undefined : staticText(e.right, sf, depth + 1);
    return right === undefined ? undefined : left! + right;
  }
  if (ts.isIdentifier(e)) {
    const init = constInitializer(e.text, sf);
    return init === undefined ? undefined : staticText(init, sf, depth + 1);
  }
  return undefined;
}

/** The value of the one `const` declaration named `name` in `sf`, or `undefined` (none, several, or not a `const`). */
function constInitializer(name: string, sf: ts.SourceFile): ts.Expression | undefined {
  // every declaration of the name: a variable, a parameter, a function, a destructured binding
  const found: ts.NamedDeclaration[] = [];
  const visit = (n: ts.Node): void => {
    const declares = ts.isVariableDeclaration(n) || ts.isParameter(n) || ts.isFunctionDeclaration(n) || ts.isBindingElement(n);
    if (declares && n.name && ts.isIdentifier(n.name) && n.name.text === name) found.push(n);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  const d = found.length === 1 ? found[0] : undefined;
  if (!d || !ts.isVariableDeclaration(d) || !d.initializer) return undefined;
  return ts.isVariableDeclarationList(d.parent) && (d.parent.flags & ts.NodeFlags.Const) !== 0 ? d.initializer : undefined;
}

/**
 * Whether `p` sets the prototype of its object literal rather than a key: `__proto__: x` or
 * `'__proto__': x` (not computed, not a shorthand nor a method, which make an own `__proto__`).
 * The object then inherits the keys of `x`, which a reader of its own keys does not see.
 */
export function setsPrototype(p: ts.ObjectLiteralElementLike): p is ts.PropertyAssignment {
  return ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === '__proto__';
}
