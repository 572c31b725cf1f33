/** Reads of a tool's `execute` outside `runTool`, also through the functions of the same file a tool is passed to. */

import { ts } from './ts-morph.cjs';
import { calleeName, memberName } from './api-calls.js';
import { unwrap } from './evaluate.js';

/** Whether `node` uses one of `names` as an identifier anywhere inside it (scopes are not told apart). */
export function mentions(node: ts.Node, names: ReadonlySet<string>): boolean {
  if (ts.isIdentifier(node) && names.has(node.text)) return true;
  return ts.forEachChild(node, (c) => mentions(c, names) || undefined) ?? false;
}

/** Whether `n` is a call of `runTool` (any so named: an import of it, `agentTools.runTool`). */
const isRunToolCall = (n: ts.Node) => ts.isCallExpression(n) && calleeName(n.expression) === 'runTool';

/** Whether a binding destructures `execute`: `{ execute }`, `{ execute: run }`, `{ 'execute': run }`. */
const bindsExecute = (name: ts.BindingName): boolean =>
  ts.isObjectBindingPattern(name) &&
  name.elements.some((el) => {
    const key = el.propertyName ?? el.name;
    return (ts.isIdentifier(key) || ts.isStringLiteral(key)) && key.text === 'execute';
  });

function bindingNames(name: ts.BindingName, out: Set<string>): Set<string> {
  if (ts.isIdentifier(name)) out.add(name.text);
  else for (const el of name.elements) if (!ts.isOmittedExpression(el)) bindingNames(el.name, out);
  return out;
}

/** The reflective reads of one key of an object: `Reflect.get(x, key)`, `Object.getOwnPropertyDescriptor(x, key)` (its `value`). */
const REFLECTIVE_READS = new Set(['Reflect.get', 'Object.getOwnPropertyDescriptor', 'Reflect.getOwnPropertyDescriptor']);

/**
 * The object of `Reflect.get(x, 'execute')` or `Object.getOwnPropertyDescriptor(x, 'execute')`
 * (whose `value` is the function), also with a key that cannot be read (`Reflect.get(x, key)`),
 * which may be `execute`; `undefined` for any other node.
 */
export function reflectGetExecute(n: ts.Node): ts.Expression | undefined {
  if (!ts.isCallExpression(n) || n.arguments.length < 2) return undefined;
  const c = unwrap(n.expression);
  if (!(ts.isPropertyAccessExpression(c) && ts.isIdentifier(c.expression) && REFLECTIVE_READS.has(`${c.expression.text}.${c.name.text}`)))
    return undefined;
  const key = unwrap(n.arguments[1]!);
  if (ts.isNumericLiteral(key) || (ts.isStringLiteralLike(key) && key.text !== 'execute')) return undefined;
  return n.arguments[0]!;
}

/** How far a walk follows calls into helpers: the (function, parameter) pairs entered, and how deep it is. */
interface Follow {
  entered: Set<string>;
  depth: number;
}

/** How many helpers deep a call is followed (`run` calling `run2` calling `run3`). */
const MAX_DEPTH = 4;

const functionCache = new WeakMap<ts.SourceFile, Map<string, ts.FunctionLikeDeclaration[]>>();

/**
 * The functions of `sf` by name: function declarations with a body, and `const`s holding an
 * arrow function or function expression, at any depth (a name declared twice lists both).
 */
function functionsOf(sf: ts.SourceFile): Map<string, ts.FunctionLikeDeclaration[]> {
  const cached = functionCache.get(sf);
  if (cached) return cached;
  const out = new Map<string, ts.FunctionLikeDeclaration[]>();
  const add = (name: string, fn: ts.FunctionLikeDeclaration) => out.set(name, [...(out.get(name) ?? []), fn]);
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionDeclaration(n) && n.name && n.body) add(n.name.text, n);
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && ts.getCombinedNodeFlags(n) & ts.NodeFlags.Const) {
      const init = unwrap(n.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) add(n.name.text, init);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  functionCache.set(sf, out);
  return out;
}

