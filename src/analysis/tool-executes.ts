/** Reads of a tool's `execute` outside the pipeline, in another tool's definition or in any code of the project (a hook, a function). */

import { readFileSync } from 'node:fs';
import { calleeName, memberName } from './api-calls.js';
import { helperReads, reflectGetExecute } from './execute-reads.js';
import { isToolList } from './own-adapters.js';
import { unwrap } from './evaluate.js';
import type { SourceResolver } from './source-resolver.js';
import { ts } from './ts-morph.cjs';

/**
 * The reads of another tool's `execute` inside a tool's definition (`execute: (api, a) =>
 * deleteNote.execute(api, a)`): the other tool is a `const` of this file holding a defineTool
 * call (`tools`), or one imported by name from a project file that declares it so. Such a call
 * runs that tool outside the pipeline, without its approval, hooks or call log, whenever the
 * outer tool is called. Also `Reflect.get(deleteNote, 'execute')`, and the other tool passed to a
 * function of the same file that reads its parameter's `execute` (`invoke(deleteNote, api, a)`
 * with `const invoke = (t, api, a) => t.execute(api, a)`, see `helperReads`): `node` is then the
 * argument, in the tool's definition; and a use of a top-level `const` holding the other tool's
 * `execute` (`removeNote(api, a)` with `const removeNote = deleteNote.execute`, see
 * `executeAliases`), at that use. The other tool may also be one of a namespace import of such a
 * file (`notes.deleteNote`, `notes['deleteNote']`, `notes[key]`, a top-level `const { deleteNote: d }
 * = notes`, see `namespaceAliases`), or an entry of a top-level `const` built from such tools
 * (`byName[op]`, `byName.get(op)`, see `toolTables`); `target` is then that expression as written.
 * A namespace may also come from a dynamic import held in a const (`const m = await
 * import('./delete-note.js')`, or a tool destructured from it), and a tool from a copy of a
 * known one (`const copy = { ...deleteNote }`).
 * `tool` is the outer tool's name (its `name` literal, else `(unnamed)`).
 * With `outsideToo`, the same reads in code that is in no tool's definition count too (an
 * `onBeforeExecute` hook, a function, the top level: `outside` is set and `tool` names that code,
 * see `codeAround`), and so does a tool looked up in a registry there (`registry.get('delete_note')!.execute`,
 * `registry.all.find(...)!.execute`, see `registryLookup`): such code runs the tool unasked
 * whenever it runs. The caller leaves it off for a test file, which calls a tool's execute on purpose.
 */
