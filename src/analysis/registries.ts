/** Finds the registry lists (`CORE_TOOLS`, `EXTENDED_TOOLS`, `createRegistry({ core, extended })`) in the analyzed files. */

import { ts } from './ts-morph.cjs';
import { clip, unwrap, type Evaluator } from './evaluate.js';
import { calleeName } from './api-calls.js';
import { decidingText } from './approver-reading.js';
import { position } from './extract.js';
import { NotStatic, nodeText } from './scope.js';
import type { ExtractedTool, RegistryEntry, RegistryList, RegistryScan } from './types.js';
import type { TierChoice } from '../core/tier.js';

type ListKey = TierChoice;
const LIST_NAMES: Record<string, ListKey> = { CORE_TOOLS: 'core', EXTENDED_TOOLS: 'extended', ALL_TOOLS: 'all' };

interface Found {
  key: ListKey;
  source: RegistryList['source'];
  declaredAs: string;
  at: ts.Node;
  /** The list's value as written (`ALL.filter(...)`, `CORE_TOOLS`). */
  expr: ts.Expression;
  array: ts.ArrayLiteralExpression | undefined;
}

function arrayOf(expr: ts.Expression, ev: Evaluator): ts.ArrayLiteralExpression | undefined {
  const t = ev.deref(expr);
  return !(t instanceof NotStatic) && 'pos' in t && ts.isArrayLiteralExpression(unwrap(t))
    ? (unwrap(t) as ts.ArrayLiteralExpression)
    : undefined;
}

function findLists(files: readonly ts.SourceFile[], ev: Evaluator): Found[] {
  const found: Found[] = [];
  for (const sf of files) {
    const text = sf.text;
    if (!text.includes('_TOOLS') && !text.includes('createRegistry')) continue;
    for (const st of sf.statements) {
      if (!ts.isVariableStatement(st)) continue;
      for (const d of st.declarationList.declarations) {
        const key = ts.isIdentifier(d.name) ? LIST_NAMES[d.name.text] : undefined;
        if (key && d.initializer)
          found.push({
            key,
            source: 'array',
            declaredAs: (d.name as ts.Identifier).text,
            at: d,
            expr: d.initializer,
            array: arrayOf(d.initializer, ev),
          });
      }
    }
    const visit = (n: ts.Node): void => {
      // `createRegistry(...)`, or `at.createRegistry(...)`/`at['createRegistry'](...)` on a namespace (`const at = require('agent-tools')`)
      const callee = ts.isCallExpression(n) ? n.expression : undefined;
      const named = callee && calleeName(callee);
      if (ts.isCallExpression(n) && named === 'createRegistry' && n.arguments[0]) {
        const shape = ev.shape(n.arguments[0]);
        if (!(shape instanceof NotStatic) || ts.isObjectLiteralExpression(unwrap(n.arguments[0]))) {
          for (const key of ['core', 'extended'] as const) {
            // with a spread that cannot be read (`...registryOptions()`), the tiers written in the literal itself
            const entry =
              shape instanceof NotStatic ? writtenTier(unwrap(n.arguments[0]) as ts.ObjectLiteralExpression, key) : shape.get(key);
            if (entry?.kind === 'expr')
              found.push({
                key,
                source: 'createRegistry',
                declaredAs: key,
                at: entry.expr.parent ?? entry.expr,
                expr: entry.expr,
                array: arrayOf(entry.expr, ev),
              });
          }
        }
      }
      ts.forEachChild(n, visit);
    };
    if (text.includes('createRegistry')) visit(sf);
  }
  return found;
}

/** Array methods that pick tools from a list and hand out the same objects. */
const SELECTING = new Set(['filter', 'slice', 'concat', 'sort', 'toSorted', 'reverse', 'toReversed', 'flat', 'at', 'find']);

/** Whether `id` names a value where it is (not a property's name, a declared name or a type). */
function isValueName(id: ts.Identifier): boolean {
  const p = id.parent;
  if ((ts.isPropertyAccessExpression(p) || ts.isPropertyAssignment(p)) && p.name === id) return false;
  return !((ts.isParameter(p) || ts.isVariableDeclaration(p) || ts.isBindingElement(p) || ts.isFunctionLike(p)) && p.name === id);
}

/**
 * Whether a tier's code may hand out other objects than the tools themselves: it calls anything
 * but a selecting array method (`list.map((t) => ({ ...t, destructive: false }))`, `build()`),
 * or builds an object literal. `ALL.filter((t) => t.core)` hands out the tools as defined. A name
 * in it (`core`, the `list` a `.filter` reads) is followed to the value it stands for (a `const`,
 * through `as`, `satisfies` and parentheses, as `Evaluator.deref` follows it): `const core =
 * list.map(relax)` may rebuild, and a tool's own definition (`toolByCall`) hands out that tool.
 */
