/** The calls of a few API functions in a file, under any name they are given there, and the uses of them that cannot be followed. */

import { shownText, unwrap } from './evaluate.js';
import { ts } from './ts-morph.cjs';

/**
 * The public functions that take an approval policy as `approval` in an options object:
 * `createRegistry({ core, approval })`, the adapters' options (`toolsToAI`, `createMcpServer`,
 * `toolsToCommands`, all `PipelineOptions`) and `runTool`'s. A toolbox's own adapter of the same
 * name (`toolsToAI` in its adapter module) is read the same way.
 */
export const APPROVAL_CALLEES = ['createRegistry', 'toolsToAI', 'createMcpServer', 'toolsToCommands', 'runTool'] as const;

/** One call of an API function: its name in the API, the call, and the arguments the function receives. */
export interface ApiCall {
  callee: string;
  node: ts.CallExpression;
  /** As the function receives them: `f.call(self, a, b)` gives `[a, b]`, `f.bind(self, a)(b)` gives `[a, b]`. */
  args: readonly ts.Expression[];
}

/** A use of an API function whose calls cannot be followed (`wrap(toolsToAI)`, `{ make: toolsToAI }`, `export { toolsToAI as make }`). */
export interface ApiEscape {
  callee: string;
  node: ts.Node;
  why: string;
}

/** Whether `id` sits where it names nothing at run time: a type (`typeof toolsToAI`), a declaration's or property's own name. */
export function notAValue(id: ts.Identifier): boolean {
  const p = id.parent;
  if (ts.isTypeQueryNode(p) || ts.isQualifiedName(p) || ts.isTypeReferenceNode(p)) return true;
  if (
    (ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p) || ts.isPropertySignature(p)) &&
    p.name === id
  )
    return true;
  if ((ts.isVariableDeclaration(p) || ts.isFunctionDeclaration(p) || ts.isParameter(p) || ts.isBindingElement(p)) && p.name === id)
    return true;
  if (ts.isImportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p) || ts.isImportEqualsDeclaration(p)) return true;
  if (ts.isPropertyAccessExpression(p) && p.name === id) return true;
  return false;
}

/** The node above `n` that uses its value: past parentheses, `as`, `satisfies` and `!`. */
export function valueParent(n: ts.Node): ts.Node {
  let top: ts.Node = n;
  while (
    ts.isParenthesizedExpression(top.parent) ||
    ts.isAsExpression(top.parent) ||
    ts.isSatisfiesExpression(top.parent) ||
    ts.isNonNullExpression(top.parent)
  )
    top = top.parent;
  return top.parent;
}

/** Whether `n` sits in a type (`typeof at.defineTool`, `ReturnType<typeof at.runTool>`), which names nothing at run time. */
export function isTypeOnly(n: ts.Node): boolean {
  for (let p: ts.Node | undefined = n.parent; p; p = p.parent) {
    if (ts.isTypeNode(p) || ts.isTypeQueryNode(p)) return true;
    if (ts.isStatement(p) || ts.isBlock(p)) return false;
  }
  return false;
}

/**
 * The member an access names when it can be read: `at.toolsToAI`, `at['toolsToAI']`, and
 * `at[k]` with `k` a `const` of the file holding a string literal (`consts`); `undefined` for
 * any other key (`at['tools' + 'ToAI']`) or expression.
 */
export function memberName(e: ts.Expression, consts?: ReadonlyMap<string, ts.Expression>): string | undefined {
  e = unwrap(e);
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  if (!ts.isElementAccessExpression(e)) return undefined;
  let key = unwrap(e.argumentExpression);
  if (ts.isIdentifier(key) && consts?.has(key.text)) key = consts.get(key.text)!;
  return ts.isStringLiteralLike(key) ? key.text : undefined;
}

/** The name a call's callee reads as: `f` for `f(...)`, the member for `x.f(...)` or `x['f'](...)` (see {@link memberName}). */
export function calleeName(callee: ts.Expression): string | undefined {
  const c = unwrap(callee);
  return ts.isIdentifier(c) ? c.text : memberName(c);
}

/**
 * The names `sf` gives a whole agent-tools module: `import * as at from 'agent-tools/ai'`,
 * `const at = require('agent-tools')`, `const at = await import(...)`.
 */
