/** Finds a toolbox's own adapter layer: functions that turn its tool list into AI SDK or MCP SDK tools. */

import { ts } from './ts-morph.cjs';
import { ADAPTER_LIST } from '../core/adapter-list.js';
import { executeReads, mentions } from './execute-reads.js';
import { unwrap } from './evaluate.js';
import { packageImportOf } from './imports.js';
import { libraryForm } from './library-forms.js';

/**
 * A toolbox's own adapter layer: a function that iterates a list of tools (the registry's
 * ToolDefs, given as a parameter or imported) and builds an SDK's tools from each one, e.g.
 * a `toolsToAI` of its own that returns `tool({...})`/`dynamicTool({...})` (or an object with
 * `jsonSchema(...)`) per ToolDef, also with the AI SDK's `tool` injected (`deps.tool({...})`), or one that calls
 * `server.registerTool(def.name, ...)` per
 * ToolDef. Recognised by what it does, never by its name.
 *
 * `log`, `budget`, `before`, `after` say whether the function (with the functions of its
 * module that call it) shows a tool log, a step budget and the two lifecycle hooks; see
 * {@link findOwnAdapters} for how each is recognised.
 */
export interface OwnAdapter {
  /** The function's name (its declaration, variable or method name), `(anonymous)` when it has none. */
  name: string;
  /** `ai` for AI SDK tools, `mcp` for MCP SDK server tools, `mastra` for Mastra tools. */
  sdk: 'ai' | 'mcp' | 'mastra';
  file: string;
  /** 1-based position of the function's name (or of the function when it has none). */
  line: number;
  column: number;
  log: boolean;
  budget: boolean;
  before: boolean;
  after: boolean;
}

/** What {@link findOwnAdapters} found in one file: the adapters, and the SDK calls inside them (not tools of their own). */
export interface OwnAdapterScan {
  adapters: Omit<OwnAdapter, 'file' | 'line' | 'column'>[];
  /** Per adapter, the node its position is taken from (same order as `adapters`). */
  at: ts.Node[];
  sdkCalls: Set<ts.CallExpression>;
}

/** Text that names an SDK an own adapter may target (from the adapter list), or an injected AI SDK builder. */
const SDK_SPECIFIERS = [
  ...ADAPTER_LIST.filter((a) => a.ownAdapters).flatMap((a) => a.sdkModules.flatMap((m) => (m.endsWith('/') ? [m] : [`'${m}'`, `"${m}"`]))),
  '.tool({',
  '.dynamicTool({',
];

/**
 * Whether a file's text may hold an own adapter: it names an SDK module or calls an injected `.tool({` (a cheap filter before walking it).
 */
export function mayHoldAdapter(text: string): boolean {
  return SDK_SPECIFIERS.some((s) => text.includes(s));
}

const AI_MODULES = new Set(['ai', '@ai-sdk/provider-utils']);
const ITERATORS = new Set(['map', 'flatMap', 'forEach', 'reduce', 'filter', 'entries', 'fromEntries']);

/** The words of an identifier: `onBeforeExecute` -> on, before, execute; `STEP_BUDGET` -> step, budget. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

type SdkKind = OwnAdapter['sdk'];

/** Method names of an AI SDK builder passed in as a dependency (`deps.tool(...)`), and the keys that make its argument a tool. */
const INJECTED = new Set(['tool', 'dynamicTool']);
const TOOL_KEYS = new Set(['inputSchema', 'parameters', 'execute']);

function sdkOf(call: ts.CallExpression): SdkKind | undefined {
  const form = libraryForm(call);
  if (form === 'ai-tool') return 'ai';
  if (form === 'mcp-registerTool' || form === 'mcp-registerToolTask' || form === 'mcp-tool') return 'mcp';
  if (form === 'mastra-createTool') return 'mastra';
  // the seed's dependency-injected adapter, `toolsToAI(tools, options, deps)`: `deps.tool({ ... })`
  // (or `deps.dynamicTool`) with one object holding `inputSchema`, `parameters` or `execute`
  if (ts.isPropertyAccessExpression(call.expression) && INJECTED.has(call.expression.name.text) && call.arguments.length === 1) {
    const arg = call.arguments[0]!;
    if (ts.isObjectLiteralExpression(arg) && arg.properties.some((p) => p.name && ts.isIdentifier(p.name) && TOOL_KEYS.has(p.name.text)))
      return 'ai';
  }
  // `{ description, inputSchema: jsonSchema(...) }`: an AI SDK tool written as a plain object
  if (ts.isIdentifier(call.expression)) {
    const imp = packageImportOf(call.expression);
    if (imp && AI_MODULES.has(imp.module) && imp.imported === 'jsonSchema') return 'ai';
  }
  return undefined;
}

