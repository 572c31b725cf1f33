/** The module an import or export declaration names, if any. */

import { ts } from './ts-morph.cjs';

/**
 * The module an import or export declaration names (`'./x.js'` in `import { a } from './x.js'`),
 * or `undefined` when it names none (`export { a }`) or the specifier is not a string literal,
 * as in a file being edited or damaged (`import { a } from ;`). Takes the TypeScript node (a
 * ts-morph declaration's `compilerNode`). ts-morph's own `getModuleSpecifierValue()` throws on
 * such a file and a cast to a string literal reads `undefined` (found by `npm run soak`: seed 17
 * case 72, seed 2026 cases 973 and 2150: validate threw an internal error).
 */
export function moduleSpecifierOf(decl: ts.ImportDeclaration | ts.ExportDeclaration): string | undefined {
  const spec = decl.moduleSpecifier;
  return spec !== undefined && ts.isStringLiteral(spec) ? spec.text : undefined;
}