function mayRebuild(expr: ts.Expression, ev: Evaluator, toolByCall: Map<ts.Node, ExtractedTool>, seen = new Set<ts.Node>()): boolean {
  let found = false;
  const follow = (id: ts.Identifier): boolean => {
    const t = ev.deref(id);
    if (t instanceof NotStatic || !('pos' in t)) return false;
    const e = unwrap(t);
    if (e === id || seen.has(e) || toolByCall.has(e)) return false;
    seen.add(e);
    return mayRebuild(e, ev, toolByCall, seen);
  };
  const visit = (n: ts.Node): void => {
    if (found || ts.isTypeNode(n)) return;
    if (ts.isIdentifier(n)) found = isValueName(n) && follow(n);
    else if (toolValues(n, ev, toolByCall)) return;
    else if (ts.isCallExpression(n) && relabels(n, ev)) visit((n.expression as ts.PropertyAccessExpression).expression);
    else if (ts.isObjectLiteralExpression(n)) found = true;
    else if (ts.isCallExpression(n) && !(ts.isPropertyAccessExpression(n.expression) && SELECTING.has(n.expression.name.text)))
      found = true;
    else ts.forEachChild(n, visit);
  };
  visit(expr);
  return found;
}

/** The last `key: value` property written in `obj` itself, as a shape entry (see `Evaluator.shape`). */
function writtenTier(obj: ts.ObjectLiteralExpression, key: string): { kind: 'expr'; expr: ts.Expression } | undefined {
  const p = obj.properties
    .filter((q) => (ts.isPropertyAssignment(q) || ts.isShorthandPropertyAssignment(q)) && nodeText(q.name) === key)
    .pop();
  if (!p) return undefined;
  return { kind: 'expr', expr: ts.isPropertyAssignment(p) ? p.initializer : (p as ts.ShorthandPropertyAssignment).name };
}

/**
 * Whether `n` is `Object.values({ readNote, deleteNote })`: the values of an object literal whose
 * every entry is a tool as defined (a name for one, shorthand or not), which hands out the tools themselves.
 */
function toolValues(n: ts.Node, ev: Evaluator, toolByCall: Map<ts.Node, ExtractedTool>): boolean {
  if (!ts.isCallExpression(n) || n.arguments.length !== 1 || nodeText(n.expression) !== 'Object.values') return false;
  const obj = unwrap(n.arguments[0]!);
  const isTool = (e: ts.Expression) => {
    const t = ev.deref(e);
    return !(t instanceof NotStatic) && 'pos' in t && toolByCall.has(unwrap(t));
  };
  return (
    ts.isObjectLiteralExpression(obj) &&
    obj.properties.every(
      (p) => (ts.isShorthandPropertyAssignment(p) && isTool(p.name)) || (ts.isPropertyAssignment(p) && isTool(p.initializer)),
    )
  );
}

/**
 * Whether `call` is `list.map(fn)` with a function (written in place, or a `const` or function
 * of the file) that returns `{ ...t, description: ... }` for its parameter `t`, setting only how
 * the tool is labelled (see {@link LABEL_KEYS}): the copies keep each tool's approval and execute
 * (`core: [readNote, deleteNote].map(withPrefix)` with `withPrefix = (t) => ({ ...t, description: '[notes] ' + t.description })`).
 */
function relabels(call: ts.CallExpression, ev: Evaluator): boolean {
  const c = unwrap(call.expression);
  if (!ts.isPropertyAccessExpression(c) || c.name.text !== 'map' || call.arguments.length !== 1) return false;
  let fn: ts.Node = unwrap(call.arguments[0]!);
  if (ts.isIdentifier(fn)) {
    const name = fn.text;
    const declared = call.getSourceFile().statements.find((st) => ts.isFunctionDeclaration(st) && st.name?.text === name);
    const t = declared ?? ev.deref(fn);
    if (t instanceof NotStatic || !('pos' in t)) return false;
    fn = ts.isExpression(t) ? unwrap(t) : t;
  }
  if (!(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) || ts.isFunctionDeclaration(fn)) || !fn.body) return false;
  const param = fn.parameters[0]?.name;
  if (!param || !ts.isIdentifier(param)) return false;
  const body = fn.body;
  const returned = ts.isBlock(body)
    ? body.statements.length === 1 && ts.isReturnStatement(body.statements[0]!)
      ? body.statements[0].expression
      : undefined
    : body;
  const obj = returned && unwrap(returned);
  const spread = obj && relabelled(obj);
  return spread !== undefined && ts.isIdentifier(spread) && spread.text === param.text;
}

