/** Imports of agent-tools' own files by path, past the entry points its package.json exports. */

import { ts } from './ts-morph.cjs';

/** A specifier that reaches a file of the agent-tools package itself: `../node_modules/agent-tools/dist/...`, `agent-tools/dist/...`. */
const INTERNAL = /(?:^|\/)node_modules\/agent-tools\/|^agent-tools\/(?:dist|src)\//;

/**
 * The imports in `sf` of agent-tools' internal files (an `import`/`export ... from`, `import()`
 * or `require()` whose string names one, see {@link INTERNAL}), each node with its specifier.
 * The package's exports map keeps those files out of reach of a bare import, and with them the
 * keys its adapters use among themselves (the approval verdict of a call); a path into
 * `node_modules` reaches them anyway, so code that does may skip approval unseen.
 */
export function internalImports(sf: ts.SourceFile): { node: ts.Node; specifier: string }[] {
  if (!sf.text.includes('agent-tools/')) return [];
  const out: { node: ts.Node; specifier: string }[] = [];
  const visit = (n: ts.Node): void => {
    let spec: ts.Expression | undefined;
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier) spec = n.moduleSpecifier;
    else if (
      ts.isCallExpression(n) &&
      (n.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(n.expression) && n.expression.text === 'require'))
    )
      spec = n.arguments[0];
    if (spec && ts.isStringLiteralLike(spec) && INTERNAL.test(spec.text)) out.push({ node: spec, specifier: spec.text });
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}
