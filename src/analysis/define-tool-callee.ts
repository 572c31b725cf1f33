/** Which calls of a file are agent-tools' `defineTool`, under the names the file gives it, read by syntax and imports only. */

import { unwrap } from './evaluate.js';
import { ts } from './ts-morph.cjs';

/** Whether the module specifier `spec` names agent-tools or one of its entry points (`agent-tools/ai`). */
export const isAgentTools = (spec: string): boolean => spec === 'agent-tools' || spec.startsWith('agent-tools/');

/** The names `sf` calls the real defineTool by: an alias imported from agent-tools, and namespaces of agent-tools (`ns.defineTool`). */
export function realDefineTool(sf: ts.SourceFile): { names: Set<string>; namespaces: Set<string> } {
  const names = new Set<string>();
  const namespaces = new Set<string>();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || !isAgentTools(st.moduleSpecifier.text)) continue;
    const b = st.importClause?.namedBindings;
    if (b && ts.isNamespaceImport(b)) namespaces.add(b.name.text);
    if (b && ts.isNamedImports(b)) for (const e of b.elements) if ((e.propertyName ?? e.name).text === 'defineTool') names.add(e.name.text);
  }
  return { names, namespaces };
}

/**
 * A test of whether a callee in `sf` is `defineTool`: any so named (`defineTool`, `at.defineTool`), or the real one
 * imported under another name (see {@link realDefineTool}). The approval readers take a call of it as a tool's definition.
 */
export function defineToolCallee(sf: ts.SourceFile): (callee: ts.Expression) => boolean {
  const real = realDefineTool(sf);
  return (c) => {
    c = unwrap(c);
    if (ts.isIdentifier(c)) return c.text === 'defineTool' || real.names.has(c.text);
    return ts.isPropertyAccessExpression(c) && c.name.text === 'defineTool';
  };
}