function bindingNames(name: ts.BindingName, out: Set<string>): void {
  if (ts.isIdentifier(name)) out.add(name.text);
  else for (const el of name.elements) if (!ts.isOmittedExpression(el)) bindingNames(el.name, out);
}

function isArrayOfLiterals(e: ts.Expression): boolean {
  return (
    ts.isArrayLiteralExpression(e) &&
    e.elements.every((x) => ts.isStringLiteral(x) || ts.isNumericLiteral(x) || ts.isNoSubstitutionTemplateLiteral(x))
  );
}

/**
 * The per-tool variables of the iterations between `call` and the outermost function holding
 * it (`for (const def of defs)`, `defs.map((def) => ...)`), and that function; `undefined`
 * when the call is in no function. A loop over literal values (`['cm', 'in']`) is not a list of tools.
 */
function iterationOf(call: ts.Node): { vars: Set<string>; fn: ts.FunctionLikeDeclaration } | undefined {
  const { vars, fn } = iterationAround(call);
  return fn ? { vars, fn } : undefined;
}

/**
 * The per-tool variables of the iterations around `call` (see {@link iterationOf}), the
 * outermost function holding it, if any, and the outermost loop statement (a top-level
 * `for (const t of registry.all)` holds no function).
 */
function iterationAround(call: ts.Node): { vars: Set<string>; fn?: ts.FunctionLikeDeclaration; loop?: ts.Node } {
  const vars = new Set<string>();
  let fn: ts.FunctionLikeDeclaration | undefined;
  let loop: ts.Node | undefined;
  for (let n = call.parent; n && !ts.isSourceFile(n); n = n.parent) {
    if (
      (ts.isForOfStatement(n) || ts.isForInStatement(n)) &&
      !isArrayOfLiterals(n.expression) &&
      ts.isVariableDeclarationList(n.initializer)
    ) {
      for (const d of n.initializer.declarations) bindingNames(d.name, vars);
      loop = n;
    }
    if (ts.isFunctionLike(n) && 'body' in n && n.body) {
      const p = n.parent;
      const callee = p && ts.isCallExpression(p) && p.arguments.includes(n as ts.Expression) ? p.expression : undefined;
      if (callee && ts.isPropertyAccessExpression(callee) && ITERATORS.has(callee.name.text) && !isArrayOfLiterals(callee.expression)) {
        for (const param of n.parameters) bindingNames(param.name, vars);
      }
      fn = n;
    }
  }
  return { vars, ...(fn ? { fn } : {}), ...(loop ? { loop } : {}) };
}

function nameNodeOf(fn: ts.FunctionLikeDeclaration): ts.Node | undefined {
  if (fn.name && (ts.isIdentifier(fn.name) || ts.isStringLiteral(fn.name))) return fn.name;
  const p = fn.parent;
  if (p && (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p)) && ts.isIdentifier(p.name)) return p.name;
  return undefined;
}

/**
 * What a function body shows, read from the words of the names it uses:
 * - `log`: a call on or of a name with the word log/logs/logger (`log.add(e)`, `onToolLog(e)`,
 *   `logger.info(...)`), `console.*` excepted;
 * - `budget`: a name with the word budget, step or steps (`stepsLeft`, `getStepBudget`, `maxSteps`);
 * - `before`/`after`: a call of a name with the word before/after (`onBeforeExecute?.(...)`, `hooks.after(...)`).
 */
