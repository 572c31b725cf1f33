/** MCP client handlers of elicitation requests (how agent-tools asks for approval) that answer yes, read without running code. */

import { Evaluator, unwrap } from './evaluate.js';
import { requireBindingsIn } from './commonjs.js';
import { moduleSpecifierOf } from './module-specifier.js';
import { parseFilesAlone } from './approval-rules.js';
import { NotStatic, Scope, type SourceFiles } from './scope.js';
import { SourceResolver } from './source-resolver.js';
import { ts } from './ts-morph.cjs';

/**
 * Whether `test` is true for every approval request and nothing else: `p.type === 'tool-approval-request'` (a part of a
 * result's content) or `p.state === 'approval-requested'` (a UI message's tool part waiting for its answer), where `p` is
 * the name `param` when one is given. Code that runs when it holds answers every request rather than choosing some.
 */
function picksRequests(test: ts.Expression, param?: string): boolean {
  const t = unwrap(test);
  if (!ts.isBinaryExpression(t)) return false;
  if (![ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken].includes(t.operatorToken.kind)) return false;
  const sides = [unwrap(t.left), unwrap(t.right)];
  const literal = sides.find(ts.isStringLiteralLike);
  const read = sides.find(ts.isPropertyAccessExpression);
  if (!literal || !read) return false;
  const of = unwrap(read.expression);
  const picks =
    (read.name.text === 'type' && literal.text === 'tool-approval-request') ||
    (read.name.text === 'state' && literal.text === 'approval-requested');
  return picks && (param === undefined || (ts.isIdentifier(of) && of.text === param));
}

/**
 * Whether a filter's callback keeps every approval request of a result's content and nothing else
 * (`(p) => p.type === 'tool-approval-request'`, see `picksRequests`), which answers them all rather than choosing some.
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
  return ts.isIdentifier(param) && picksRequests(body as ts.Expression, param.text);
}

/**
 * What makes `n` run under a condition, or `undefined` when nothing does: the test of an `if` or `? :` whose branch holds
 * it, the left side of an `&&`, `||` or `??` whose right side holds it, the `switch` clause or `catch` it is in, the callback
 * of a filter the list it runs over came through, or the attribute of a JSX element whose handler holds it
 * (`onClick={() => ...}`, run when a person acts). A branch taken for every approval request and nothing else
 * (`if (p.state === 'approval-requested')`, `p.type === 'tool-approval-request' ? [...] : []`, a filter by that test;
 * see `picksRequests`) is no condition. With `within`, only the conditions inside that node count (those of a handler's own body).
 */