/**
 * The reads of a tool's `execute` in `scope` on a per-tool variable of `vars`: `t.execute`,
 * `t['execute']`, a key that cannot be read (`t['exec' + 'ute']`, `t[key]`), `const { execute } = t`,
 * `Reflect.get(t, 'execute')` (or a key that cannot be read), a callback parameter
 * `({ name, execute }) => ...`, a loop's binding `for (const { name, execute } of tools)`, and
 * those of a function of the same file that a call in `scope` passes a per-tool variable to (see
 * {@link helperReads}), in the order met: the reads written in `scope` come before those of the
 * helpers its calls run. A read inside the arguments of a `runTool` call is the pipeline's, not a bypass.
 */
export function executeReads(scope: ts.Node, vars: ReadonlySet<string>, follow: Follow = { entered: new Set(), depth: 0 }): ts.Node[] {
  const out: ts.Node[] = [];
  const visit = (n: ts.Node): void => {
    if (isRunToolCall(n)) return;
    const reflected = reflectGetExecute(n);
    if (ts.isPropertyAccessExpression(n) && n.name.text === 'execute' && mentions(n.expression, vars)) out.push(n);
    // t['execute'], and t['exec' + 'ute'] or t[key]: a key that cannot be read may be execute
    else if (
      ts.isElementAccessExpression(n) &&
      !ts.isNumericLiteral(n.argumentExpression) &&
      [undefined, 'execute'].includes(memberName(n)) &&
      mentions(n.expression, vars)
    )
      out.push(n);
    else if (reflected && mentions(reflected, vars)) out.push(n);
    else if (ts.isVariableDeclaration(n) && n.initializer && bindsExecute(n.name) && mentions(n.initializer, vars)) out.push(n.name);
    else if (ts.isParameter(n) && bindsExecute(n.name)) out.push(n.name);
    // for (const { name, execute } of registry.all): the loop's per-tool binding
    else if (
      ts.isVariableDeclaration(n) &&
      !n.initializer &&
      bindsExecute(n.name) &&
      ts.isForOfStatement(n.parent.parent) &&
      mentions(n.name, vars)
    )
      out.push(n.name);
    ts.forEachChild(n, visit);
    if (ts.isCallExpression(n)) out.push(...helperReads(n, (a) => mentions(a, vars), follow).map((r) => r.read));
  };
  visit(scope);
  return out;
}

/**
 * The reads of `execute` that `call` makes through a function of the same file (a function
 * declaration, or a `const` holding an arrow function or function expression, called by its
 * name, or a function written in place, `((t) => t.execute)(deleteNote)`): for each argument
 * `passes` accepts, the first read (see {@link executeReads}) of the matching parameter inside
 * that function's body, or the parameter itself when it destructures `execute` (`({ execute }, a)
 * => ...`). A rest parameter takes the arguments from its place on.
 * Calls inside the helper are followed the same way, a few levels deep, each (function,
 * parameter) once. `arg` is the argument, `read` the node inside the helper.
 */
export function helperReads(
  call: ts.CallExpression,
  passes: (arg: ts.Expression) => boolean,
  follow: Follow = { entered: new Set(), depth: 0 },
): { arg: ts.Expression; read: ts.Node }[] {
  const callee = unwrap(call.expression);
  if (follow.depth >= MAX_DEPTH) return [];
  const fns = ts.isIdentifier(callee)
    ? (functionsOf(call.getSourceFile()).get(callee.text) ?? [])
    : ts.isArrowFunction(callee) || ts.isFunctionExpression(callee)
      ? [callee]
      : [];
  const out: { arg: ts.Expression; read: ts.Node }[] = [];
  for (const fn of fns) {
    if (!fn.body) continue;
    call.arguments.forEach((arg, i) => {
      if (ts.isSpreadElement(arg) || !passes(arg)) return;
      const last = fn.parameters[fn.parameters.length - 1];
      const param = fn.parameters[i] ?? (last?.dotDotDotToken ? last : undefined);
      if (!param) return;
      const key = `${fn.pos}:${fn.parameters.indexOf(param)}`;
      if (follow.entered.has(key)) return;
      follow.entered.add(key);
      const [read] = bindsExecute(param.name)
        ? [param.name]
        : executeReads(fn.body!, bindingNames(param.name, new Set()), { entered: follow.entered, depth: follow.depth + 1 });
      if (read) out.push({ arg, read });
    });
  }
  return out;
}
