/** A project's own `defineTool` wrapper that sets an approval key for every tool, read without running code. */

import { readFileSync } from 'node:fs';
import { parseAlone } from './approval-rules.js';
import { ModuleResolver, displayPath } from './project.js';
import { ts } from './ts-morph.cjs';
import { constObjectLiteral, unwrap } from './evaluate.js';
import type { Analysis } from './types.js';
import { APPROVAL_KEYS } from '../core/approval.js';
import { isAgentTools, realDefineTool } from './define-tool-callee.js';

/** The keys of a tool definition that decide whether a call asks for approval first (the one list is in core). */
export { APPROVAL_KEYS };

/**
 * One approval key a `defineTool` wrapper writes into every definition it passes on: the key,
 * where it is (1-based, `file` relative to the working folder), and whether a spread of the
 * tool's own definition comes after it (then it is a default a tool may override), and whether
 * it can ask less than the tool would (any value but a literal `true`: `needsApproval: false`
 * runs unasked, `mutates: false` or `destructive: false` drops the destructive default).
 */
export interface WrapperApprovalKey {
  /** The key, or `computed` for a computed name that cannot be read (`['needs' + 'Approval']: false`), which may be any. */
  key: (typeof APPROVAL_KEYS)[number] | 'computed';
  file: string;
  line: number;
  column: number;
  overridable: boolean;
  relaxes: boolean;
}

const KEYS = new Set<string>(APPROVAL_KEYS);

/** Whether `e` is a call of `Object.assign`. */
const isObjectAssign = (e: ts.Expression): e is ts.CallExpression =>
  ts.isCallExpression(e) &&
  ts.isPropertyAccessExpression(e.expression) &&
  ts.isIdentifier(e.expression.expression) &&
  e.expression.expression.text === 'Object' &&
  e.expression.name.text === 'assign';

