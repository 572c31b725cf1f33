/** The fix that registers an unregistered tool in the extended tier, with its import. */

import { dirname, extname, relative, resolve } from 'node:path';
import { ts } from '../../analysis/ts-morph.cjs';
import type { Analysis, ExtractedTool, RegistryList } from '../../analysis/types.js';
import { sourceFileOf } from '../ast.js';
import type { Fix, TextEdit } from '../types.js';
import { appendToList, insertAt, onOtherLines, statementOf, toolSite } from './nodes.js';
import { moduleSpecifierOf } from '../../analysis/module-specifier.js';
import { isCommonJsSyntax } from '../../analysis/commonjs.js';

/** The array literal a registry list is written as (`const EXTENDED_TOOLS = [...]`, `extended: [...]`), or `undefined`. */
function listArray(sf: ts.SourceFile, list: RegistryList): ts.ArrayLiteralExpression | undefined {
  const pos = ts.getPositionOfLineAndCharacter(sf, list.line - 1, list.column - 1);
  let found: ts.ArrayLiteralExpression | undefined;
  const visit = (n: ts.Node): void => {
    if (found || n.end <= pos || n.pos > pos) return;
    if ((ts.isVariableDeclaration(n) || ts.isPropertyAssignment(n)) && n.getStart(sf) === pos && n.initializer) {
      let init: ts.Expression = n.initializer;
      while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)) init = init.expression;
      if (ts.isArrayLiteralExpression(init)) found = init;
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

const strip = (p: string) => p.slice(0, p.length - extname(p).length);

/** The specifier for importing `toolFile` from `listFile`, in the style of the file's other relative imports (`.js`, `.ts` or none). */
function specifierFor(sf: ts.SourceFile, imports: ts.ImportDeclaration[], toolFile: string): string {
  let rel = relative(dirname(sf.fileName), toolFile).split('\\').join('/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  const relatives = imports.flatMap((i) => moduleSpecifierOf(i) ?? []).filter((s) => s.startsWith('.'));
  if (relatives.some((s) => /\.[mc]?ts$/.test(s))) return rel;
  if (relatives.length > 0 && relatives.every((s) => extname(s) === '')) return strip(rel);
  return strip(rel) + ({ '.mts': '.mjs', '.tsx': '.jsx' }[extname(rel)] ?? '.js');
}

/**
 * The fix that registers `tool` in the extended tier: its exported name appended to the
 * extended list's array, with an import of it in the list's file when it is defined in
 * another one (added to an import of that module, else a new line after the last import,
 * quotes, `.js` extensions and semicolons as the file's other imports write them).
 * `undefined` when there is no extended list written as an array, the tool is not
 * exported by name, the name is taken in the list's file, or that file is CommonJS and the
 * tool is defined in another one.
 */
export function registerToolFix(analysis: Analysis, tool: ExtractedTool, extended: RegistryList | undefined): Fix | undefined {
  const listSource = extended && sourceFileOf(analysis, extended.file)?.compilerNode;
  const array = listSource && listArray(listSource, extended);
  const site = toolSite(analysis, tool);
  if (!listSource || !array || !site || !tool.variableName) return undefined;
  const sf = listSource;
  const edits: TextEdit[] = [];
  let local = tool.variableName;
  if (site.sf !== sf) {
    // an `import` line in a CommonJS file would not run: that import is left for a person
    if (isCommonJsSyntax(sf)) return undefined;
    const exported = tool.exportNames.find((n) => n !== 'default');
    if (!exported) return undefined;
    const imports = sf.statements.filter(ts.isImportDeclaration);
    const sameModule = imports.find((i) => {
      const m = moduleSpecifierOf(i);
      return m !== undefined && m.startsWith('.') && strip(resolve(dirname(sf.fileName), m)) === strip(site.sf.fileName);
    });
    const named = sameModule?.importClause?.namedBindings;
    const existing =
      named && ts.isNamedImports(named) ? named.elements.find((e) => (e.propertyName ?? e.name).text === exported) : undefined;
    if (existing) local = existing.name.text;
    else {
      local = exported;
      if (declaresName(sf, local)) return undefined;
      if (named && ts.isNamedImports(named) && named.elements.length > 0 && !sameModule.importClause.isTypeOnly) {
        edits.push(insertAt(extended.file, named.elements[named.elements.length - 1]!.end, `, ${local}`));
      } else {
        const model = imports[imports.length - 1];
        const quote = model ? sf.text[model.moduleSpecifier.getStart(sf)] : "'";
        const semi = !model || model.getText(sf).trimEnd().endsWith(';') ? ';' : '';
        const line = `import { ${local} } from ${quote}${specifierFor(sf, imports, site.sf.fileName)}${quote}${semi}`;
        edits.push(model ? insertAt(extended.file, model.end, `\n${line}`) : insertAt(extended.file, 0, `${line}\n`));
      }
    }
  } else if (statementOf(site.call).pos > array.pos) return undefined; // used before it is defined
  if (array.elements.some((e) => ts.isIdentifier(e) && e.text === local)) return undefined;
  const last = array.elements[array.elements.length - 1];
  if (last) edits.push(appendToList(extended.file, sf, last, local, onOtherLines(sf.text, array.getStart(sf), last.getStart(sf))));
  else edits.push(insertAt(extended.file, array.getStart(sf) + 1, local));
  return {
    before: `not in ${extended.declaredAs}`,
    after: `${extended.declaredAs}: [..., ${local}]${edits.length > 1 ? ` (import added in ${extended.file})` : ''}`,
    edits,
  };
}

/** Whether a top-level declaration or import of `sf` binds `name`. */
function declaresName(sf: ts.SourceFile, name: string): boolean {
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st)) {
      const c = st.importClause;
      if (c?.name?.text === name) return true;
      const b = c?.namedBindings;
      if (b && (ts.isNamespaceImport(b) ? b.name.text === name : b.elements.some((e) => e.name.text === name))) return true;
    } else if (ts.isVariableStatement(st)) {
      if (st.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name)) return true;
    } else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isEnumDeclaration(st)) && st.name?.text === name)
      return true;
  }
  return false;
}
