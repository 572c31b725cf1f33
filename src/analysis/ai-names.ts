/** Names AI SDK `tool(...)` values as the AI SDK does: by their key in the object of tools. */

import { ts } from './ts-morph.cjs';
import { NotStatic, type Scope } from './scope.js';

/**
 * The name(s) an AI SDK `tool(...)` value gets (each with the property that gives it), why it has
 * none (`none`), or that it is no tool of a tool set by itself (`handedOn`, see {@link handedOn}).
 */
export type AiNaming = { names: { name: string; key: ts.Node }[]; variableName?: string } | { none: string } | { handedOn: true };

function keyText(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name) || ts.isNumericLiteral(name)
    ? name.text
    : undefined;
}

function outer(n: ts.Node): ts.Node {
  while (
    n.parent &&
    (ts.isParenthesizedExpression(n.parent) ||
      ts.isAsExpression(n.parent) ||
      ts.isSatisfiesExpression(n.parent) ||
      ts.isNonNullExpression(n.parent))
  )
    n = n.parent;
  return n;
}

/** Whether `p` hands `e` to a call or `new` as an argument. */
const argumentOf = (p: ts.Node, e: ts.Node): boolean =>
  (ts.isCallExpression(p) || ts.isNewExpression(p)) && p.arguments?.includes(e as ts.Expression) === true;

/**
 * Whether the value `o` of a `tool(...)` call is no tool of a tool set by itself: handed to a call
 * as an argument (`experimental_toolCaller(tool({...}), ...)`), or returned by a callback handed to
 * code (`bind: (tools) => tool({...})` in an object literal, `wrap(() => tool({...}))`). The code
 * it is handed to makes of it what it will, under a name of its own, so it is no tool of the
 * toolbox by any name. Not so when the call it is handed to is itself the value of a property
 * (`{ delete_note: withLog(tool({...})) }`), nor when a function of the project's own returns it
 * (`function makeTool() { return tool({...}) }`): that key, or the key a call of the function is
 * the value of, may name it in a tool set.
 */
function handedOn(o: ts.Node): boolean {
  const p = o.parent;
  if (argumentOf(p, o)) return !ts.isPropertyAssignment(outer(p).parent);
  const fn = ts.isReturnStatement(p) ? ts.findAncestor(p, ts.isFunctionLike) : ts.isArrowFunction(p) && p.body === o ? p : undefined;
  if (!fn) return false;
  if (ts.isMethodDeclaration(fn)) return ts.isObjectLiteralExpression(fn.parent);
  const f = outer(fn);
  return (ts.isPropertyAssignment(f.parent) && f.parent.initializer === f) || argumentOf(f.parent, f);
}

/**
 * Names AI SDK tool values the way the AI SDK does: a tool's name is its key in the object of
 * tools (`{ weather: tool({...}) }`, a `tools` option, or a const referenced as
 * `{ weather: weatherTool }` or `{ weatherTool }` anywhere in `files`, imports followed). A
 * value used under several keys is one tool per key; a value that is never a property of an
 * object literal has no name that can be known statically, unless it is handed to a call or
 * returned by a callback (see {@link handedOn}): then it is no tool by itself.
 */
export function nameAiTools(
  calls: readonly ts.CallExpression[],
  files: readonly ts.SourceFile[],
  scope: Scope,
): Map<ts.CallExpression, AiNaming> {
  const out = new Map<ts.CallExpression, AiNaming>();
  const byDecl = new Map<ts.Node, ts.CallExpression>();
  for (const call of calls) {
    const o = outer(call);
    const p = o.parent;
    if (p && ts.isPropertyAssignment(p) && p.initializer === o) {
      const key = keyText(p.name);
      out.set(
        call,
        key !== undefined
          ? { names: [{ name: key, key: p }] }
          : { none: 'its key in the object of tools is computed, so its name is known only at runtime' },
      );
    } else if (p && ts.isVariableDeclaration(p) && p.initializer === o && ts.isIdentifier(p.name)) {
      byDecl.set(p, call);
      out.set(call, { names: [], variableName: p.name.text });
    } else {
      const how = handedOn(o);
      out.set(
        call,
        how ? { handedOn: how } : { none: 'it is not a property of an object of tools, and its name in the AI SDK is that key' },
      );
    }
  }
  if (byDecl.size === 0) return out;
  for (const sf of files) {
    const visit = (n: ts.Node): void => {
      let id: ts.Identifier | undefined;
      let key: string | undefined;
      // the key is the tool's name; the object's key order is the tool set's order
      if (ts.isShorthandPropertyAssignment(n)) [id, key] = [n.name, n.name.text];
      else if (ts.isPropertyAssignment(n) && ts.isIdentifier(outerExpr(n.initializer)))
        [id, key] = [outerExpr(n.initializer) as ts.Identifier, keyText(n.name)];
      if (id && key !== undefined) {
        const b = scope.lookup(id);
        const call = !(b instanceof NotStatic) && b.kind === 'expr' ? byDecl.get(b.decl) : undefined;
        const naming = call ? out.get(call) : undefined;
        if (naming && 'names' in naming && !naming.names.some((x) => x.name === key)) naming.names.push({ name: key, key: n });
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  for (const [decl, call] of byDecl) {
    const naming = out.get(call)!;
    if ('names' in naming && naming.names.length === 0)
      out.set(call, {
        none: `\`${(decl as ts.VariableDeclaration).name.getText()}\` is never a property of an object of tools in the analyzed files, and its name in the AI SDK is that key`,
      });
  }
  return out;
}

function outerExpr(e: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isNonNullExpression(e))
    e = e.expression;
  return e;
}
