/** Resolves identifiers to declarations by syntax alone, following imports and re-exports across files. */

import { ts } from './ts-morph.cjs';
import { moduleSpecifierOf } from './module-specifier.js';
import { commonJsExports, mayRequire, requireBindingIn, type RequireBinding } from './commonjs.js';

/** Why a value cannot be known without running code, and the node that makes it so. */
export class NotStatic {
  constructor(
    readonly node: ts.Node,
    readonly reason: string,
  ) {}
}

/**
 * What an identifier stands for, found by syntax alone:
 * - `expr`: the initializer of a `const` (or a never-reassigned `let`/`var`), or an
 *   `export default` expression, possibly in another file.
 * - `function`: a function declaration (e.g. a factory wrapping defineTool).
 * - `namespace`: an `import * as ns` of a source file.
 * - `global`: no declaration in scope (e.g. `undefined`).
 */
export type Binding =
  | { kind: 'expr'; expr: ts.Expression; decl: ts.Node }
  | { kind: 'function'; node: ts.FunctionLikeDeclaration }
  | { kind: 'namespace'; file: ts.SourceFile }
  | { kind: 'global'; name: string };

const text = (n: ts.Node) => n.getText(n.getSourceFile());

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []).some((m) => m.kind === kind) : false;
}

function bindsName(name: ts.BindingName, id: string): boolean {
  if (ts.isIdentifier(name)) return name.text === id;
  return name.elements.some((e) => !ts.isOmittedExpression(e) && bindsName(e.name, id));
}

/**
 * What a {@link Scope} needs to follow an import: the parsed source file a specifier names from a
 * file (`ModuleResolver`, which adds it to the analysis project, or a reader of single files).
 */
export interface SourceFiles {
  resolve(fromFile: string, specifier: string): { readonly compilerNode: ts.SourceFile } | undefined;
  /** Why a specifier that names a file is still not read (conditions that depend on how the process starts), if so. */
  unreadWhy?(fromFile: string, specifier: string): string | undefined;
}

/** Resolves identifiers to declarations and follows imports and re-exports across files. */
export class Scope {
  private readonly assigned = new Map<ts.Node, Set<string>>();

  constructor(private readonly resolver: SourceFiles) {}

  /** The binding of identifier `id` as seen from its position. */
  lookup(id: ts.Identifier): Binding | NotStatic {
    const name = id.text;
    for (let n: ts.Node | undefined = id.parent; n; n = n.parent) {
      if (ts.isFunctionLike(n)) {
        const p = n.parameters.find((param) => bindsName(param.name, name));
        if (p)
          return new NotStatic(id, `\`${name}\` is a parameter of ${functionName(n)}; its value is known only when the function is called`);
      }
      if (
        (ts.isForStatement(n) || ts.isForOfStatement(n) || ts.isForInStatement(n)) &&
        n.initializer &&
        ts.isVariableDeclarationList(n.initializer) &&
        n.initializer.declarations.some((d) => bindsName(d.name, name))
      )
        return new NotStatic(id, `\`${name}\` is a loop variable; its value changes while the code runs`);
      if (ts.isCatchClause(n) && n.variableDeclaration && bindsName(n.variableDeclaration.name, name))
        return new NotStatic(id, `\`${name}\` is a caught error`);
      const statements =
        ts.isSourceFile(n) || ts.isBlock(n) || ts.isModuleBlock(n) || ts.isCaseClause(n) || ts.isDefaultClause(n)
          ? n.statements
          : undefined;
      if (!statements) continue;
      const found = this.findIn(statements, name, n, id);
      if (found) return found;
    }
    return { kind: 'global', name };
  }

