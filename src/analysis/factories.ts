/** Finds tools made by factory functions that wrap `defineTool` (`export const e = makeTool('e')`). */

import { ts } from './ts-morph.cjs';
import { calleeName, position } from './extract.js';
import { functionName, NotStatic, type Scope } from './scope.js';
import type { Diagnostic } from './types.js';

/**
 * Reports tools made by factories: module-level calls of a function that wraps a
 * defineTool call (`export const e = makeTool('e')`). Their values are known only when the
 * function runs, so each call gets a `factory-call` diagnostic at its own position. A
 * factory that is never called at module level in the analyzed files gets one diagnostic
 * on its inner defineTool call instead, so it never vanishes silently.
 *
 * A factory named in `callees` (`--callee makeTool`) is read as defineTool itself: its calls are the
 * tools' definitions, and neither they nor the factory are reported.
 *
 * @param factories function-like node → the first defineTool call inside it.
 */
export function findFactoryCalls(
  files: readonly ts.SourceFile[],
  all: Map<ts.Node, ts.CallExpression>,
  scope: Scope,
  display: (sf: ts.SourceFile) => string,
  callees: ReadonlySet<string> = new Set(),
): Diagnostic[] {
  const factories = new Map([...all].filter(([fn]) => !callees.has(bareName(fn))));
  if (factories.size === 0) return [];
  const names = new Set<string>();
  for (const fn of factories.keys()) {
    const n = bareName(fn);
    if (n !== '') names.add(n);
  }
  const called = new Set<ts.Node>();
  const out: Diagnostic[] = [];
  for (const sf of files) {
    if (![...names].some((n) => sf.text.includes(n))) continue;
    const visit = (n: ts.Node): void => {
      if (ts.isFunctionLike(n)) return;
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && names.has(n.expression.text)) {
        const b = scope.lookup(n.expression);
        const fn = b instanceof NotStatic ? undefined : b.kind === 'function' ? b.node : b.kind === 'expr' ? b.expr : undefined;
        const inner = fn ? factories.get(fn) : undefined;
        if (fn && inner) {
          called.add(fn);
          const at = position(n, display(sf));
          const def = position(inner, display(inner.getSourceFile()));
          out.push({
            code: 'factory-call',
            message: `\`${n.expression.text}(...)\` makes a tool by calling a function that wraps ${calleeName(inner)}() (at ${def.file}:${def.line}:${def.column}); its values are known only at runtime, so the tool is left out. Consider calling ${calleeName(inner)}() directly with literal values`,
            ...at,
          });
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  for (const [fn, inner] of factories) {
    if (called.has(fn)) continue;
    const at = position(inner, display(inner.getSourceFile()));
    out.push({
      code: 'factory-call',
      message: `${calleeName(inner)}() is called inside ${functionName(fn as ts.SignatureDeclaration)}, so the tools it makes are known only at runtime and are left out. Consider a module-level ${calleeName(inner)}() call with literal values`,
      ...at,
    });
  }
  return out.sort((a, b) => (a.file === b.file ? a.line - b.line || a.column - b.column : a.file < b.file ? -1 : 1));
}

/** A function's own name (`makeTool`), or '' for one with none. */
function bareName(fn: ts.Node): string {
  const n = functionName(fn as ts.SignatureDeclaration);
  return n.startsWith('`') ? n.slice(1, -1) : '';
}