/** The keys a copy of a tool may set and still hand out that tool's approval and execute as defined. */
const LABEL_KEYS = new Set(['name', 'description', 'title']);

/**
 * Whether `expr` is an object literal that spreads one tool and sets only how it is labelled
 * (`{ ...readNote, name: 'get_note', description }`): it runs that tool's execute under that tool's
 * approval keys, so it hands out no other tool's behaviour. `toolByCall` is the extracted tools by call.
 */
function labelledCopy(expr: ts.Expression, ev: Evaluator, toolByCall: Map<ts.Node, ExtractedTool>): boolean {
  const spread = relabelled(expr);
  const target = spread && ev.deref(spread);
  return target !== undefined && !(target instanceof NotStatic) && 'pos' in target && toolByCall.has(unwrap(target));
}

/**
 * The one thing `e` spreads (unwrapped), when `e` is an object literal that spreads one thing and
 * sets only how it is labelled ({@link LABEL_KEYS}, not computed): `{ ...t, description }` gives `t`.
 */
function relabelled(e: ts.Expression): ts.Expression | undefined {
  if (!ts.isObjectLiteralExpression(e)) return undefined;
  const spreads = e.properties.filter(ts.isSpreadAssignment);
  const onlyLabels = e.properties.every(
    (p) =>
      ts.isSpreadAssignment(p) ||
      ((ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
        !ts.isComputedPropertyName(p.name) &&
        LABEL_KEYS.has(nodeText(p.name))),
  );
  return spreads.length === 1 && onlyLabels ? unwrap(spreads[0]!.expression) : undefined;
}

/**
 * The tool an object literal copies and the keys it sets of its own: `{ ...readNote, description }`
 * spreads one tool (the last spread that resolves to one) and sets `description`. `undefined`
 * when no spread resolves to a tool.
 */
function copiedTool(
  obj: ts.ObjectLiteralExpression,
  ev: Evaluator,
  toolByCall: Map<ts.Node, ExtractedTool>,
): { tool: ExtractedTool; keys: string[] } | undefined {
  let tool: ExtractedTool | undefined;
  const keys: string[] = [];
  for (const p of obj.properties) {
    if (ts.isSpreadAssignment(p)) {
      const target = ev.deref(p.expression);
      const found = !(target instanceof NotStatic) && 'pos' in target ? toolByCall.get(unwrap(target)) : undefined;
      if (found) tool = found;
    } else keys.push(p.name ? nodeText(p.name) : nodeText(p));
  }
  return tool ? { tool, keys } : undefined;
}

/**
 * Finds the registry lists in `files` (`CORE_TOOLS`, `EXTENDED_TOOLS`, `ALL_TOOLS` arrays
 * and `createRegistry({ core, extended })` calls; the first of each kind is `core`,
 * `extended` or `all`, further core and extended lists go to `also`), resolves their
 * entries to tools, and sets `tier` on every tool any core or extended list names (core
 * wins when both do): a tool in a `createRegistry` core is in the core tier whatever other
 * lists the folder holds. An entry declared in a file `ignored` says so (`ignored: true`), and
 * one declared in a file with a syntax error carries its `file:line:col` (`syntaxError`).
 */
export function scanRegistries(
  files: readonly ts.SourceFile[],
  ev: Evaluator,
  toolByCall: Map<ts.Node, ExtractedTool>,
  display: (sf: ts.SourceFile) => string,
  ignored: (sf: ts.SourceFile) => boolean = () => false,
  syntaxError: (sf: ts.SourceFile) => string | undefined = () => undefined,
): RegistryScan {
  const found = findLists(files, ev);
  const analyzed = new Set<ts.SourceFile>(files);
  const positionText = (n: ts.Node) => {
    const at = position(n, display(n.getSourceFile()));
    return `${at.file}:${at.line}:${at.column}`;
  };
  const listByArray = new Map<ts.Node, ListKey>();
  for (const f of found) if (f.array && !listByArray.has(f.array)) listByArray.set(f.array, f.key);
  // `rebuilt` collects the entries that may hand out other objects than the tools (`relax(deleteNote)`, `...list.map(relax)`)
  const entriesOf = (arr: ts.ArrayLiteralExpression, seen: Set<ts.Node>, rebuilt: ts.Expression[]): RegistryEntry[] => {
    const out: RegistryEntry[] = [];
    for (const el of arr.elements) {
      const pos = position(el, display(el.getSourceFile()));
      if (ts.isSpreadElement(el)) {
        const inner = arrayOf(el.expression, ev);
        const spreadOf = inner ? listByArray.get(inner) : undefined;
        if (inner && !spreadOf && !seen.has(inner)) out.push(...entriesOf(inner, new Set([...seen, inner]), rebuilt));
        else out.push({ kind: 'spread', text: nodeText(el), ...(spreadOf ? { spreadOf } : {}), line: pos.line, column: pos.column });
        if (!inner && mayRebuild(el.expression, ev, toolByCall)) rebuilt.push(el);
        continue;
      }
      const target = ev.deref(el);
      const expr = !(target instanceof NotStatic) && 'pos' in target ? unwrap(target) : undefined;
      const tool = expr ? toolByCall.get(expr) : undefined;
      // a call of anything but defineTool (or a wrapper of it) may hand out a changed copy of a tool, and an
      // object literal (a copy: `{ ...readNote, execute: deleteNote.execute }`) is another object than the tools
      if (
        !tool &&
        expr &&
        (ts.isCallExpression(expr) || ts.isNewExpression(expr) || ts.isObjectLiteralExpression(expr)) &&
        !labelledCopy(expr, ev, toolByCall)
      )
        rebuilt.push(el);
      const left = !tool && expr !== undefined && ignored(expr.getSourceFile());
      const broken = !tool && expr !== undefined ? syntaxError(expr.getSourceFile()) : undefined;
      const copyOf = !tool && expr !== undefined && ts.isObjectLiteralExpression(expr) ? copiedTool(expr, ev, toolByCall) : undefined;
      const outside =
        !tool && expr !== undefined && ts.isCallExpression(expr) && !analyzed.has(expr.getSourceFile()) ? positionText(expr) : undefined;
      out.push({
        kind: 'tool',
        text: nodeText(el),
        ...(tool ? { name: tool.name, tool } : {}),
        ...(copyOf ? { copyOf } : {}),
        ...(outside ? { outside } : {}),
        ...(left ? { ignored: true } : {}),
        ...(broken ? { syntaxError: broken } : {}),
        line: pos.line,
        column: pos.column,
      });
    }
    return out;
  };
  const scan: RegistryScan = {};
  const listOf = (f: Found): RegistryList => {
    const rebuilt: ts.Expression[] = [];
    const entries = f.array ? entriesOf(f.array, new Set([f.array]), rebuilt) : [];
    if (!f.array && mayRebuild(f.expr, ev, toolByCall)) rebuilt.push(f.expr);
    // a name (`core`) is shown by the value it stands for
    const shown = (e: ts.Expression) => {
      const t = ts.isIdentifier(unwrap(e)) ? ev.deref(e) : e;
      return nodeText(!(t instanceof NotStatic) && 'pos' in t ? t : e);
    };
    return {
      source: f.source,
      declaredAs: f.declaredAs,
      ...position(f.at, display(f.at.getSourceFile())),
      entries,
      ...(f.array ? {} : { unread: clip(nodeText(f.expr)) }),
      ...(rebuilt.length
        ? {
            rebuilds: rebuilt.map((e) => decidingText(e, e.getSourceFile())).join(' ; '),
            rebuiltBy: clip(rebuilt.map(shown).join(', ')),
          }
        : {}),
    };
  };
  const listed = new Set<ts.Node>();
  const call = found.find((f) => f.source === 'createRegistry');
  if (call) scan.createRegistry = position(call.at, display(call.at.getSourceFile()));
  for (const f of found) {
    if (!scan[f.key]) scan[f.key] = listOf(f);
    // a second registry's tier (or a tier array beside a createRegistry with arrays of its own) holds tools as well
    else if (f.key !== 'all' && f.array && !listed.has(f.array)) ((scan.also ??= {})[f.key] ??= []).push(listOf(f));
    if (f.array) listed.add(f.array);
  }
  const listsOf = (key: ListKey): RegistryList[] => [...(scan[key] ? [scan[key]] : []), ...(key === 'all' ? [] : (scan.also?.[key] ?? []))];
  const toolsOf = (key: ListKey, depth = 0): ExtractedTool[] =>
    listsOf(key)
      .flatMap((l) => l.entries)
      .flatMap((e) =>
        e.tool
          ? [e.tool]
          : e.copyOf
            ? [e.copyOf.tool]
            : e.spreadOf && e.spreadOf !== key && depth < 3
              ? toolsOf(e.spreadOf, depth + 1)
              : [],
      );
  toolsOf('extended').forEach((t, i) => Object.assign(t, { tier: 'extended', registryIndex: i }));
  toolsOf('core').forEach((t, i) => Object.assign(t, { tier: 'core', registryIndex: i }));
  return scan;
}
