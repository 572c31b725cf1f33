/** The CommonJS forms the analysis reads by syntax: module-level `require` bindings and `module.exports`/`exports.x` assignments. */

import { ts } from './ts-morph.cjs';

/** A module-level name bound by `require`: the module specifier and the name taken from it (`*` for the whole module). */
export interface RequireBinding {
  module: string;
  imported: string;
  /** The declaration that binds the name (a variable declaration or `import x = require()`). */
  decl: ts.Node;
}

function unwrapped(e: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isNonNullExpression(e))
    e = e.expression;
  return e;
}

/** The module `e` requires when it is `require('m')` (a string literal argument), else `undefined`. */
export function requiredModule(e: ts.Expression | undefined): string | undefined {
  if (!e) return undefined;
  const call = unwrapped(e);
  if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || call.expression.text !== 'require') return undefined;
  const [arg] = call.arguments;
  return call.arguments.length === 1 && arg && ts.isStringLiteralLike(arg) ? arg.text : undefined;
}

/**
 * The names one module-level statement binds by `require`: `const x = require('m')` (`*`),
 * `const { a, b: c } = require('m')` (`a` as `a`, `b` as `c`), `const a = require('m').a` (`a`)
 * and TypeScript's `import x = require('m')` (`*`). A name bound deeper in a pattern, or with a
 * default value, is not a plain require binding and is left out.
 */
export function requireBindingsIn(st: ts.Statement): (RequireBinding & { local: string })[] {
  if (ts.isImportEqualsDeclaration(st)) {
    const ref = st.moduleReference;
    if (st.isTypeOnly || !ts.isExternalModuleReference(ref) || !ts.isStringLiteralLike(ref.expression)) return [];
    return [{ local: st.name.text, module: ref.expression.text, imported: '*', decl: st }];
  }
  if (!ts.isVariableStatement(st)) return [];
  const out: (RequireBinding & { local: string })[] = [];
  for (const d of st.declarationList.declarations) {
    if (!d.initializer) continue;
    if (ts.isIdentifier(d.name)) {
      const whole = requiredModule(d.initializer);
      const init = unwrapped(d.initializer);
      const member = ts.isPropertyAccessExpression(init) && ts.isIdentifier(init.name) ? requiredModule(init.expression) : undefined;
      if (whole !== undefined) out.push({ local: d.name.text, module: whole, imported: '*', decl: d });
      else if (member !== undefined && ts.isPropertyAccessExpression(init))
        out.push({ local: d.name.text, module: member, imported: init.name.text, decl: d });
      continue;
    }
    const module = requiredModule(d.initializer);
    if (module === undefined || !ts.isObjectBindingPattern(d.name)) continue;
    for (const el of d.name.elements) {
      if (el.dotDotDotToken || el.initializer || !ts.isIdentifier(el.name)) continue;
      const key = el.propertyName ?? el.name;
      if (ts.isIdentifier(key) || ts.isStringLiteral(key)) out.push({ local: el.name.text, module, imported: key.text, decl: d });
    }
  }
  return out;
}

/** The binding of `name` by a `require` in one module-level statement (see {@link requireBindingsIn}), or `undefined`. */
export function requireBindingIn(st: ts.Statement, name: string): RequireBinding | undefined {
  if (!ts.isVariableStatement(st) && !ts.isImportEqualsDeclaration(st)) return undefined;
  return requireBindingsIn(st).find((b) => b.local === name);
}

const requiring = new WeakMap<ts.SourceFile, boolean>();

/** Whether `sf` may bind a name by `require` (its text holds the word), remembered per file: most files do not. */
export function mayRequire(sf: ts.SourceFile): boolean {
  let found = requiring.get(sf);
  if (found === undefined) requiring.set(sf, (found = sf.text.includes('require')));
  return found;
}

/** Every module-level `require` binding of `sf` (see {@link requireBindingsIn}), in source order. */
export function requireBindingsOf(sf: ts.SourceFile): (RequireBinding & { local: string })[] {
  return mayRequire(sf) ? sf.statements.flatMap(requireBindingsIn) : [];
}

