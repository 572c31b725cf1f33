/** Reads of a tool's `execute` outside the pipeline, in another tool's definition or in any code of the project (a hook, a function). */

import { readFileSync } from 'node:fs';
import { calleeName, isTypeOnly, memberName, notAValue, valueParent } from './api-calls.js';
import { defineToolCallee } from './define-tool-callee.js';
import { parseTextAlone } from './parse-depth.js';
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

/** A function a tool defined in a file has as its `execute`, by the name that file declares it under (see {@link rawExecutesOf}). */
export interface RawExecute {
  /** The tool's name (its defineTool call's `name` literal, else the spread object's). */
  tool: string;
  /** Set when the name is a `const` object literal whose `execute` the tool takes (`deleteNoteSpec.execute` is the function). */
  spec?: true;
  /** The declaration: uses inside it (a recursive call) are its own. */
  decl: ts.Node;
}

/**
 * The top-level declarations of `sf` that are the very function a defineTool call of `sf` has as its `execute`,
 * unguarded: a function or `const` handed over as `execute: removeNote`, or a `const` object literal whose `execute` the
 * call takes, `execute: deleteNoteSpec.execute` or a spread, `defineTool({ ...deleteNoteSpec })` (no later `execute`
 * or spread of something else in the call). By name, each to its tool's name (the call's `name` literal, else the
 * spread object's); a tool whose name is not a literal is left out. The guard `defineTool` writes is on the object it
 * is given, a copy in these forms, so a call of the declaration itself runs the tool's code with no approval.
 * `defineTool(deleteNoteSpec)` guards that object itself, and is no such call.
 */
