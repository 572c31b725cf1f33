/** Our adapter factories by name, and how a call of one is told from a toolbox's own function of that name. */

import { ADAPTER_LIST } from '../core/adapter-list.js';
import { moduleSpecifierOf } from './module-specifier.js';
import { ts } from './ts-morph.cjs';

/** The factories of our adapters (`toolsToAI` from `agent-tools/ai`, ...), from the adapter list. */
export const ADAPTER_FACTORIES = ADAPTER_LIST.flatMap((a) => ('factory' in a ? [a.factory] : []));

/**
 * Whether `name` in `sf` is the toolbox's own function rather than ours: imported (by that local
 * name) from a module other than `agent-tools/*`, or declared at the top of the file. A call of it
 * is judged at its definition (`analysis.adapters`), not as one of our factories.
 */
export function isOwnFunction(sf: ts.SourceFile, name: string): boolean {
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st)) continue;
    const named = st.importClause?.namedBindings;
    if (!named || !ts.isNamedImports(named) || !named.elements.some((e) => e.name.text === name)) continue;
    return !/^agent-tools(\/|$)/.test(moduleSpecifierOf(st) ?? '');
  }
  return sf.statements.some(
    (st) =>
      (ts.isFunctionDeclaration(st) && st.name?.text === name) ||
      (ts.isVariableStatement(st) && st.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name)),
  );
}