  private findIn(statements: ts.NodeArray<ts.Statement>, name: string, container: ts.Node, at: ts.Node): Binding | NotStatic | undefined {
    const cjs = statements.length > 0 && mayRequire(statements[0]!.getSourceFile());
    for (const st of statements) {
      const required = cjs && (ts.isVariableStatement(st) || ts.isImportEqualsDeclaration(st)) ? requireBindingIn(st, name) : undefined;
      if (required) return this.fromRequire(required, name, at);
      if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) {
          if (!bindsName(d.name, name)) continue;
          if (!ts.isIdentifier(d.name))
            return new NotStatic(at, `\`${name}\` comes from a destructuring pattern, which is not evaluated statically`);
          return this.variable(d, container, at);
        }
      } else if (ts.isFunctionDeclaration(st) && st.name?.text === name) return { kind: 'function', node: st };
      else if ((ts.isClassDeclaration(st) || ts.isEnumDeclaration(st)) && st.name?.text === name)
        return new NotStatic(
          at,
          `\`${name}\` is a ${ts.isClassDeclaration(st) ? 'class' : 'enum'}; only literal values and const identifiers are evaluated`,
        );
      else if (ts.isImportDeclaration(st) && st.importClause && !st.importClause.isTypeOnly) {
        const found = this.fromImport(st, st.importClause, name, at);
        if (found) return found;
      }
    }
    return undefined;
  }

  private variable(d: ts.VariableDeclaration, container: ts.Node, at: ts.Node): Binding | NotStatic {
    const name = (d.name as ts.Identifier).text;
    const isConst = (d.parent.flags & ts.NodeFlags.Const) !== 0;
    if (!d.initializer) return new NotStatic(at, `\`${name}\` is declared without a value`);
    if (!isConst && this.assignedIn(container).has(name))
      return new NotStatic(at, `\`${name}\` is a \`let\`/\`var\` that is reassigned; its value depends on when the code runs`);
    return { kind: 'expr', expr: d.initializer, decl: d };
  }

  private assignedIn(container: ts.Node): Set<string> {
    let names = this.assigned.get(container);
    if (names) return names;
    const found = new Set<string>();
    const visit = (n: ts.Node): void => {
      if (
        ts.isBinaryExpression(n) &&
        n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
        n.operatorToken.kind <= ts.SyntaxKind.LastAssignment &&
        ts.isIdentifier(n.left)
      )
        found.add(n.left.text);
      if (
        (ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) &&
        ts.isIdentifier(n.operand) &&
        (n.operator === ts.SyntaxKind.PlusPlusToken || n.operator === ts.SyntaxKind.MinusMinusToken)
      )
        found.add(n.operand.text);
      ts.forEachChild(n, visit);
    };
    visit(container);
    names = found;
    this.assigned.set(container, names);
    return names;
  }

  private fromImport(st: ts.ImportDeclaration, clause: ts.ImportClause, name: string, at: ts.Node): Binding | NotStatic | undefined {
    let imported: string | undefined;
    if (clause.name?.text === name) imported = 'default';
    const nb = clause.namedBindings;
    if (nb && ts.isNamespaceImport(nb) && nb.name.text === name) imported = '*';
    if (nb && ts.isNamedImports(nb)) {
      const spec = nb.elements.find((e) => e.name.text === name);
      if (spec) imported = spec.propertyName ? spec.propertyName.text : spec.name.text;
    }
    if (imported === undefined) return undefined;
    const specifier = moduleSpecifierOf(st);
    const target = specifier === undefined ? undefined : this.resolver.resolve(st.getSourceFile().fileName, specifier)?.compilerNode;
    if (!target) {
      const why = specifier === undefined ? undefined : this.resolver.unreadWhy?.(st.getSourceFile().fileName, specifier);
      return new NotStatic(
        at,
        `\`${name}\` is imported from '${specifier}', ` + (why ?? 'which is not a relative or tsconfig `paths` import of a source file'),
      );
    }
    if (imported === '*') return { kind: 'namespace', file: target };
    return this.exported(target, imported, new Set()) ?? new NotStatic(at, `'${specifier}' has no export named \`${imported}\``);
  }

  /**
   * A name bound by `require` (`const { a } = require('./x')`, `const x = require('./x')`): what the
   * required source file exports under it; the whole module is its `module.exports = X` value when
   * it assigns one, else its namespace. A package's exports are not read.
   */
  private fromRequire(b: RequireBinding, name: string, at: ts.Node): Binding | NotStatic {
    const target = this.resolver.resolve(b.decl.getSourceFile().fileName, b.module)?.compilerNode;
    if (!target)
      return new NotStatic(
        at,
        `\`${name}\` is required from '${b.module}', which is not a relative or tsconfig \`paths\` path of a source file`,
      );
    if (b.imported !== '*')
      return this.exported(target, b.imported, new Set()) ?? new NotStatic(at, `'${b.module}' has no export named \`${b.imported}\``);
    const { whole, wholeAt } = commonJsExports(target);
    return whole && wholeAt ? { kind: 'expr', expr: whole, decl: wholeAt } : { kind: 'namespace', file: target };
  }

  /**
   * The binding `file` exports as `name` (following re-exports and `export *`), or `undefined`.
   * A CommonJS file's `exports.name = ...` and `module.exports = { name }` count, and its
   * `module.exports = X` is its `default`, as Node's ES import of it sees.
   */
  exported(file: ts.SourceFile, name: string, seen: Set<ts.SourceFile>): Binding | NotStatic | undefined {
    if (seen.has(file)) return undefined;
    seen.add(file);
    for (const st of file.statements) {
      if (name !== 'default' && hasModifier(st, ts.SyntaxKind.ExportKeyword) && !hasModifier(st, ts.SyntaxKind.DefaultKeyword)) {
        const found = this.findIn(ts.factory.createNodeArray([st]), name, file, st);
        if (found) return found;
      }
      if (name === 'default' && ts.isExportAssignment(st)) return { kind: 'expr', expr: st.expression, decl: st };
      if (name === 'default' && ts.isFunctionDeclaration(st) && hasModifier(st, ts.SyntaxKind.DefaultKeyword))
        return { kind: 'function', node: st };
      if (!ts.isExportDeclaration(st) || st.isTypeOnly) continue;
      const from = moduleSpecifierOf(st);
      const targetFile = from === undefined ? undefined : this.resolver.resolve(file.fileName, from)?.compilerNode;
      const clause = st.exportClause;
      if (!clause) {
        if (targetFile && name !== 'default') {
          const found = this.exported(targetFile, name, seen);
          if (found) return found;
        }
        continue;
      }
      if (ts.isNamespaceExport(clause)) {
        if (clause.name.text === name && targetFile) return { kind: 'namespace', file: targetFile };
        continue;
      }
      const spec = clause.elements.find((e) => e.name.text === name);
      if (!spec) continue;
      const local = spec.propertyName?.text ?? spec.name.text;
      if (st.moduleSpecifier) {
        if (!targetFile) return new NotStatic(spec, `\`${name}\` is re-exported from '${from}', which cannot be followed`);
        return this.exported(targetFile, local, new Set(seen));
      }
      return this.findIn(file.statements, local, file, spec) ?? new NotStatic(spec, `\`${local}\` is not declared in ${file.fileName}`);
    }
    return this.commonJsExported(file, name);
  }

  private commonJsExported(file: ts.SourceFile, name: string): Binding | NotStatic | undefined {
    const cjs = commonJsExports(file);
    if (name === 'default' && cjs.whole && cjs.wholeAt) return { kind: 'expr', expr: cjs.whole, decl: cjs.wholeAt };
    const found = cjs.names.get(name);
    if (!found) return undefined;
    const { value } = found;
    if (ts.isShorthandPropertyAssignment(value))
      return (
        this.findIn(file.statements, value.name.text, file, value) ??
        new NotStatic(value, `\`${value.name.text}\` is not declared in ${file.fileName}`)
      );
    if (ts.isMethodDeclaration(value)) return { kind: 'function', node: value };
    return { kind: 'expr', expr: value, decl: found.at };
  }
}

/** A readable name for a function-like node: `makeTool`, or `an anonymous function`. */
export function functionName(fn: ts.SignatureDeclaration): string {
  if (fn.name && ts.isIdentifier(fn.name)) return `\`${fn.name.text}\``;
  const p = fn.parent;
  if (p && ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return `\`${p.name.text}\``;
  return 'an anonymous function';
}

export { text as nodeText };
