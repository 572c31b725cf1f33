/** Which package import binds a local name (`import { z } from 'zod'`, namespaces, defaults, renames and CommonJS `require`). */

import { mayRequire, requireBindingIn } from './commonjs.js';
import { ts } from './ts-morph.cjs';

/** What a local name is bound to by an import of a package: the module specifier and the imported name (`*` for a namespace). */
export interface PackageImport {
  module: string;
  imported: string;
}

/**
 * The package import that binds `id` in its file (`import { z } from 'zod'`,
 * `import * as z from 'zod'`, `import z from 'zod'`, `import { tool as t } from 'ai'`, and in
 * CommonJS `const { z } = require('zod')`, `const z = require('zod')` as a namespace), or
 * `undefined` when the name is declared otherwise (a local shadows nothing here: only
 * module-level imports are read, which is where packages are imported).
 */
export function packageImportOf(id: ts.Identifier): PackageImport | undefined {
  const sf = id.getSourceFile();
  const cjs = mayRequire(sf);
  for (const st of sf.statements) {
    const required = cjs ? requireBindingIn(st, id.text) : undefined;
    if (required && !required.module.startsWith('.') && !required.module.startsWith('/'))
      return { module: required.module, imported: required.imported };
    if (!ts.isImportDeclaration(st) || !st.importClause || st.importClause.isTypeOnly || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const module = st.moduleSpecifier.text;
    if (module.startsWith('.') || module.startsWith('/')) continue;
    const clause = st.importClause;
    if (clause.name?.text === id.text) return { module, imported: 'default' };
    const nb = clause.namedBindings;
    if (nb && ts.isNamespaceImport(nb) && nb.name.text === id.text) return { module, imported: '*' };
    if (nb && ts.isNamedImports(nb)) {
      const spec = nb.elements.find((e) => e.name.text === id.text && !e.isTypeOnly);
      if (spec) return { module, imported: (spec.propertyName ?? spec.name).text };
    }
  }
  return undefined;
}