export function toolExecuteReads(
  sf: ts.SourceFile,
  tools: ReadonlySet<string>,
  isDefineTool: (c: ts.Expression) => boolean,
  resolver: SourceResolver,
  outsideToo: boolean,
): ToolExecuteRead[] {
  if (!sf.text.includes('execute')) return [];
  const known = new Set(tools);
  // a tool's const, to the tool's name where its defineTool call says it
  const toolNames = toolConstsOf(sf.text);
  // `import * as notes from './notes.js'`: the namespace's name, to the defineTool consts its file declares
  const namespaces = new Map<string, Set<string>>();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const bindings = st.importClause?.namedBindings;
    if (!bindings) continue;
    const path = resolver.resolveFile(sf.fileName, st.moduleSpecifier.text);
    let text: string;
    try {
      text = path ? readFileSync(path, 'utf8') : '';
    } catch {
      continue;
    }
    const declared = toolConstsOf(text);
    if (ts.isNamespaceImport(bindings)) {
      if (declared.size > 0) namespaces.set(bindings.name.text, new Set(declared.keys()));
      continue;
    }
    for (const e of bindings.elements)
      if (declared.has((e.propertyName ?? e.name).text)) {
        known.add(e.name.text);
        toolNames.set(e.name.text, declared.get((e.propertyName ?? e.name).text));
      }
  }
  // `const m = await import('./delete-note.js')` anywhere in the file: a namespace; `const { deleteNote } = await import(...)`: a tool
  const dynamicImports = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && n.initializer) {
      let init = unwrap(n.initializer);
      if (ts.isAwaitExpression(init)) init = unwrap(init.expression);
      const spec = ts.isCallExpression(init) && init.expression.kind === ts.SyntaxKind.ImportKeyword ? init.arguments[0] : undefined;
      const path = spec && ts.isStringLiteralLike(spec) ? resolver.resolveFile(sf.fileName, spec.text) : undefined;
      let declared: Map<string, string | undefined> | undefined;
      try {
        declared = path ? toolConstsOf(readFileSync(path, 'utf8')) : undefined;
      } catch {
        declared = undefined;
      }
      if (declared && declared.size > 0 && ts.isIdentifier(n.name)) namespaces.set(n.name.text, new Set(declared.keys()));
      if (declared && ts.isObjectBindingPattern(n.name))
        for (const el of n.name.elements) {
          const key = el.propertyName ?? el.name;
          if ((ts.isIdentifier(key) || ts.isStringLiteral(key)) && declared.has(key.text) && ts.isIdentifier(el.name)) {
            known.add(el.name.text);
            toolNames.set(el.name.text, declared.get(key.text));
          }
        }
    }
    ts.forEachChild(n, dynamicImports);
  };
  if (sf.text.includes('import(')) dynamicImports(sf);
  // a tool of a namespace: `notes.deleteNote`, `notes['deleteNote']`, also `notes[key]` (a key that cannot be read may name one)
  const ofNamespace = (u: ts.Expression): boolean => {
    if (!(ts.isPropertyAccessExpression(u) || ts.isElementAccessExpression(u))) return false;
    const ns = unwrap(u.expression);
    const names = ts.isIdentifier(ns) ? namespaces.get(ns.text) : undefined;
    const member = memberName(u);
    return names !== undefined && (member === undefined ? ts.isElementAccessExpression(u) : names.has(member));
  };
  namespaceAliases(sf, namespaces, ofNamespace).forEach((name) => known.add(name));
  if (known.size === 0 && namespaces.size === 0 && !outsideToo) return [];
  const tables = toolTables(sf, known, new Set(namespaces.keys()));
  // an entry of a table of tools: `byName[op]`, `byName.delete_note`, `byName.get(op)`
  const ofTable = (u: ts.Expression): boolean => {
    if (ts.isCallExpression(u) && ts.isPropertyAccessExpression(unwrap(u.expression)) && u.arguments.length > 0) u = unwrap(u.expression);
    if (!(ts.isPropertyAccessExpression(u) || ts.isElementAccessExpression(u))) return false;
    const root = unwrap(u.expression);
    return ts.isIdentifier(root) && tables.has(root.text);
  };
  /** The tool `e` is (a known tool's name, a namespace's tool, a table's entry), as written, `self` excepted. */
  // `{ ...deleteNote }`, `{ ...deleteNote, description }`: a copy of a known tool carries its execute
  const copyOfKnown = (e: ts.Expression): string | undefined => {
    const u = unwrap(e);
    if (!ts.isObjectLiteralExpression(u)) return undefined;
    const spread = u.properties.find(
      (p) => ts.isSpreadAssignment(p) && ts.isIdentifier(unwrap(p.expression)) && known.has((unwrap(p.expression) as ts.Identifier).text),
    );
    const sets = u.properties.some((p) => !ts.isSpreadAssignment(p) && p.name !== undefined && p.name.getText(sf) === 'execute');
    return spread && !sets ? (unwrap((spread as ts.SpreadAssignment).expression) as ts.Identifier).text : undefined;
  };
  // a const anywhere in the file holding a tool looked up in a registry (`const del = registry.get('delete_note')!`), to that lookup
  const lookups = new Map<string, string>();
  const collectLookups = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
      const found = registryLookup(n.initializer, sf) ?? copyOfKnown(n.initializer);
      if (found !== undefined) lookups.set(n.name.text, found);
    }
    ts.forEachChild(n, collectLookups);
  };
  if (outsideToo) collectLookups(sf);
  const toolRef = (e: ts.Expression | undefined, self?: string): string | undefined => {
    const u = e && unwrap(e);
    if (!u) return undefined;
    if (ts.isIdentifier(u)) return known.has(u.text) && u.text !== self ? u.text : lookups.get(u.text);
    return ofNamespace(u) || ofTable(u) ? u.getText(sf) : registryLookup(u, sf);
  };
  const aliases = executeAliases(sf, toolRef);
  // the top-level consts that hold a tool's execute: their own initializer is reported where they are used
  const aliasInits = new Set<ts.Node>();
  for (const st of sf.statements)
    if (ts.isVariableStatement(st))
      for (const d of st.declarationList.declarations) {
        const names = ts.isIdentifier(d.name) ? [d.name] : ts.isObjectBindingPattern(d.name) ? d.name.elements.map((el) => el.name) : [];
        if (d.initializer && names.some((x) => ts.isIdentifier(x) && aliases.has(x.text))) aliasInits.add(d.initializer);
      }
  const out: ToolExecuteRead[] = [];
  /** The reads at `m` of a tool's execute other than `self`'s, by `tool` (a tool's name, or the code outside any tool). */
  const readsAt = (m: ts.Node, tool: string, self: string | undefined, outside: boolean) => {
    const other = (e: ts.Expression | undefined) => toolRef(e, self);
    const push = (target: string, node: ts.Node) => {
      const named = toolNames.get(target) ?? /\.get\(\s*(['"`])([\w.:-]+)\1\s*\)$/.exec(target)?.[2];
      out.push({ tool, target, node, ...(outside ? { outside } : {}), ...(named !== undefined ? { targetName: named } : {}) });
    };
    const object = ts.isPropertyAccessExpression(m) || ts.isElementAccessExpression(m) ? m.expression : reflectGetExecute(m);
    const target = other(object);
    if (
      target !== undefined &&
      !assigned(m) &&
      (ts.isPropertyAccessExpression(m)
        ? m.name.text === 'execute'
        : !ts.isElementAccessExpression(m) ||
          memberName(m) === 'execute' ||
          // outside a tool, `t[k]` may read anything: it counts when it is called
          (memberName(m) === undefined && (!outside || (ts.isCallExpression(m.parent) && m.parent.expression === m))))
    )
      push(target, m);
    // removeNote(api, a) with `const removeNote = deleteNote.execute` (or `const { execute: removeNote } = deleteNote`)
    if (ts.isIdentifier(m) && aliases.has(m.text) && !isDeclarationName(m)) push(aliases.get(m.text)!, m);
    // invoke(deleteNote, api, a), where invoke runs its parameter's execute
    if (ts.isCallExpression(m)) for (const { arg } of helperReads(m, (a) => other(a) !== undefined)) push(other(arg)!, arg);
  };
  const visit = (n: ts.Node, owner?: { tool: string; self?: string }): void => {
    if (aliasInits.has(n)) return;
    if (ts.isCallExpression(n) && isDefineTool(n.expression) && n.arguments[0] && ts.isObjectLiteralExpression(unwrap(n.arguments[0]))) {
      const def = unwrap(n.arguments[0]) as ts.ObjectLiteralExpression;
      const nameProp = def.properties.find((p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'name');
      const tool =
        nameProp && ts.isPropertyAssignment(nameProp) && ts.isStringLiteralLike(nameProp.initializer)
          ? nameProp.initializer.text
          : '(unnamed)';
      const self = ts.isVariableDeclaration(n.parent) && ts.isIdentifier(n.parent.name) ? n.parent.name.text : undefined;
      ts.forEachChild(n, (c) => visit(c, { tool, ...(self !== undefined ? { self } : {}) }));
      return;
    }
    if (owner) readsAt(n, owner.tool, owner.self, false);
    else if (outsideToo) readsAt(n, codeAround(n, sf), undefined, true);
    ts.forEachChild(n, (c) => visit(c, owner));
  };
  visit(sf);
  return out;
}

/** A read of a tool's `execute` found by {@link toolExecuteReads}. */
export interface ToolExecuteRead {
  /** The tool whose definition reads it (its `name` literal, else `(unnamed)`), or when `outside` the code that does (`codeAround`). */
  tool: string;
  /** The tool whose execute it is, as written (`deleteNote`, `notes.deleteNote`, `registry.get('delete_note')`). */
  target: string;
  node: ts.Node;
  /** The name of the tool whose execute it is, when `target` is a const whose defineTool call names it (`delete_note`). */
  targetName?: string;
  /** Set when the read is in no tool's definition: a hook, a function or the top level of a project file. */
  outside?: true;
}

/**
 * A tool looked up in a registry, as written: `registry.get('delete_note')`, an entry of a list of
 * tools found or indexed (`registry.all.find((t) => ...)`, `registry.core[2]`, `.at(-1)`,
 * `registry.select('all').filter(...)[0]`; see `isToolList`), or `undefined`.
 */
function registryLookup(e: ts.Expression, sf: ts.SourceFile): string | undefined {
  const u = unwrap(e);
  if (ts.isElementAccessExpression(u)) return isToolList(u.expression) ? u.getText(sf) : undefined;
  if (!ts.isCallExpression(u)) return undefined;
  const c = unwrap(u.expression);
  if (!ts.isPropertyAccessExpression(c)) return undefined;
  if (c.name.text === 'get') {
    const of = unwrap(c.expression);
    const name = ts.isIdentifier(of) ? of.text : ts.isPropertyAccessExpression(of) ? of.name.text : '';
    return /registry/i.test(name) ? u.getText(sf) : undefined;
  }
  return ['find', 'findLast', 'at'].includes(c.name.text) && isToolList(c.expression) ? u.getText(sf) : undefined;
}

/**
 * The code around `n` that is in no tool's definition, as a reader names it: the property whose
 * value is the function around it (`onBeforeExecute`), the function or method declared around it
 * (`function purgeAll`), the `const` it is in (`const wipeCopy`), or `the top level`; the nearest
 * such, with the file's base name.
 */
function codeAround(n: ts.Node, sf: ts.SourceFile): string {
  const file = sf.fileName.split('/').pop();
  const isFunction = (e: ts.Node | undefined) => e !== undefined && ts.isFunctionLike(ts.isExpression(e) ? unwrap(e) : e);
  for (let c: ts.Node | undefined = n.parent; c && !ts.isSourceFile(c); c = c.parent) {
    if (ts.isPropertyAssignment(c) && ts.isIdentifier(c.name) && isFunction(c.initializer)) return `${c.name.text} in ${file}`;
    if ((ts.isMethodDeclaration(c) || ts.isFunctionDeclaration(c)) && c.name) return `function ${c.name.getText(sf)} in ${file}`;
    if (ts.isVariableDeclaration(c) && ts.isIdentifier(c.name) && c.initializer)
      return `${isFunction(c.initializer) ? 'function' : 'const'} ${c.name.text} in ${file}`;
  }
  return `the top level of ${file}`;
}

/** Whether `id` is the name a declaration, parameter, property or binding element gives, not a use of that name. */
function isDeclarationName(id: ts.Identifier): boolean {
  const p = id.parent;
  return (
    ((ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isBindingElement(p) || ts.isFunctionDeclaration(p)) && p.name === id) ||
    (ts.isBindingElement(p) && p.propertyName === id) ||
    ((ts.isPropertyAssignment(p) || ts.isPropertyAccessExpression(p)) && p.name === id)
  );
}

/**
 * The `const`s of `sf`'s top level that hold a known tool's `execute` (`const removeNote =
 * deleteNote.execute`, `deleteNote['execute']`, `Reflect.get(deleteNote, 'execute')`, `const {
 * execute: removeNote } = deleteNote`), by name, each to the tool's name as written: calling one,
 * or passing it on, runs that tool's `execute` outside the pipeline.
 */
function executeAliases(sf: ts.SourceFile, toolOf: (e: ts.Expression | undefined) => string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st) || !(st.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const d of st.declarationList.declarations) {
      if (!d.initializer) continue;
      const init = unwrap(d.initializer);
      if (ts.isIdentifier(d.name)) {
        const target =
          ts.isPropertyAccessExpression(init) && init.name.text === 'execute'
            ? toolOf(init.expression)
            : ts.isElementAccessExpression(init) && memberName(init) === 'execute'
              ? toolOf(init.expression)
              : toolOf(reflectGetExecute(init));
        if (target !== undefined) out.set(d.name.text, target);
      } else if (ts.isObjectBindingPattern(d.name)) {
        const target = toolOf(init);
        if (target === undefined) continue;
        for (const el of d.name.elements) {
          const key = el.propertyName ?? el.name;
          if ((ts.isIdentifier(key) || ts.isStringLiteral(key)) && key.text === 'execute' && ts.isIdentifier(el.name))
            out.set(el.name.text, target);
        }
      }
    }
  }
  return out;
}

/**
 * The `const`s (also `let`, `var`) a file's text declares holding a defineTool call (`export
 * const deleteNote = defineTool(`), by name, each to its tool's name when the call's first
 * `name: '...'` literal tells it, read from the text alone.
 */
function toolConstsOf(text: string): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const m of text.matchAll(/(?:^|[^\w$])(?:const|let|var)\s+([\w$]+)\s*(?::[^=]*)?=\s*defineTool\b/g)) {
    const name = /^\s*(?:<[^>]*>)?\s*\(\s*\{[^]*?\bname\s*:\s*(['"`])([\w.:-]+)\1/.exec(text.slice(m.index + m[0].length, m.index + 4000));
    out.set(m[1]!, name?.[2]);
  }
  return out;
}

/**
 * The `const`s of `sf`'s top level that hold a tool of a namespace import (see `toolExecuteReads`):
 * `const d = notes.deleteNote`, `notes['deleteNote']`, `const { deleteNote: d } = notes`.
 */
function namespaceAliases(
  sf: ts.SourceFile,
  namespaces: ReadonlyMap<string, ReadonlySet<string>>,
  ofNamespace: (e: ts.Expression) => boolean,
): string[] {
  const out: string[] = [];
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st) || !(st.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const d of st.declarationList.declarations) {
      const init = d.initializer && unwrap(d.initializer);
      if (!init) continue;
      if (ts.isIdentifier(d.name) && ofNamespace(init)) out.push(d.name.text);
      const names = ts.isIdentifier(init) ? namespaces.get(init.text) : undefined;
      if (names && ts.isObjectBindingPattern(d.name))
        for (const el of d.name.elements) {
          const key = el.propertyName ?? el.name;
          if ((ts.isIdentifier(key) || ts.isStringLiteral(key)) && names.has(key.text) && ts.isIdentifier(el.name)) out.push(el.name.text);
        }
    }
  }
  return out;
}

/**
 * The `const`s of `sf`'s top level that are tables built from tools, by name: a value that uses a
 * namespace of `namespaces` (`Object.fromEntries(Object.values(notes).map((t) => [t.name, t]))`),
 * or holds a list or object with a known tool as an entry (`new Map([[deleteNote.name,
 * deleteNote]])`, `{ deleteNote }`, `[readNote, deleteNote]`). An entry's `execute` (`byName[op].execute`)
 * may be any of those tools'. A defineTool call is no table.
 */
function toolTables(sf: ts.SourceFile, known: ReadonlySet<string>, namespaces: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  const isTool = (e: ts.Node) => ts.isIdentifier(e) && known.has(e.text);
  const holdsTool = (n: ts.Node): boolean =>
    (ts.isIdentifier(n) && namespaces.has(n.text) && !isDeclarationName(n)) ||
    (ts.isArrayLiteralExpression(n) && n.elements.some((x) => isTool(unwrap(x)))) ||
    (ts.isShorthandPropertyAssignment(n) && known.has(n.name.text)) ||
    (ts.isPropertyAssignment(n) && isTool(unwrap(n.initializer))) ||
    (ts.forEachChild(n, holdsTool) ?? false);
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st) || !(st.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const d of st.declarationList.declarations) {
      const init = d.initializer && unwrap(d.initializer);
      if (!init || !ts.isIdentifier(d.name) || known.has(d.name.text) || ts.isIdentifier(init)) continue;
      if (ts.isCallExpression(init) && (calleeName(init.expression) === 'defineTool' || isTool(unwrap(init.expression)))) continue;
      if (holdsTool(init)) out.add(d.name.text);
    }
  }
  return out;
}

/**
 * Whether `file` (a path, `/` separated) is a test: a name such as `notes.test.ts`,
 * `notes.spec.mts` or `notes_test.ts`, or a file under a `__tests__` folder. A test calls a tool's
 * `execute` on purpose, and a model never reaches it. Other files of a `test/` or `e2e/` folder
 * are read: a helper there may be imported by a tool, or run by a package script.
 */
export const isTestFile = (file: string): boolean =>
  /(?:^|[/\\])__tests__[/\\]/.test(file) || /[._-](?:test|spec)\.[cm]?[jt]sx?$/.test(file);

/** Whether `m` is what an assignment writes (`tool[k] = v`, `tool.execute ??= f`): a write, not a read. */
function assigned(m: ts.Node): boolean {
  let c = m;
  while (ts.isParenthesizedExpression(c.parent) || ts.isAsExpression(c.parent) || ts.isNonNullExpression(c.parent)) c = c.parent;
  return (
    ts.isBinaryExpression(c.parent) &&
    c.parent.left === c &&
    c.parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
    c.parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment
  );
}