function moduleNamespaces(sf: ts.SourceFile): Set<string> {
  const out = new Set<string>();
  const ours = (e: ts.Expression | undefined) => e !== undefined && ts.isStringLiteralLike(e) && /^agent-tools(?:\/|$)/.test(e.text);
  for (const st of sf.statements)
    if (
      ts.isImportDeclaration(st) &&
      ours(st.moduleSpecifier) &&
      st.importClause?.namedBindings &&
      ts.isNamespaceImport(st.importClause.namedBindings)
    )
      out.add(st.importClause.namedBindings.name.text);
  const visit = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
      let init = unwrap(n.initializer);
      if (ts.isAwaitExpression(init)) init = unwrap(init.expression);
      const required =
        ts.isCallExpression(init) &&
        (init.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(init.expression) && init.expression.text === 'require'));
      if (required && ours((init as ts.CallExpression).arguments[0])) out.add(n.name.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/**
 * The calls in `sf` of the functions `names` (the API's names for them), and the uses of them
 * that cannot be followed. A function is called by its name, as a method of anything
 * (`AT.toolsToAI(...)`, as a namespace import gives it, also `AT['toolsToAI'](...)` or with a
 * `const` key), under an import alias
 * (`import { toolsToAI as makeTools }`, from any module, as a re-exporting module of the project
 * gives it), under a `const` alias (`const mk = toolsToAI`), and through `.call`, `.apply` (with
 * an array literal) and `.bind(...)(...)`. Any other use of it as a value (passed to a function,
 * put in an object, re-exported under another name, `.apply` with arguments that are not a
 * literal) is an escape: what it is called with is not read; so is such a use of a namespace's
 * member (`Reflect.apply(AT.runTool, …)`, `[AT.toolsToAI][0](…)`). So is a member of an agent-tools
 * module's namespace read by a key that cannot be (`AT['tools' + 'ToAI']`, `AT[name]`), and, unless
 * `options.namespaceEscapes` is `false`, the namespace itself used as a value (`Reflect.get(AT, k)`,
 * `f(AT)`): it may be any of them. `(0, AT.toolsToAI)(…)`, as compiled output calls an import, is a call.
 */
export function apiCallsIn(
  sf: ts.SourceFile,
  names: readonly string[],
  options: { namespaceEscapes?: boolean } = {},
): { calls: ApiCall[]; escapes: ApiEscape[] } {
  const api = new Set(names);
  const alias = new Map<string, string>(names.map((n) => [n, n]));
  for (const st of sf.statements)
    if (ts.isImportDeclaration(st) && st.importClause?.namedBindings && ts.isNamedImports(st.importClause.namedBindings))
      for (const e of st.importClause.namedBindings.elements) {
        const imported = (e.propertyName ?? e.name).text;
        if (api.has(imported)) alias.set(e.name.text, imported);
      }
  const consts: [string, ts.Expression][] = [];
  const collect = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && (ts.getCombinedNodeFlags(n) & ts.NodeFlags.Const) !== 0)
      consts.push([n.name.text, unwrap(n.initializer)]);
    ts.forEachChild(n, collect);
  };
  collect(sf);
  const constMap = new Map(consts);
  const member = (e: ts.Expression) => memberName(e, constMap);
  // `const mk = toolsToAI`, `const mk2 = mk`, `const mk = AT.toolsToAI`: followed as far as they go
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, init] of consts) {
      const target = ts.isIdentifier(init) ? alias.get(init.text) : api.has(member(init) ?? '') ? member(init) : undefined;
      if (target !== undefined && alias.get(name) !== target) {
        alias.set(name, target);
        changed = true;
      }
    }
  }
  const apiOf = (e: ts.Expression): string | undefined => {
    e = unwrap(e);
    if (ts.isIdentifier(e)) return alias.get(e.text);
    const name = member(e);
    return name !== undefined && api.has(name) ? name : undefined;
  };
  const namespaces = moduleNamespaces(sf);
  const namespaceOf = (e: ts.Expression) => ts.isIdentifier(unwrap(e)) && namespaces.has((unwrap(e) as ts.Identifier).text);
  const calls: ApiCall[] = [];
  const escapes: ApiEscape[] = [];
  const handled = new Set<ts.Node>();
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n)) {
      const c = unwrap(n.expression);
      const direct = apiOf(c);
      if (direct !== undefined) {
        calls.push({ callee: direct, node: n, args: n.arguments });
        handled.add(c);
      } else if ((ts.isPropertyAccessExpression(c) || ts.isElementAccessExpression(c)) && apiOf(c.expression) !== undefined) {
        const callee = apiOf(c.expression)!;
        const how = member(c);
        if (how === 'call') calls.push({ callee, node: n, args: n.arguments.slice(1) });
        else if (how === 'apply') {
          const list = n.arguments[1] && unwrap(n.arguments[1]);
          if (list && ts.isArrayLiteralExpression(list) && !list.elements.some(ts.isSpreadElement))
            calls.push({ callee, node: n, args: list.elements });
          else escapes.push({ callee, node: n, why: `${callee} is called by .apply with arguments that are not an array literal` });
        }
        if (how === 'call' || how === 'apply') handled.add(unwrap(c.expression));
      } else if (ts.isCallExpression(c)) {
        // toolsToAI.bind(null, a)(b)
        const inner = unwrap(c.expression);
        if (ts.isPropertyAccessExpression(inner) && inner.name.text === 'bind' && apiOf(inner.expression) !== undefined) {
          calls.push({ callee: apiOf(inner.expression)!, node: n, args: [...c.arguments.slice(1), ...n.arguments] });
          handled.add(unwrap(inner.expression));
        }
      }
    }
    // AT['tools' + 'ToAI'], AT[name] on an agent-tools namespace: may be any of the functions
    if (
      ts.isElementAccessExpression(n) &&
      ts.isIdentifier(unwrap(n.expression)) &&
      namespaces.has((unwrap(n.expression) as ts.Identifier).text) &&
      member(n) === undefined
    )
      escapes.push({
        callee: shownText(n, sf),
        node: n,
        why: `${shownText(n, sf)} reads an export of agent-tools by a name that is not a literal, so which function it calls, and with what, is not read`,
      });
    if (ts.isExportSpecifier(n) && n.propertyName && api.has(n.propertyName.text) && n.name.text !== n.propertyName.text)
      escapes.push({
        callee: n.propertyName.text,
        node: n,
        why: `${n.propertyName.text} is exported as ${n.name.text}, whose calls elsewhere are not read`,
      });
    // a function, by its name or as a member of an agent-tools namespace (`Reflect.apply(at.runTool, …)`), used as a value
    const named = ts.isIdentifier(n) && !handled.has(n) && alias.has(n.text) && !notAValue(n) && !ts.isExportSpecifier(n.parent);
    const nsMember = (ts.isPropertyAccessExpression(n) || ts.isElementAccessExpression(n)) && !handled.has(n) && namespaceOf(n.expression);
    const memberApi = nsMember ? member(n) : undefined;
    if (named || (memberApi !== undefined && api.has(memberApi))) {
      const p = valueParent(n);
      const isAlias =
        ts.isVariableDeclaration(p) &&
        p.initializer !== undefined &&
        unwrap(p.initializer) === n &&
        (ts.getCombinedNodeFlags(p) & ts.NodeFlags.Const) !== 0;
      const shown = shownText(n, sf);
      // reading the function's `name` or `length` does not call it
      const described = ts.isPropertyAccessExpression(p) && ['name', 'length'].includes(p.name.text);
      if (!isAlias && !described && !isTypeOnly(n))
        escapes.push({
          callee: named ? alias.get(n.text)! : memberApi!,
          node: n,
          why: `${shown} is used as a value (${shownText(p, sf)}), so what it is called with is not read`,
        });
    }
    // the namespace itself handed on (`Reflect.get(at, 'define' + 'Tool')`, `f(at)`): it may reach any of the functions
    if (options.namespaceEscapes !== false && ts.isIdentifier(n) && namespaces.has(n.text) && !notAValue(n) && !isTypeOnly(n)) {
      const p = valueParent(n);
      const accessed = (ts.isPropertyAccessExpression(p) || ts.isElementAccessExpression(p)) && unwrap(p.expression) === n;
      if (!accessed && !ts.isExportSpecifier(n.parent))
        escapes.push({
          callee: ts.isCallExpression(p) ? shownText(p, sf) : `${n.text}[…]`,
          node: n,
          why: `${n.text}, agent-tools' exports, is used as a value (${shownText(p, sf)}), so which function it calls, and with what, is not read`,
        });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return { calls, escapes };
}
