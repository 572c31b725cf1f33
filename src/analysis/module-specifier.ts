import { ts } from './ts-morph.cjs';
import type { ExportDeclaration, ImportDeclaration } from 'ts-morph';

/**
 * The module an import or export declaration names (`'./x.js'` in `import { a } from './x.js'`),
 * or `undefined` when it names none (`export { a }`) or the specifier is not a string literal,
 * as in a file being edited or damaged (`import { a } from ;`). ts-morph's own
 * `getModuleSpecifierValue()` throws on the latter (found by `npm run soak -- --seed 2026`,
 * cases 973 and 2150: validate threw an internal error).
 */
export function moduleSpecifierOf(decl: ImportDeclaration | ExportDeclaration): string | undefined {
  const spec = decl.compilerNode.moduleSpecifier;
  return spec !== undefined && ts.isStringLiteral(spec) ? spec.text : undefined;
}