export function rawExecutesOf(sf: ts.SourceFile, isDefineTool: (c: ts.Expression) => boolean): Map<string, RawExecute> {
  const out = new Map<string, RawExecute>();
  if (!sf.text.includes('execute')) return out;
  const decls = new Map<string, ts.Node>();
  // the const object literals with an execute, each to the name literal it says
  const specs = new Map<string, { decl: ts.Node; name?: string }>();
  const keyOf = (p: ts.ObjectLiteralElementLike) =>
    p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;
  const literal = (o: ts.ObjectLiteralExpression, key: string) => {
    const p = o.properties.find((q) => keyOf(q) === key);
    return p && ts.isPropertyAssignment(p) && ts.isStringLiteralLike(unwrap(p.initializer))
      ? (unwrap(p.initializer) as ts.StringLiteralLike).text
      : undefined;
  };
  for (const st of sf.statements) {
    if (ts.isFunctionDeclaration(st) && st.name && st.body) decls.set(st.name.text, st);
    if (!ts.isVariableStatement(st)) continue;
    for (const d of st.declarationList.declarations) {
      if (!ts.isIdentifier(d.name) || !d.initializer) continue;
      decls.set(d.name.text, d);
      const init = unwrap(d.initializer);
      if (
        st.declarationList.flags & ts.NodeFlags.Const &&
        ts.isObjectLiteralExpression(init) &&
        init.properties.some((p) => keyOf(p) === 'execute')
      ) {
        const name = literal(init, 'name');
        specs.set(d.name.text, { decl: d, ...(name !== undefined ? { name } : {}) });
      }
    }
  }
  const specOf = (e: ts.Expression) => (ts.isIdentifier(unwrap(e)) ? (unwrap(e) as ts.Identifier).text : undefined);
  const visit = (n: ts.Node): void => {
    const def = ts.isCallExpression(n) && isDefineTool(n.expression) && n.arguments[0] ? unwrap(n.arguments[0]) : undefined;
    if (def && ts.isObjectLiteralExpression(def)) {
      let fn: { name: string; spec: boolean } | undefined;
      let spreadName: string | undefined;
      for (const p of def.properties) {
        if (ts.isSpreadAssignment(p)) {
          const name = specOf(p.expression);
          const spec = name !== undefined ? specs.get(name) : undefined;
          fn = spec ? { name: name!, spec: true } : undefined;
          spreadName = spec?.name ?? spreadName;
        } else if (keyOf(p) === 'execute') {
          const value = ts.isPropertyAssignment(p) ? unwrap(p.initializer) : ts.isShorthandPropertyAssignment(p) ? p.name : undefined;
          const object =
            value && ts.isPropertyAccessExpression(value) && value.name.text === 'execute' ? specOf(value.expression) : undefined;
          fn =
            value && ts.isIdentifier(value) && decls.has(value.text)
              ? { name: value.text, spec: false }
              : object !== undefined && specs.has(object)
                ? { name: object, spec: true }
                : undefined;
        }
      }
      const tool = literal(def, 'name') ?? spreadName;
      if (fn && tool !== undefined && !out.has(fn.name))
        out.set(fn.name, {
          tool,
          decl: fn.spec ? specs.get(fn.name)!.decl : decls.get(fn.name)!,
          ...(fn.spec ? { spec: true as const } : {}),
        });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** A use of a tool's unguarded `execute` function in code that is in no tool's definition, found by {@link rawExecuteReads}. */
export interface RawExecuteRead {
  node: ts.Node;
  /** The function as written: `removeNote`, `deleteNoteSpec.execute`, `notes.removeNote`. */
  fn: string;
  /** The tool whose `execute` it is. */
  tool: string;
  /** The code around the use (see `codeAround`). */
  code: string;
  /** Set when the function is handed on as a value rather than called. */
  value?: true;
}

/**
 * The uses, in code of `sf` that is in no tool's definition (a function, a hook, the top level), of a function a tool
 * has as its `execute` (see {@link rawExecutesOf}): declared in `sf`, or imported by name (or through a namespace
 * import) from a project file that declares it so, resolved by `resolver`. A call (`removeNote(undefined, args)`,
 * `deleteNoteSpec.execute(...)`) or a hand-on as a value (`{ run: removeNote }`, `const { execute } = deleteNoteSpec`)
 * runs the tool's code with no approval, hook or tool log, and, unlike a tool's guarded `execute`, does not fail. A
 * plain function the tool's `execute` calls (`execute: (api, a) => removeNote(a)`) is not its `execute`, and is not read.
 */
export function rawExecuteReads(
  sf: ts.SourceFile,
  isDefineTool: (c: ts.Expression) => boolean,
  resolver: SourceResolver,
): RawExecuteRead[] {
  const raws = rawExecutesOf(sf, isDefineTool);
  const own = new Set([...raws.values()].map((r) => r.decl));
  const namespaces = new Map<string, Map<string, RawExecute>>();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || !st.importClause?.namedBindings) continue;
    const bindings = st.importClause.namedBindings;
    const path = resolver.resolveFile(sf.fileName, st.moduleSpecifier.text);
    if (path === undefined || path.split(/[\\/]/).includes('node_modules')) continue;
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue;
    }
    const parsed = text.includes('execute') ? parseTextAlone(path, text) : undefined;
    const of = parsed ? rawExecutesOf(parsed, defineToolCallee(parsed)) : new Map<string, RawExecute>();
    if (ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, of);
    else
      for (const e of bindings.elements)
        if (of.has((e.propertyName ?? e.name).text)) raws.set(e.name.text, of.get((e.propertyName ?? e.name).text)!);
  }
  if (raws.size === 0) return [];
  const out: RawExecuteRead[] = [];
  const push = (node: ts.Node, raw: RawExecute) => {
    const p = valueParent(node);
    const called = ts.isCallExpression(p)
      ? p.expression === node || unwrap(p.expression) === node
      : ts.isPropertyAccessExpression(p) && ['call', 'apply'].includes(p.name.text);
    out.push({ node, fn: node.getText(sf), tool: raw.tool, code: codeAround(node, sf), ...(called ? {} : { value: true as const }) });
  };
  // the raw a name or `ns.name` is, when it is a function (`spec` false) or an object whose execute is one (`spec` true)
  const rawOf = (e: ts.Expression, spec: boolean): RawExecute | undefined => {
    const u = unwrap(e);
    const raw = ts.isIdentifier(u)
      ? raws.get(u.text)
      : ts.isPropertyAccessExpression(u) && ts.isIdentifier(unwrap(u.expression))
        ? namespaces.get((unwrap(u.expression) as ts.Identifier).text)?.get(u.name.text)
        : undefined;
    return raw && !!raw.spec === spec ? raw : undefined;
  };
  const visit = (n: ts.Node): void => {
    if (own.has(n) || (ts.isCallExpression(n) && isDefineTool(n.expression))) return;
    if (ts.isIdentifier(n) && !notAValue(n) && !ts.isExportSpecifier(n.parent) && !isTypeOnly(n)) {
      const raw = rawOf(n, false);
      if (raw) push(n, raw);
    }
    if ((ts.isPropertyAccessExpression(n) || ts.isElementAccessExpression(n)) && !assigned(n)) {
      const raw = memberName(n) === 'execute' ? rawOf(n.expression, true) : ts.isPropertyAccessExpression(n) ? rawOf(n, false) : undefined;
      if (raw) push(n, raw);
    }
    // const { execute: run } = deleteNoteSpec
    if (ts.isVariableDeclaration(n) && ts.isObjectBindingPattern(n.name) && n.initializer) {
      const raw = rawOf(n.initializer, true);
      for (const el of n.name.elements) {
        const key = el.propertyName ?? el.name;
        if (raw && (ts.isIdentifier(key) || ts.isStringLiteral(key)) && key.text === 'execute')
          out.push({ node: el, fn: `${n.initializer.getText(sf)}.execute`, tool: raw.tool, code: codeAround(el, sf), value: true });
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
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

export { isTestFile } from './test-file.js';

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