export function conditionOf(n: ts.Node, within?: ts.Node): ts.Node | undefined {
  for (let c = n; c.parent && c.parent !== within && !ts.isSourceFile(c.parent); c = c.parent) {
    const p = c.parent;
    if (ts.isIfStatement(p) && c !== p.expression && !(c === p.thenStatement && picksRequests(p.expression))) return p.expression;
    if (ts.isConditionalExpression(p) && c !== p.condition && !(c === p.whenTrue && picksRequests(p.condition))) return p.condition;
    if (
      ts.isBinaryExpression(p) &&
      c === p.right &&
      [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(
        p.operatorToken.kind,
      ) &&
      !(p.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken && picksRequests(p.left))
    )
      return p.left;
    if (ts.isCaseClause(p) || ts.isDefaultClause(p) || ts.isCatchClause(p) || ts.isJsxAttribute(p)) return p;
    // reqs.filter(...).map((q) => ...): the filter decides which requests are answered, unless it only picks the approval requests
    if (ts.isCallExpression(p) && p.arguments.includes(c as ts.Expression) && ts.isPropertyAccessExpression(p.expression)) {
      const list = unwrap(p.expression.expression);
      if (
        ts.isCallExpression(list) &&
        ts.isPropertyAccessExpression(list.expression) &&
        list.expression.name.text === 'filter' &&
        !picksApprovalRequests(list.arguments[0])
      )
        return list.arguments[0] ?? list;
    }
  }
  return undefined;
}

/** Whether `n` runs under a condition (see {@link conditionOf}). */
export const conditional = (n: ts.Node, within?: ts.Node): boolean => conditionOf(n, within) !== undefined;

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
 * The method is read as the runtime would, by syntax (see `handlerMethod`): a `const`, a template or
 * a `+` of such, also imported by a relative path, and `setRequestHandler` called on any object,
 * also as `x['setRequestHandler']`, `.call`, `.apply` or `.bind`. A method that cannot be read (a
 * parameter, the result of a call such as `['elicitation', 'create'].join('/')`, a package's
 * export that is no known schema) may be `elicitation/create` and counts as one, except on an MCP
 * SDK `Server` or `McpServer`, which no elicitation request reaches.
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
 * cancels is `undefined`, as is any other call. `resolver` finds the files a method's `const` is
 * imported from.
 */
export function elicitationAnswer(
  n: ts.Node,
  sf: ts.SourceFile,
  resolver?: SourceResolver,
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
    if (!ts.isCallExpression(n)) return undefined;
    const ev = evaluatorFor(sf, resolver);
    const registered = registration(n, ev);
    if (!registered || !isElicitMethod(registered, ev)) return undefined;
    arg = registered.handler;
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

/** The request schemas of the MCP SDKs (v1 `types.js`, v2 packages) that name a request other than `elicitation/create`. */
const OTHER_SCHEMAS = new Set(
  [
    'CallTool',
    'CancelTask',
    'Complete',
    'CreateMessage',
    'Discover',
    'GetPrompt',
    'GetTaskPayload',
    'GetTask',
    'Initialize',
    'ListPrompts',
    'ListResourceTemplates',
    'ListResources',
    'ListRoots',
    'ListTasks',
    'ListTools',
    'OAuthTokenRevocation',
    'Ping',
    'ReadResource',
    'SetLevel',
    'Subscribe',
    'SubscriptionsListen',
    'Unsubscribe',
  ].map((name) => `${name}RequestSchema`),
);

/** A module of the MCP SDKs: `@modelcontextprotocol/sdk/...` (v1) or `@modelcontextprotocol/client` and the like (v2). */
const isSdkModule = (specifier: string | undefined) => specifier !== undefined && specifier.startsWith('@modelcontextprotocol/');

/** An evaluator per file read on its own, whose imports by a relative path are read on their own too. */
const evaluators = new WeakMap<ts.SourceFile, Evaluator>();

function evaluatorFor(sf: ts.SourceFile, resolver = new SourceResolver()): Evaluator {
  let ev = evaluators.get(sf);
  if (ev) return ev;
  const parsed = new Map<string, ts.SourceFile | undefined>();
  const files: SourceFiles = {
    resolve: (fromFile, specifier) => {
      const path = resolver.resolveFile(fromFile, specifier);
      if (path === undefined) return undefined;
      if (!parsed.has(path)) parsed.set(path, parseFilesAlone([path])[0]);
      const file = parsed.get(path);
      return file && { compilerNode: file };
    },
  };
  evaluators.set(sf, (ev = new Evaluator(new Scope(files))));
  return ev;
}

/** What a `setRequestHandler` call registers: the method (a string or a schema), the handler, and the object it is called on. */
interface Registration {
  method: ts.Expression;
  handler: ts.Expression;
  on: ts.Expression;
}

/** Whether `e` reads `setRequestHandler` of an object (`x.setRequestHandler`, `x['setRequestHandler']`); that object if so. */
function handlerSetter(e: ts.Expression, ev: Evaluator): ts.Expression | undefined {
  const c = unwrap(e);
  if (ts.isPropertyAccessExpression(c)) return c.name.text === 'setRequestHandler' ? c.expression : undefined;
  return ts.isElementAccessExpression(c) && ev.value(c.argumentExpression) === 'setRequestHandler' ? c.expression : undefined;
}

/**
 * The registration `n` makes, when it calls `setRequestHandler` (see `handlerSetter`) directly, by
 * `.call(x, method, handler)`, `.apply(x, [method, handler])` or `.bind(x, ...)(...)`; else `undefined`.
 */
function registration(n: ts.CallExpression, ev: Evaluator): Registration | undefined {
  const c = unwrap(n.expression);
  let on = handlerSetter(c, ev);
  let args: readonly ts.Expression[] | undefined = on && n.arguments;
  if (!on && ts.isPropertyAccessExpression(c) && (on = handlerSetter(c.expression, ev))) {
    const list = n.arguments[1] && unwrap(n.arguments[1]);
    if (c.name.text === 'call') args = n.arguments.slice(1);
    else if (c.name.text === 'apply' && list && ts.isArrayLiteralExpression(list)) args = list.elements;
  }
  if (!on && ts.isCallExpression(c)) {
    const bind = unwrap(c.expression);
    if (ts.isPropertyAccessExpression(bind) && bind.name.text === 'bind' && (on = handlerSetter(bind.expression, ev)))
      args = [...c.arguments.slice(1), ...n.arguments];
  }
  const [method, handler] = args ?? [];
  if (!on || !method || !handler || ts.isSpreadElement(method) || ts.isSpreadElement(handler)) return undefined;
  return { method, handler, on };
}

/**
 * Whether a registration may be of the elicitation handler: its method is `'elicitation/create'` as
 * the runtime builds it (a literal, a `const`, a template, a `+`), or `ElicitRequestSchema` (also
 * `types.X`, an import alias, a `const` holding it), or it cannot be read (a parameter, a call, a
 * package's export that is no known schema), unless it is called on an MCP SDK server. A method
 * known to be another (`'sampling/createMessage'`, `ListRootsRequestSchema`) is not.
 */
function isElicitMethod(r: Registration, ev: Evaluator): boolean {
  const value = ev.value(r.method);
  if (typeof value === 'string') return value === 'elicitation/create';
  const schema = sdkExport(r.method, ev);
  if (schema === 'ElicitRequestSchema') return true;
  if (schema !== undefined && OTHER_SCHEMAS.has(schema)) return false;
  return !isSdkServer(r.on, ev);
}

/**
 * The name of the MCP SDK export `e` stands for: a named import from an SDK module (under any
 * alias), a member of a namespace import of one (`types.X`), a `require` of one, through `const`s;
 * `ElicitRequestSchema` by that name wherever it comes from. Else `undefined`.
 */
function sdkExport(e: ts.Expression, ev: Evaluator, depth = 0): string | undefined {
  const m = unwrap(e);
  if (ts.isPropertyAccessExpression(m))
    return m.name.text === 'ElicitRequestSchema' || sdkBinding(unwrap(m.expression)) === '*' ? m.name.text : undefined;
  if (!ts.isIdentifier(m) || depth > 5) return undefined;
  const b = ev.scope.lookup(m);
  if (!(b instanceof NotStatic) && b.kind === 'expr') return sdkExport(b.expr, ev, depth + 1);
  return sdkBinding(m) ?? (m.text === 'ElicitRequestSchema' ? m.text : undefined);
}

/** What the identifier `e` imports (or requires) from an MCP SDK module: the export's name, `*` for the whole module; else `undefined`. */
function sdkBinding(e: ts.Expression): string | undefined {
  if (!ts.isIdentifier(e)) return undefined;
  for (const st of e.getSourceFile().statements) {
    const bound = requireBindingsIn(st).find((b) => b.local === e.text);
    if (bound) return isSdkModule(bound.module) ? bound.imported : undefined;
    if (!ts.isImportDeclaration(st) || !isSdkModule(moduleSpecifierOf(st))) continue;
    const names = st.importClause?.namedBindings;
    if (names && ts.isNamespaceImport(names) && names.name.text === e.text) return '*';
    const el = names && ts.isNamedImports(names) ? names.elements.find((x) => x.name.text === e.text) : undefined;
    if (el) return (el.propertyName ?? el.name).text;
  }
  return undefined;
}

/**
 * Whether `on` is an MCP SDK server (`new Server(...)`, `new McpServer(...)` of an SDK module, the
 * `server` of an `McpServer`, or a `const` holding one), which asks the client and answers no
 * elicitation request.
 */
function isSdkServer(on: ts.Expression, ev: Evaluator, depth = 0): boolean {
  const target = ev.deref(on);
  if (target instanceof NotStatic || typeof target.kind !== 'number' || depth > 5) return false;
  const t = unwrap(target);
  if (ts.isPropertyAccessExpression(t) && t.name.text === 'server') return isSdkServer(t.expression, ev, depth + 1);
  if (!ts.isNewExpression(t)) return false;
  const name = sdkExport(t.expression, ev);
  return name === 'Server' || name === 'McpServer';
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
