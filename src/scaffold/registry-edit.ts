/** Adds tools to a tier file's array with ts-morph, merging their imports. */

import { moduleSpecifierOf } from '../analysis/module-specifier.js';
import { requireBindingIn, requireBindingsIn, requiredModule } from '../analysis/commonjs.js';
import { RegistryEditError } from './errors.js';
import type { ArrayLiteralExpression } from 'ts-morph';
import { IndentationText, Node, Project, QuoteKind, SyntaxKind, ts, type SourceFile } from '../analysis/ts-morph.cjs';

/** A tool to list in a tier file: the exported const and the module it comes from. */
export interface TierEntry {
  ident: string;
  /** Import specifier relative to the tier file, e.g. `./modify/set-font.js`. */
  importPath: string;
}

export { RegistryEditError };

/** An in-memory ts-morph project with the house's quote and indentation settings. */
export function project(): Project {
  return new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { quoteKind: QuoteKind.Single, indentationText: IndentationText.TwoSpaces },
  });
}

function importOf(sf: SourceFile, ident: string): string | undefined {
  const decl = sf
    .getImportDeclarations()
    .find((d) => d.getNamedImports().some((n) => (n.getAliasNode()?.getText() ?? n.getName()) === ident));
  return decl ? moduleSpecifierOf(decl.compilerNode) : undefined;
}

/** The module a file imports `ident` from (as a named import), or `undefined`. */
export function findImport(source: string, ident: string): string | undefined {
  return importOf(project().createSourceFile('/f.ts', source), ident);
}

/**
 * Inserts an import on its own line after the last import (after its trailing comment, which ts-morph's own insert would drop), or at the
 * top.
 */
function addImportLine(sf: SourceFile, line: string): void {
  const lastImport = sf.getImportDeclarations().at(-1);
  if (!lastImport) {
    sf.insertText(0, `${line}\n`);
    return;
  }
  const text = sf.getFullText();
  const eol = text.indexOf('\n', lastImport.getEnd());
  sf.insertText(eol === -1 ? text.length : eol, `\n${line}`);
}

/** The module a CommonJS file binds `ident` from by a module-level `require` (`const { ident } = require('m')`), or `undefined`. */
function requireOf(sf: SourceFile, ident: string): string | undefined {
  for (const st of sf.compilerNode.statements) {
    const binding = requireBindingIn(st, ident);
    if (binding) return binding.module;
  }
  return undefined;
}

/**
 * Binds `ident` from `module` in a CommonJS file: added to a module-level `const { ... } = require(module)` when there
 * is one, else a line `const { ident } = require(module);` after the last module-level require (or after a
 * `'use strict'` prologue, or at the top).
 */
function addRequire(sf: SourceFile, ident: string, module: string): void {
  const statements = sf.compilerNode.statements;
  for (const st of statements) {
    if (!ts.isVariableStatement(st)) continue;
    for (const d of st.declarationList.declarations) {
      if (!ts.isObjectBindingPattern(d.name) || requiredModule(d.initializer) !== module) continue;
      const last = d.name.elements.at(-1);
      if (last) sf.insertText(last.getEnd(), `, ${ident}`);
      else sf.insertText(d.name.getStart() + 1, ` ${ident} `);
      return;
    }
  }
  const line = `const { ${ident} } = require('${module}');`;
  const first = statements[0];
  const prologue = first && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression) ? first : undefined;
  const after = statements.filter((st) => requireBindingsIn(st).length > 0).at(-1) ?? prologue;
  if (!after) {
    sf.insertText(0, `${line}\n`);
    return;
  }
  const text = sf.getFullText();
  const eol = text.indexOf('\n', after.getEnd());
  sf.insertText(eol === -1 ? text.length : eol, `\n${line}`);
}

/**
 * Adds `entries` to the array literal `findArray()` returns in `sf`: one named import per
 * tool (merged into an existing import of the same module) and one element per tool at the
 * end of the array. Tools already imported and listed are left alone, so running it twice
 * changes nothing. Every other statement, comment and blank line of the file is kept.
 * `findArray` is called again after each edit (ts-morph forgets nodes an edit replaces).
 * In a CommonJS file (`commonJs`) each tool is bound by `require` instead:
 * `const { listUsersTool } = require('./read/list-users.js');`.
 *
 * @throws {RegistryEditError} when the file imports (or requires) a tool's const from another module.
 */
export function addEntries(
  sf: SourceFile,
  fileName: string,
  findArray: () => ArrayLiteralExpression,
  entries: readonly TierEntry[],
  commonJs = false,
): void {
  for (const entry of entries) {
    const from = commonJs ? requireOf(sf, entry.ident) : importOf(sf, entry.ident);
    if (from !== undefined && from !== entry.importPath) {
      throw new RegistryEditError(
        `${fileName}: already ${commonJs ? 'requires' : 'imports'} ${entry.ident} from '${from}', not '${entry.importPath}'; rename the tool or remove the old ${commonJs ? 'require' : 'import'}`,
      );
    }
    if (commonJs) {
      if (from === undefined) addRequire(sf, entry.ident, entry.importPath);
    } else {
      const existing = sf.getImportDeclaration((d) => moduleSpecifierOf(d.compilerNode) === entry.importPath);
      if (!existing) addImportLine(sf, `import { ${entry.ident} } from '${entry.importPath}';`);
      else if (!existing.getNamedImports().some((n) => (n.getAliasNode()?.getText() ?? n.getName()) === entry.ident))
        existing.addNamedImport(entry.ident);
    }
    const literal = findArray();
    const listed = literal.getElements().some((e) => e.getText() === entry.ident);
    // an empty tier array declared on its own gets one tool a line; `{ core: [a], extended: [] }` stays on its line
    const empty = literal.getElements().length === 0 && !Node.isPropertyAssignment(literal.getParent());
    if (!listed) literal.addElement(entry.ident, { useNewLines: literal.getText().includes('\n') || empty });
  }
  // house style: a multi-line array ends with a trailing comma, like the generated tool files
  const literal = findArray();
  const last = literal.getElements().at(-1);
  if (last && literal.getText().includes('\n') && !last.getNextSiblingIfKind(SyntaxKind.CommaToken)) sf.insertText(last.getEnd(), ',');
}

/** The array literal a declaration's initializer is or holds (`[...]`, `[...] as const`, `[...] satisfies X`). */
export function arrayIn(init: Node | undefined): ArrayLiteralExpression | undefined {
  return init && Node.isArrayLiteralExpression(init) ? init : init?.getFirstDescendantByKind(SyntaxKind.ArrayLiteralExpression);
}

/**
 * Adds tools to a tier file (`registry-core.ts` or `registry-extended.ts`) with ts-morph:
 * see {@link addEntries}; the array is the one `constName` is declared with.
 *
 * @param source the file's current text; `fileName` is used in error messages only.
 * @returns the new text.
 * @throws {RegistryEditError} when the file has no `const <constName> = [...]`, or imports
 *   a tool's const from another module.
 */
export function addToTier(source: string, fileName: string, constName: string, entries: readonly TierEntry[]): string {
  const sf = project().createSourceFile('/tier.ts', source);
  const findArray = () => arrayIn(sf.getVariableDeclaration(constName)?.getInitializer());
  if (!findArray())
    throw new RegistryEditError(
      `${fileName}: expected \`export const ${constName} = [...]\` (an array literal) to add the tool to; add it, or list the tool by hand`,
    );
  addEntries(sf, fileName, () => findArray()!, entries);
  return sf.getFullText();
}