function evidence(nodes: readonly ts.Node[]): Pick<OwnAdapter, 'log' | 'budget' | 'before' | 'after'> {
  const found = { log: false, budget: false, before: false, after: false };
  const calleeWords = (e: ts.Expression): string[] => {
    const out: string[] = [];
    for (let x: ts.Expression = e; ;) {
      if (ts.isPropertyAccessExpression(x)) {
        out.push(...words(x.name.text));
        x = x.expression;
      } else if (ts.isElementAccessExpression(x) || ts.isNonNullExpression(x) || ts.isParenthesizedExpression(x)) x = x.expression;
      else {
        if (ts.isIdentifier(x)) out.push(...(x.text === 'console' ? ['console'] : words(x.text)));
        return out;
      }
    }
  };
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n)) {
      const w = calleeWords(n.expression);
      if (!w.includes('console') && w.some((x) => x === 'log' || x === 'logs' || x === 'logger')) found.log = true;
      if (w.includes('before')) found.before = true;
      if (w.includes('after')) found.after = true;
    }
    if (ts.isIdentifier(n) && words(n.text).some((x) => x === 'budget' || x === 'step' || x === 'steps')) found.budget = true;
    ts.forEachChild(n, visit);
  };
  for (const n of nodes) visit(n);
  return found;
}

/** The other top-level statements of `sf` that use `name` (the module's callers of an adapter). */
function callersInFile(sf: ts.SourceFile, name: string, self: ts.Node): ts.Node[] {
  const out: ts.Node[] = [];
  for (const st of sf.statements) {
    if (st === self) continue;
    if (mentions(st, new Set([name]))) out.push(st);
  }
  return out;
}

/**
 * Finds the own adapters of one file (see {@link OwnAdapter}): a function holding an SDK
 * tool-building call (`tool`/`dynamicTool`/`jsonSchema` from `ai`, `registerTool`/`tool` on an
 * MCP server, Mastra `createTool`) inside an iteration whose per-tool variable the call's
 * arguments use (`tool({ description: def.description, ... })`). A loop over literal values
 * and a call outside any function are not adapters (they stay tools or diagnostics).
 */
