/** MCP client handlers of elicitation requests (how agent-tools asks for approval) that answer yes, read without running code. */

import { unwrap } from './evaluate.js';
import { ts } from './ts-morph.cjs';

/**
 * Whether a filter's callback keeps every approval request of a result's content and nothing else
 * (`(p) => p.type === 'tool-approval-request'`), which answers them all rather than choosing some.
 */
function picksApprovalRequests(callback: ts.Expression | undefined): boolean {
  const f = callback && unwrap(callback);
  if (!f || !(ts.isArrowFunction(f) || ts.isFunctionExpression(f)) || f.parameters.length !== 1) return false;
  const param = f.parameters[0]!.name;
  let body: ts.Node = f.body;
  if (ts.isBlock(body)) {
    const [only] = body.statements;
    if (body.statements.length !== 1 || !only || !ts.isReturnStatement(only) || !only.expression) return false;
    body = only.expression;
  }
  const test = unwrap(body as ts.Expression);
  if (!ts.isBinaryExpression(test)) return false;
  if (![ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken].includes(test.operatorToken.kind)) return false;
  const sides = [unwrap(test.left), unwrap(test.right)];
  const literal = sides.find(ts.isStringLiteralLike);
  const read = sides.find(ts.isPropertyAccessExpression);
  return (
    literal?.text === 'tool-approval-request' &&
    read !== undefined &&
    read.name.text === 'type' &&
    ts.isIdentifier(param) &&
    ts.isIdentifier(unwrap(read.expression)) &&
    (unwrap(read.expression) as ts.Identifier).text === param.text
  );
}

/**
 * Whether `n` runs under a condition: in an `if` or `switch` branch, a `? :` branch, the right
 * side of `&&`, `||`, `??`, a `catch`, or a callback of a list that was filtered. With `within`,
 * only the conditions inside that node count (those of a handler's own body).
 */
export function conditional(n: ts.Node, within?: ts.Node): boolean {
  for (let c = n; c.parent && c.parent !== within && !ts.isSourceFile(c.parent); c = c.parent) {
    const p = c.parent;
    if (ts.isIfStatement(p) && c !== p.expression) return true;
    if (ts.isConditionalExpression(p) && c !== p.condition) return true;
    if (
      ts.isBinaryExpression(p) &&
      c === p.right &&
      [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(p.operatorToken.kind)
    )
      return true;
    if (ts.isCaseClause(p) || ts.isDefaultClause(p) || ts.isCatchClause(p)) return true;
    // reqs.filter(...).map((q) => ...): the filter decides which requests are answered, unless it only picks the approval requests
    if (ts.isCallExpression(p) && p.arguments.includes(c as ts.Expression) && ts.isPropertyAccessExpression(p.expression)) {
      const list = unwrap(p.expression.expression);
      if (
        ts.isCallExpression(list) &&
        ts.isPropertyAccessExpression(list.expression) &&
        list.expression.name.text === 'filter' &&
        !picksApprovalRequests(list.arguments[0])
      )
        return true;
    }
  }
  return false;
}

/**
 * An MCP client's handler of elicitation requests, registered by
 * `client.setRequestHandler('elicitation/create', handler)` (SDK v2) or
 * `client.setRequestHandler(ElicitRequestSchema, handler)` (SDK v1, the schema under any import
 * or alias), or put as the client's `fallbackRequestHandler` (`client.fallbackRequestHandler = handler`, which the SDK hands
 * every request that has no handler of its own, elicitation included). agent-tools asks such a client for approval of a
 * destructive tool with an
 * elicitation (2025-11-25), or an `input_required` result whose answers the client SDK produces
 * through the same handler (2026-07-28).
 *
 * - `answersAll`: the handler (inline, or a function or `const` of the same file) returns an
 *   object literal with `action: 'accept'` (and no `content.approve` but a literal `true`) on every
 *   path: each of its returns is such, one is under no condition inside it, it throws nowhere, and
 *   the registration is under no condition. Every approval question is answered yes.
 * - `decides`: it may accept, but not on every path (`action: ok ? 'accept' : 'decline'`, an accept
 *   inside an `if`, `content: { approve: await ask() }`, a value computed by a call), or it cannot
 *   be read (an import, a parameter). No reading tells a person's answer from a switch that is
 *   always on, so `diff` counts a new or changed one (see `decidingText`).
 *
 * `node` is the handler as passed (the function, or its name); a handler that only declines or
 * cancels is `undefined`, as is any other call.
 */
export function elicitationAnswer(
  n: ts.Node,
  sf: ts.SourceFile,
): { kind: 'answersAll' | 'decides'; callee: string; node: ts.Expression } | undefined {
  let arg: ts.Expression;
  let callee: string;
  if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
    // `client.fallbackRequestHandler = handler`: the SDK hands it every request with no handler of its own, elicitation included
    const left = unwrap(n.left);
    if (!(ts.isPropertyAccessExpression(left) && left.name.text === 'fallbackRequestHandler')) return undefined;
    arg = n.right;
    callee = 'a fallbackRequestHandler';
  } else {
    if (!ts.isCallExpression(n) || n.arguments.length < 2) return undefined;
    const c = unwrap(n.expression);
    if (!(ts.isPropertyAccessExpression(c) && c.name.text === 'setRequestHandler') || !isElicitMethod(n.arguments[0]!, sf))
      return undefined;
    arg = n.arguments[1]!;
    callee = 'an elicitation/create handler';
  }
  const handler = handlerFunction(arg, sf);
  if (!handler) return { kind: 'decides', callee, node: arg };
  const { returns, throws } = ownExits(handler);
  const kinds = returns.map(answerKind);
  if (!kinds.some((k) => k !== 'no')) return undefined;
  const all = kinds.every((k) => k === 'accept') && !throws && !conditional(n) && returns.some((r) => !conditional(r, handler));
  return { kind: all ? 'answersAll' : 'decides', callee, node: arg };
}