/** How a key that cannot be read (`computed`: `['needs' + 'Approval']`, `tool[k]`) is shown: it may be any approval key. */
export const COMPUTED_KEY = 'a key that cannot be read';
/** The functions of `sf` that tool files call as `defineTool`: so named, or exported as it (`export { wrap as defineTool }`). */
function wrappersIn(sf: ts.SourceFile): ts.Node[] {
  const local = new Set(['defineTool']);
  for (const st of sf.statements)
    if (ts.isExportDeclaration(st) && !st.moduleSpecifier && st.exportClause && ts.isNamedExports(st.exportClause))
      for (const e of st.exportClause.elements) if (e.name.text === 'defineTool' && e.propertyName) local.add(e.propertyName.text);
  const out: ts.Node[] = [];
  for (const st of sf.statements) {
    if (ts.isFunctionDeclaration(st) && st.name && local.has(st.name.text)) out.push(st);
    if (!ts.isVariableStatement(st)) continue;
    for (const d of st.declarationList.declarations) {
      let init = d.initializer;
      while (init && (ts.isParenthesizedExpression(init) || ts.isAsExpression(init) || ts.isSatisfiesExpression(init)))
        init = init.expression;
      if (ts.isIdentifier(d.name) && local.has(d.name.text) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
        out.push(init);
    }
  }
  return out;
}

/**
 * The approval keys (`needsApproval`, `mutates`, `destructive`) that a `defineTool` wrapper in
 * `sf` writes into the object literal it passes to the real defineTool (imported from
 * agent-tools under another name, or as `ns.defineTool`): `export const defineTool = (def) =>
 * baseDefineTool({ ...def, needsApproval: false })`. Every tool made with it gets the key,
 * while each tool's own call, which validate, export and diff read, does not show it. What the
 * wrapper passes on that cannot be read may set any key (`computed`): a spread of anything but
 * its own parameter or a literal (`{ ...def, ...JSON.parse(text) }`), or an argument that is
 * neither (`merge(def)`, `Object.assign({}, def, extra)`). `file` is how the file is shown.
 */
export function wrapperApprovalKeysIn(sf: ts.SourceFile, file: string): WrapperApprovalKey[] {
  if (!sf.text.includes('defineTool')) return [];
  const real = realDefineTool(sf);
  if (real.names.size === 0 && real.namespaces.size === 0) return [];
  const isReal = (c: ts.Expression) =>
    (ts.isIdentifier(c) && real.names.has(c.text)) ||
    (ts.isPropertyAccessExpression(c) &&
      ts.isIdentifier(c.expression) &&
      real.namespaces.has(c.expression.text) &&
      c.name.text === 'defineTool');
  const out: WrapperApprovalKey[] = [];
  const push = (key: string, node: ts.Node, overridable: boolean, relaxes: boolean) => {
    const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    out.push({ key: key as WrapperApprovalKey['key'], file, line: line + 1, column: character + 1, overridable, relaxes });
  };
  for (const fn of wrappersIn(sf)) {
    const params = new Set<string>();
    const bind = (b: ts.BindingName): void => {
      if (ts.isIdentifier(b)) params.add(b.text);
      else for (const el of b.elements) if (!ts.isOmittedExpression(el)) bind(el.name);
    };
    if (ts.isFunctionDeclaration(fn) || ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) for (const p of fn.parameters) bind(p.name);
    const isParam = (e: ts.Expression) => ts.isIdentifier(unwrap(e)) && params.has((unwrap(e) as ts.Identifier).text);
    /** The keys of an object literal the wrapper passes on; `later` is whether a spread of the tool's own definition follows it. */
    const keysOf = (obj: ts.ObjectLiteralExpression, later: boolean, depth: number): void =>
      obj.properties.forEach((p, i) => {
        const overridable = later || obj.properties.slice(i + 1).some(ts.isSpreadAssignment);
        if (ts.isSpreadAssignment(p)) {
          if (isParam(p.expression)) return;
          const inner = constObject(p.expression);
          // a spread of something not read (`...JSON.parse(text)`, an import) may set any key
          if (inner && depth < 5) keysOf(inner, overridable, depth + 1);
          else push('computed', p, overridable, true);
          return;
        }
        const computed = ts.isPropertyAssignment(p) && ts.isComputedPropertyName(p.name) ? p.name.expression : undefined;
        const name =
          computed !== undefined
            ? ts.isStringLiteralLike(computed)
              ? computed.text
              : 'computed'
            : (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))
              ? p.name.text
              : undefined;
        if (name === undefined || (name !== 'computed' && !KEYS.has(name))) return;
        push(name, p, overridable, !ts.isPropertyAssignment(p) || p.initializer.kind !== ts.SyntaxKind.TrueKeyword);
      });
    const constObject = (e: ts.Expression) => constObjectLiteral(e, sf);
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n) && isReal(n.expression) && n.arguments[0]) {
        const arg = unwrap(n.arguments[0]);
        if (ts.isObjectLiteralExpression(arg)) keysOf(arg, false, 0);
        else if (isObjectAssign(arg))
          // Object.assign(target, ...sources) is { ...target, ...sources }: a literal source's keys are writes
          // (see approvalWritesIn); the target literal's keys and a const's are read here, and what is not read may set any
          arg.arguments.forEach((a, i) => {
            if (isParam(a)) return;
            const later = arg.arguments.slice(i + 1).some(isParam);
            const inner = unwrap(a);
            if (ts.isObjectLiteralExpression(inner)) {
              if (i === 0) keysOf(inner, later, 0);
              return;
            }
            const obj = constObject(a);
            if (obj) keysOf(obj, later, 0);
            else push('computed', a, later, true);
          });
        // anything but the definition itself or a literal (`merge(def)`) may set any key
        else if (!isParam(arg)) push('computed', arg, false, true);
      }
      ts.forEachChild(n, visit);
    };
    visit(fn);
  }
  return out;
}

/** {@link wrapperApprovalKeysIn} over files given by path, each parsed on its own (for `diff`, which holds no analysis). */
export function wrapperApprovalKeysOfFiles(paths: readonly string[], cwd: string): WrapperApprovalKey[] {
  const out: WrapperApprovalKey[] = [];
  for (const path of paths) {
    let text;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue;
    }
    if (!text.includes('defineTool')) continue;
    const parsed = parseAlone(path, text, cwd);
    if (parsed) out.push(...wrapperApprovalKeysIn(parsed.sf, parsed.file));
  }
  return out;
}

/**
 * {@link wrapperApprovalKeysIn} over the analyzed files and the modules they import
 * `defineTool` from (a `schema.ts` outside the analyzed paths), each file once.
 */
export function defineToolWrapperKeys(analysis: Analysis, cwd: string): WrapperApprovalKey[] {
  const resolver = new ModuleResolver(analysis.project);
  const files = new Map<string, ts.SourceFile>();
  for (const s of analysis.sourceFiles) {
    const sf = s.compilerNode;
    files.set(sf.fileName, sf);
    if (!sf.text.includes('defineTool')) continue;
    for (const st of sf.statements) {
      if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || isAgentTools(st.moduleSpecifier.text)) continue;
      const b = st.importClause?.namedBindings;
      if (!b || !ts.isNamedImports(b) || !b.elements.some((e) => (e.propertyName ?? e.name).text === 'defineTool')) continue;
      const target = resolver.resolve(sf.fileName, st.moduleSpecifier.text)?.compilerNode;
      if (target && !files.has(target.fileName)) files.set(target.fileName, target);
    }
  }
  return [...files.values()].flatMap((sf) => wrapperApprovalKeysIn(sf, displayPath(sf.fileName, cwd)));
}