export function findOwnAdapters(sf: ts.SourceFile): OwnAdapterScan {
  const byFn = new Map<ts.FunctionLikeDeclaration, SdkKind>();
  const sdkCalls = new Set<ts.CallExpression>();
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n)) {
      const sdk = sdkOf(n);
      const it = sdk ? iterationOf(n) : undefined;
      if (sdk && it && it.vars.size > 0 && n.arguments.some((a) => mentions(a, it.vars))) {
        sdkCalls.add(n);
        if (!byFn.has(it.fn)) byFn.set(it.fn, sdk);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  const scan: OwnAdapterScan = { adapters: [], at: [], sdkCalls };
  for (const [fn, sdk] of byFn) {
    const nameNode = nameNodeOf(fn);
    const name = nameNode ? (nameNode as ts.Identifier).text : '(anonymous)';
    const top = topStatement(fn);
    const scope = [fn, ...(nameNode ? callersInFile(sf, name, top) : [])];
    scan.adapters.push({ name, sdk, ...evidence(scope) });
    scan.at.push(nameNode ?? fn);
  }
  return scan;
}

function topStatement(n: ts.Node): ts.Node {
  while (n.parent && !ts.isSourceFile(n.parent)) n = n.parent;
  return n;
}

/** The adapter name of a {@link DirectExecute} in a loop outside any function. */
const TOP_LEVEL = '(top level)';

/** One place where a toolbox's own adapter runs a tool's `execute` itself, outside `runTool`. */
export interface DirectExecute {
  /**
   * The adapter function's name (see {@link OwnAdapter}), `(anonymous)` when it has none,
   * `(top level)` for a loop outside any function.
   */
  adapter: string;
  /**
   * The `.execute` read, or the `execute` binding taken from a tool (see `executeReads`); for a
   * tool passed to a function of the same file (`execute: (a) => run(t, a)`), the read inside that
   * function (`t.execute` in `const run = (t, a) => t.execute(undefined, a)`), the real bypass.
   */
  node: ts.Node;
}

/** Whether an SDK tool-building call's object argument sets `needsApproval`, to anything but a literal `false` (the AI SDK asks then). */
function asksInSdk(call: ts.CallExpression): boolean {
  return call.arguments.some(
    (a) =>
      ts.isObjectLiteralExpression(a) &&
      a.properties.some(
        (p) =>
          (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
          p.name &&
          ts.isIdentifier(p.name) &&
          p.name.text === 'needsApproval' &&
          !(ts.isPropertyAssignment(p) && p.initializer.kind === ts.SyntaxKind.FalseKeyword),
      ),
  );
}

/**
 * Where a toolbox's own adapter (an SDK tool built per tool of a list, see
 * {@link findOwnAdapters}, also in a loop outside any function) runs a tool's `execute` itself
 * instead of through `runTool`: `tool({ ..., execute: (args) => t.execute(undefined, args) })`
 * over `registry.all`, also through a function of the same file the tool is passed to
 * (`execute: (a) => run(t, a)`, see `helperReads`). Such a call skips the pipeline, and with it approval (the tool's
 * `needsApproval`, the approval rules, the `approve` callback), the hooks and the call log. An
 * AI SDK tool that sets its own `needsApproval` (not a literal `false`) asks through the AI SDK
 * and is not listed. So is a function or loop over a list of tools (see `isToolList`) that builds
 * no SDK tool but calls each tool's `execute` or hands it on as an object's `execute`
 * (`registry.all.map((t) => [t.name, { execute: (a) => t.execute(undefined, a) }])`, also
 * `({ name, execute }) => ...`). One entry per adapter, at its first such read (inside the helper
 * for one read through a helper).
 */
export function directExecutes(sf: ts.SourceFile): DirectExecute[] {
  const byScope = new Map<ts.Node, { vars: Set<string>; fn?: ts.FunctionLikeDeclaration; asks: boolean }>();
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && sdkOf(n)) {
      const it = iterationAround(n);
      const scope = it.fn ?? it.loop;
      if (scope && it.vars.size > 0 && n.arguments.some((a) => mentions(a, it.vars))) {
        const entry = byScope.get(scope) ?? { vars: new Set<string>(), ...(it.fn ? { fn: it.fn } : {}), asks: true };
        for (const v of it.vars) entry.vars.add(v);
        entry.asks &&= asksInSdk(n);
        byScope.set(scope, entry);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  const out: DirectExecute[] = [];
  for (const [scope, { vars, fn, asks }] of byScope) {
    if (asks) continue;
    const [first] = executeReads(scope, vars);
    if (!first) continue;
    const nameNode = fn ? nameNodeOf(fn) : undefined;
    out.push({ adapter: fn ? (nameNode ? (nameNode as ts.Identifier).text : '(anonymous)') : TOP_LEVEL, node: first });
  }
  for (const [scope, { vars, fn }] of plainAdapters(sf, new Set(byScope.keys()))) {
    const first = executeReads(scope, vars).find(runsOrHandsOn);
    if (!first) continue;
    const nameNode = fn ? nameNodeOf(fn) : undefined;
    out.push({ adapter: fn ? (nameNode ? (nameNode as ts.Identifier).text : '(anonymous)') : TOP_LEVEL, node: first });
  }
  return out;
}

/** Member names that make a list of tools (`registry.all`, `.core`, `.extended`), and words of a name that does (`tools`, `toolDefs`). */
const TOOL_LISTS = new Set(['all', 'core', 'extended']);
const TOOL_WORDS = new Set(['tool', 'tools', 'defs', 'registry']);

/**
 * Whether `e` reads as a list of tools: `registry.all`, `.core`, `.extended`, a call of
 * `select(...)` (`registry.select(...)`), or a name with the word tool, tools, defs or registry
 * (`tools`, `myTools`, `this.toolDefs`), also filtered or sliced first (`registry.all.filter(...)`).
 */
export function isToolList(e: ts.Expression): boolean {
  const u = unwrap(e);
  if (ts.isCallExpression(u)) {
    const c = unwrap(u.expression);
    const name = ts.isIdentifier(c) ? c.text : ts.isPropertyAccessExpression(c) ? c.name.text : undefined;
    if (name === 'select') return true;
    return ts.isPropertyAccessExpression(c) && ['filter', 'slice', 'concat'].includes(c.name.text) && isToolList(c.expression);
  }
  const name = ts.isIdentifier(u) ? u.text : ts.isPropertyAccessExpression(u) ? u.name.text : undefined;
  if (name === undefined) return false;
  return (ts.isPropertyAccessExpression(u) && TOOL_LISTS.has(name)) || words(name).some((w) => TOOL_WORDS.has(w));
}

/**
 * The iterations over a list of tools (see {@link isToolList}) that build no SDK tool: a
 * callback of `tools.map(...)` (or another iterator) and a `for (const t of tools)` loop, by the
 * scope an adapter is named after (the outermost function holding it, else the loop), with their
 * per-tool variables. Scopes in `skip` (those that build SDK tools) are left out.
 */
function plainAdapters(
  sf: ts.SourceFile,
  skip: ReadonlySet<ts.Node>,
): Map<ts.Node, { vars: Set<string>; fn?: ts.FunctionLikeDeclaration }> {
  const out = new Map<ts.Node, { vars: Set<string>; fn?: ts.FunctionLikeDeclaration }>();
  const visit = (n: ts.Node): void => {
    let body: ts.Node | undefined;
    if (ts.isForOfStatement(n) && isToolList(n.expression)) body = n.statement;
    if ((ts.isArrowFunction(n) || ts.isFunctionExpression(n)) && ts.isCallExpression(n.parent) && n.parent.arguments.includes(n)) {
      const callee = n.parent.expression;
      if (ts.isPropertyAccessExpression(callee) && ITERATORS.has(callee.name.text) && isToolList(callee.expression)) body = n.body;
    }
    if (body) {
      const it = iterationAround(body);
      const scope = it.fn ?? it.loop;
      if (scope && !skip.has(scope) && it.vars.size > 0) {
        const entry = out.get(scope) ?? { vars: new Set<string>(), ...(it.fn ? { fn: it.fn } : {}) };
        for (const v of it.vars) entry.vars.add(v);
        out.set(scope, entry);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** Whether `e` is in the value of an `execute` property of an object literal that does not set `needsApproval` (but to `false`). */
function handedOnAsExecute(e: ts.Node): boolean {
  const p = e.parent;
  if (!(p && (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && p.name.getText() === 'execute')) return false;
  const obj = p.parent;
  return !obj.properties.some(
    (q) =>
      (ts.isPropertyAssignment(q) || ts.isShorthandPropertyAssignment(q)) &&
      q.name.getText() === 'needsApproval' &&
      !(ts.isPropertyAssignment(q) && q.initializer.kind === ts.SyntaxKind.FalseKeyword),
  );
}

/**
 * Whether `e` (a value) is called (`e(...)`, `e.call(...)`, `e.apply(...)`, `e.bind(...)(...)`) or
 * handed on as an `execute` (see {@link handedOnAsExecute}).
 */
function calledOrHandedOn(e: ts.Node): boolean {
  let x: ts.Node = e;
  while (ts.isParenthesizedExpression(x.parent) || ts.isAsExpression(x.parent) || ts.isNonNullExpression(x.parent)) x = x.parent;
  const p = x.parent;
  if (ts.isCallExpression(p) && p.expression === x) return true;
  if (ts.isPropertyAccessExpression(p) && ['call', 'apply', 'bind'].includes(p.name.text))
    return calledOrHandedOn(p) || ts.isCallExpression(p.parent);
  if (ts.isCallExpression(p) && p.expression !== x && ts.isPropertyAccessExpression(p.expression) && p.expression.name.text === 'bind')
    return calledOrHandedOn(p);
  return handedOnAsExecute(x);
}

/**
 * Whether a read of `execute` (see `executeReads`) runs the tool or hands its `execute` on: the read
 * is called or handed on (see {@link calledOrHandedOn}), or it destructures `execute` (`({ execute })
 * => ...`, `const { execute: run } = t`) into a name that is called or handed on in the function
 * (or file) the binding is in.
 */
function runsOrHandsOn(read: ts.Node): boolean {
  if (!ts.isObjectBindingPattern(read)) return calledOrHandedOn(read);
  const names = new Set<string>();
  for (const el of read.elements) {
    const key = el.propertyName ?? el.name;
    if ((ts.isIdentifier(key) || ts.isStringLiteral(key)) && key.text === 'execute' && ts.isIdentifier(el.name)) names.add(el.name.text);
  }
  let scope: ts.Node = read;
  while (scope.parent && !ts.isFunctionLike(scope)) scope = scope.parent;
  const uses = (n: ts.Node): boolean =>
    (ts.isIdentifier(n) && names.has(n.text) && !ts.isBindingElement(n.parent) && calledOrHandedOn(n)) ||
    (ts.forEachChild(n, uses) ?? false);
  return uses(scope);
}

/** A {@link DirectExecute}'s adapter in words for a message: `The adapter toAI`, `The top-level loop` (lower case unless `start`). */
export function adapterWords(adapter: string | undefined, start = true): string {
  const words = adapter === TOP_LEVEL ? 'the top-level loop over the tools' : `the adapter ${adapter ?? '(anonymous)'}`;
  return start ? words[0]!.toUpperCase() + words.slice(1) : words;
}
