/** Every place an adapter factory is called in the analyzed files, with the option names given to it. */

import { ADAPTER_FACTORIES, isOwnFunction } from '../analysis/adapter-factories.js';
import { calleeName } from '../analysis/api-calls.js';
import { Node, SyntaxKind, type CallExpression, type ObjectLiteralExpression } from '../analysis/ts-morph.cjs';
import type { Analysis } from '../analysis/types.js';

export { ADAPTER_FACTORIES };

/** One place an adapter is created, with the option names given to it. */
export interface AdapterCall {
  factory: (typeof ADAPTER_FACTORIES)[number];
  call: CallExpression;
  /** The option property names, or `undefined` when they cannot be known statically (a spread of a non-constant, a variable). */
  options: Set<string> | undefined;
}

const cache = new WeakMap<Analysis, AdapterCall[]>();

function objectOf(node: Node | undefined, depth = 0): ObjectLiteralExpression | undefined {
  if (!node || depth > 5) return undefined;
  if (Node.isObjectLiteralExpression(node)) return node;
  if (Node.isParenthesizedExpression(node) || Node.isAsExpression(node) || Node.isSatisfiesExpression(node))
    return objectOf(node.getExpression(), depth + 1);
  if (Node.isIdentifier(node)) {
    // Same-file constants only, found by syntax: the analysis project has no type checker to spare.
    const decl = node.getSourceFile().getVariableDeclaration(node.getText());
    // VariableDeclarationKind.Const is the string 'const'; the enum is a value of ts-morph, imported here as types only
    // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-comparison
    if (decl && decl.getVariableStatement()?.getDeclarationKind() === 'const') return objectOf(decl.getInitializer(), depth + 1);
  }
  return undefined;
}

function optionNames(obj: ObjectLiteralExpression, depth = 0): Set<string> | undefined {
  const names = new Set<string>();
  for (const prop of obj.getProperties()) {
    if (Node.isSpreadAssignment(prop)) {
      const inner = objectOf(prop.getExpression());
      const more = inner && depth < 5 ? optionNames(inner, depth + 1) : undefined;
      if (!more) return undefined;
      for (const n of more) names.add(n);
    } else if (Node.isPropertyAssignment(prop) || Node.isShorthandPropertyAssignment(prop) || Node.isMethodDeclaration(prop)) {
      names.add(prop.getName().replace(/^['"]|['"]$/g, ''));
    }
  }
  return names;
}

/** Every call of an adapter factory in the analyzed files, in file and source order (memoized per analysis). */
export function adapterCalls(analysis: Analysis): AdapterCall[] {
  const hit = cache.get(analysis);
  if (hit) return hit;
  const out: AdapterCall[] = [];
  for (const sf of analysis.sourceFiles) {
    // Most files create no adapter: skip walking (and wrapping) their syntax trees.
    const text = sf.getFullText();
    if (!ADAPTER_FACTORIES.some((f) => text.includes(f))) continue;
    for (const call of sf.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      const callee = call.getExpression();
      const name = calleeName(callee.compilerNode) ?? '';
      const factory = ADAPTER_FACTORIES.find((f) => f === name);
      if (!factory || (Node.isIdentifier(callee) && isOwnFunction(sf.compilerNode, name))) continue;
      const arg = call.getArguments()[1];
      const obj = arg ? objectOf(arg) : undefined;
      out.push({ factory, call, options: arg === undefined ? new Set() : obj ? optionNames(obj) : undefined });
    }
  }
  cache.set(analysis, out);
  return out;
}