/** The modules `sf` requires at any depth (`require('m')` with a string literal), with the call that names each. */
export function requireCalls(sf: ts.SourceFile): { module: string; call: ts.CallExpression }[] {
  const out: { module: string; call: ts.CallExpression }[] = [];
  if (!sf.text.includes('require')) return out;
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n)) {
      const module = requiredModule(n);
      if (module !== undefined) out.push({ module, call: n });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** Whether `e` is `module.exports`. */
function isModuleExports(e: ts.Expression): boolean {
  return ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'module' && e.name.text === 'exports';
}

/** One name a file exports by CommonJS assignment, and the node that gives its value. */
export interface CommonJsExport {
  name: string;
  /** The value: an expression, a shorthand property (`module.exports = { a }`) or a method of the exported object. */
  value: ts.Expression | ts.ShorthandPropertyAssignment | ts.MethodDeclaration;
  /** The assignment statement. */
  at: ts.Statement;
}

/**
 * What a file exports by CommonJS assignments at module level, by syntax: `module.exports = X` or
 * TypeScript's `export = X` (`whole`, which `require` returns and an ES import sees as the default), the properties of
 * `module.exports = { a, b: c, m() {} }`, and `exports.a = ...` / `module.exports.a = ...`.
 * A later assignment of a name wins, as at run time.
 */
export function commonJsExports(sf: ts.SourceFile): CommonJsExports {
  let found = exportsByFile.get(sf);
  if (!found) exportsByFile.set(sf, (found = readCommonJsExports(sf)));
  return found;
}

/** What {@link commonJsExports} returns. */
export interface CommonJsExports {
  /** The value of `module.exports = X` (or TypeScript's `export = X`): what `require` returns. */
  whole?: ts.Expression;
  /** The statement that assigns {@link whole}. */
  wholeAt?: ts.Statement;
  names: Map<string, CommonJsExport>;
}

const exportsByFile = new WeakMap<ts.SourceFile, CommonJsExports>();

function readCommonJsExports(sf: ts.SourceFile): CommonJsExports {
  const names = new Map<string, CommonJsExport>();
  let whole: { value: ts.Expression; at: ts.Statement } | undefined;
  if (!sf.text.includes('export')) return { names };
  for (const st of sf.statements) {
    // TypeScript's `export = X` compiles to `module.exports = X`
    const assigned = ts.isExportAssignment(st) && st.isExportEquals ? { left: undefined, right: st.expression } : assignmentOf(st);
    if (!assigned) continue;
    const { left, right } = assigned;
    if (!left || isModuleExports(left)) {
      whole = { value: right, at: st };
      names.clear();
      const obj = unwrapped(right);
      if (!ts.isObjectLiteralExpression(obj)) continue;
      for (const p of obj.properties) {
        const key = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;
        if (key === undefined) continue;
        if (ts.isPropertyAssignment(p)) names.set(key, { name: key, value: p.initializer, at: st });
        else if (ts.isShorthandPropertyAssignment(p) || ts.isMethodDeclaration(p)) names.set(key, { name: key, value: p, at: st });
      }
      continue;
    }
    if (!ts.isPropertyAccessExpression(left) || !ts.isIdentifier(left.name)) continue;
    const target = left.expression;
    if ((ts.isIdentifier(target) && target.text === 'exports') || isModuleExports(target))
      names.set(left.name.text, { name: left.name.text, value: right, at: st });
  }
  return whole ? { whole: whole.value, wholeAt: whole.at, names } : { names };
}

/** `left = right` as a statement of its own, or `undefined`. */
function assignmentOf(st: ts.Statement): { left: ts.Expression; right: ts.Expression } | undefined {
  if (!ts.isExpressionStatement(st) || !ts.isBinaryExpression(st.expression)) return undefined;
  const { left, right, operatorToken } = st.expression;
  return operatorToken.kind === ts.SyntaxKind.EqualsToken ? { left, right } : undefined;
}

/**
 * Whether `sf` is written as CommonJS: a `.cjs` file, or one with no `import`/`export` statement
 * that binds a name by `require` or assigns `module.exports`/`exports.x`. An edit that adds an
 * import must then write a `require` (or leave it for a person).
 */
export function isCommonJsSyntax(sf: ts.SourceFile): boolean {
  if (sf.fileName.endsWith('.cjs')) return true;
  const esm = (st: ts.Statement) =>
    ts.isImportDeclaration(st) || ts.isExportDeclaration(st) || (ts.isExportAssignment(st) && !st.isExportEquals);
  if (sf.statements.some(esm)) return false;
  const cjs = commonJsExports(sf);
  return cjs.whole !== undefined || cjs.names.size > 0 || requireCalls(sf).length > 0;
}
