/** The modules project code loads at run time, to find imports of code no reader sees: a file not in the repository, a package. */

import { parseTextAlone } from '../analysis/parse-depth.js';
import { ts } from '../analysis/ts-morph.cjs';

/** One module a source file loads at run time: its specifier as written, at the 1-based line and column of the string. */
export interface ModuleLoad {
  specifier: string;
  line: number;
  column: number;
}

/** Whether an import declaration brings in types only (`import type`, or `import { type A, type B }`), which the compiler drops. */
function typeOnly(n: ts.ImportDeclaration): boolean {
  const clause = n.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return clause.name === undefined && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0
    ? named.elements.every((e) => e.isTypeOnly)
    : false;
}

/**
 * The modules the JavaScript or TypeScript source `text` (at `path`) loads at run time, in the order written: an `import` or
 * `export ... from` declaration (not `import type`, `export type`, nor one of type-only names), `import x = require(...)`, and
 * an `import()` or `require()` call, each whose specifier is a string literal. A declaration file (`.d.ts`) loads none, nor
 * does a file that does not parse.
 */
export function moduleLoads(path: string, text: string): ModuleLoad[] {
  if (/\.d\.[cm]?ts$/.test(path) || !/\bimport\b|\brequire\s*\(|\bexport\b/.test(text)) return [];
  const sf = parseTextAlone(path, text);
  if (!sf) return [];
  const out: ModuleLoad[] = [];
  const add = (spec: ts.Node | undefined) => {
    if (!spec || !ts.isStringLiteralLike(spec)) return;
    const { line, character } = sf.getLineAndCharacterOfPosition(spec.getStart(sf));
    out.push({ specifier: spec.text, line: line + 1, column: character + 1 });
  };
  const visit = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n)) {
      if (!typeOnly(n)) add(n.moduleSpecifier);
    } else if (ts.isExportDeclaration(n)) {
      if (!n.isTypeOnly) add(n.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(n)) {
      if (!n.isTypeOnly && ts.isExternalModuleReference(n.moduleReference)) add(n.moduleReference.expression);
    } else if (
      ts.isCallExpression(n) &&
      (n.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(n.expression) && n.expression.text === 'require'))
    )
      add(n.arguments[0]);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** The package a bare specifier names (`housekeep` for `housekeep/run.js`, `@acme/ops` for `@acme/ops/x`), else `undefined`. */
export function packageOf(specifier: string): string | undefined {
  if (/^(?:\.|\/|#|[a-z][\w+.-]*:)/i.test(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}