/** Whether `e` names the elicitation method: `'elicitation/create'`, or `ElicitRequestSchema` (also `types.X`, or an import alias). */
function isElicitMethod(e: ts.Expression, sf: ts.SourceFile): boolean {
  const m = unwrap(e);
  if (ts.isStringLiteralLike(m)) return m.text === 'elicitation/create';
  if (ts.isPropertyAccessExpression(m)) return m.name.text === 'ElicitRequestSchema';
  if (!ts.isIdentifier(m)) return false;
  if (m.text === 'ElicitRequestSchema') return true;
  return sf.statements.some(
    (st) =>
      ts.isImportDeclaration(st) &&
      st.importClause?.namedBindings !== undefined &&
      ts.isNamedImports(st.importClause.namedBindings) &&
      st.importClause.namedBindings.elements.some(
        (el) => el.name.text === m.text && el.propertyName?.getText(sf) === 'ElicitRequestSchema',
      ),
  );
}

type Handler = ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration;

/** The function `arg` is: written in place, or a function declaration or `const` of `sf` holding one, by its name; else `undefined`. */
function handlerFunction(arg: ts.Expression, sf: ts.SourceFile): Handler | undefined {
  const a = unwrap(arg);
  if (ts.isArrowFunction(a) || ts.isFunctionExpression(a)) return a;
  if (!ts.isIdentifier(a)) return undefined;
  let found: Handler | undefined;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isFunctionDeclaration(n) && n.name?.text === a.text && n.body) found = n;
    else if (
      ts.isVariableDeclaration(n) &&
      ts.isIdentifier(n.name) &&
      n.name.text === a.text &&
      ts.isVariableDeclarationList(n.parent) &&
      n.parent.flags & ts.NodeFlags.Const &&
      n.initializer
    ) {
      const init = unwrap(n.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) found = init;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

/** What `f` returns (its expression body, or each `return` value of its own body, not a nested function's), and whether it throws. */
function ownExits(f: Handler): { returns: ts.Expression[]; throws: boolean } {
  if (f.body && !ts.isBlock(f.body)) return { returns: [f.body], throws: false };
  const returns: ts.Expression[] = [];
  let throws = false;
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionLike(n) || ts.isClassLike(n)) return;
    if (ts.isReturnStatement(n) && n.expression) returns.push(n.expression);
    if (ts.isThrowStatement(n)) throws = true;
    ts.forEachChild(n, visit);
  };
  if (f.body) ts.forEachChild(f.body, visit);
  return { returns, throws };
}

/**
 * How a returned value answers: `accept` for an object literal with `action: 'accept'` whose
 * `content`, if any, is an object literal without a spread and with no `approve` or a literal
 * `true` one; `no` for a literal other action (`'decline'`, `'cancel'`), an accept whose
 * `content.approve` is literally `false`, or an object without an action; else `code`.
 */
function answerKind(r: ts.Expression): 'accept' | 'no' | 'code' {
  const o = unwrap(r);
  if (!ts.isObjectLiteralExpression(o)) return 'code';
  if (o.properties.some((p) => !ts.isPropertyAssignment(p) && !ts.isShorthandPropertyAssignment(p))) return 'code';
  const action = valueOf(o, 'action');
  if (action === undefined) return 'no';
  if (!ts.isStringLiteralLike(action)) return 'code';
  if (action.text !== 'accept') return 'no';
  const content = valueOf(o, 'content');
  if (content === undefined) return 'accept';
  if (!ts.isObjectLiteralExpression(content) || content.properties.some((p) => !ts.isPropertyAssignment(p))) return 'code';
  const approve = valueOf(content, 'approve');
  if (approve === undefined || approve.kind === ts.SyntaxKind.TrueKeyword) return 'accept';
  return approve.kind === ts.SyntaxKind.FalseKeyword ? 'no' : 'code';
}

/** The value of the property `key` of an object literal (a shorthand is its name), unwrapped; `undefined` when it has none. */
function valueOf(o: ts.ObjectLiteralExpression, key: string): ts.Expression | undefined {
  for (const p of o.properties) {
    const name = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;
    if (name !== key) continue;
    if (ts.isPropertyAssignment(p)) return unwrap(p.initializer);
    if (ts.isShorthandPropertyAssignment(p)) return p.name;
  }
  return undefined;
}
