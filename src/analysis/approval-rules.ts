/** Approval policies written in code: the `approval` literals passed to our API, read without running code. */

import { readFileSync } from 'node:fs';
import { ts } from './ts-morph.cjs';
import { displayPath } from './project.js';
import { returnsOf, shownText, unwrap } from './evaluate.js';
import { mutationOf } from './const-mutation.js';
import { APPROVAL_CALLEES, apiCallsIn } from './api-calls.js';
import { keyOfOptions } from './approver-reading.js';
import { parseTextAlone } from './parse-depth.js';
import { memberKey, setsPrototype } from './member-key.js';

export { APPROVAL_CALLEES } from './api-calls.js';

/** The lists of an approval policy (`ApprovalPolicy`); within one policy deny wins over ask, and ask over allow. */
export const APPROVAL_LISTS = ['allow', 'ask', 'deny'] as const;

export type ApprovalList = (typeof APPROVAL_LISTS)[number];

/** One rule written as a string literal: its value and where it is (1-based; `start` is the offset after the opening quote). */
export interface CodeApprovalRule {
  rule: string;
  file: string;
  line: number;
  column: number;
  start: number;
}

/**
 * One approval policy in code: the call it is passed to (`toolsToAI`), where it is, and its
 * rules by list. The policy is an object literal, or a `const` of the same file whose
 * initializer is one (through `as const` and `satisfies`), and so is each list (an array
 * literal, or such a `const`); spreads of such literals are read as the runtime reads them. A
 * part that is not read so (an import from another module, a function call, a `let`, a
 * parameter) leaves its rules out of `lists`, and `unread` says why, at the `approval`
 * property: a policy that is not read must not pass for one that was checked.
 */
export interface CodeApprovalPolicy {
  callee: string;
  file: string;
  line: number;
  column: number;
  lists: Partial<Record<ApprovalList, CodeApprovalRule[]>>;
  unread?: { why: string; line: number; column: number; inherits?: true };
}

/**
 * Why options, or a policy, with a `__proto__` key (see `setsPrototype`) are not read: at run time
 * the call refuses them (`assertOwnOptions`), and what they would inherit is not in the literal.
 */
const INHERITS_WHY = {
  options: 'its options set their prototype with `__proto__`, so an approval or approve they inherit would apply',
  policy: 'the policy sets its prototype with `__proto__`, so allow, ask or deny lists it inherits would apply',
} as const;

const CALL_WORDS = new RegExp(`\\b(?:${APPROVAL_CALLEES.join('|')})\\b`);

/** Whether `text` may hold a policy literal, or a use of a function that takes one (a cheap test before parsing a file). */
export function mayHoldApprovalPolicy(text: string): boolean {
  // a file that imports agent-tools may call one under a name built at run time (`at['tools' + 'ToAI']`)
  return CALL_WORDS.test(text) || /(?:from\s*|require\(\s*|import\(\s*)['"]agent-tools(?:\/[^'"]*)?['"]/.test(text);
}

/** A value read statically: the literal it is, or why it cannot be read (`POLICY is imported from ./policy.js`). */
type Read<T> = { node: T } | { why: string };

/** How the name `id` is declared in the scopes around it (as far as one file tells), or `undefined` when not in this file. */
function declarationOf(id: ts.Identifier): ts.Node | undefined {
  const name = id.text;
  const declares = (n: ts.Node): ts.Node | undefined => {
    if (ts.isVariableStatement(n)) return n.declarationList.declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === name);
    if ((ts.isFunctionDeclaration(n) || ts.isClassDeclaration(n) || ts.isEnumDeclaration(n)) && n.name?.text === name) return n;
    if (ts.isImportDeclaration(n) && n.importClause) {
      const c = n.importClause;
      if (c.name?.text === name) return c;
      const b = c.namedBindings;
      if (b && ts.isNamespaceImport(b) && b.name.text === name) return b;
      if (b && ts.isNamedImports(b)) return b.elements.find((e) => e.name.text === name);
    }
    return undefined;
  };
  for (let n: ts.Node | undefined = id.parent; n; n = n.parent) {
    if (ts.isFunctionLike(n)) {
      const param = n.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === name);
      if (param) return param;
    }
    const statements =
      ts.isSourceFile(n) || ts.isBlock(n) || ts.isModuleBlock(n) || ts.isCaseClause(n) || ts.isDefaultClause(n) ? n.statements : undefined;
    for (const st of statements ?? []) {
      const d = declares(st);
      if (d) return d;
    }
  }
  return undefined;
}

/**
 * The literal `e` stands for, read without running code: `e` itself (parentheses, `as`,
 * `satisfies` and `!` taken off), or the initializer of the `const` an identifier names in the
 * same file, followed as far as it goes; else why not. A `const` changed in place anywhere in
 * the file (`policy.allow.push(x)`, see `mutationOf`) is not read as its literal.
 */
function literalOf(e: ts.Expression, sf: ts.SourceFile, seen = new Set<ts.Node>()): Read<ts.Expression> {
  e = unwrap(e);
  if (!ts.isIdentifier(e)) {
    if (ts.isCallExpression(e)) return returnedLiteral(e, sf, seen);
    if (ts.isNewExpression(e)) return { why: `it is the result of ${shownText(e, sf)}` };
    return { node: e };
  }
  const d = declarationOf(e);
  const name = e.text;
  if (!d) return { why: `${name} is not declared in this file` };
  if (ts.isImportClause(d) || ts.isImportSpecifier(d) || ts.isNamespaceImport(d)) {
    const from = (ts.isImportSpecifier(d) ? d.parent.parent.parent : ts.isNamespaceImport(d) ? d.parent.parent : d.parent).moduleSpecifier;
    return { why: `${name} is imported from ${ts.isStringLiteral(from) ? from.text : shownText(from, sf)}` };
  }
  if (ts.isParameter(d)) return { why: `${name} is a parameter` };
  if (!ts.isVariableDeclaration(d)) return { why: `${name} is not a variable` };
  const flags = ts.getCombinedNodeFlags(d);
  if (!(flags & ts.NodeFlags.Const)) return { why: `${name} is declared with ${flags & ts.NodeFlags.Let ? 'let' : 'var'}` };
  if (!d.initializer) return { why: `${name} has no value in this file` };
  if (seen.has(d)) return { why: `${name} refers to itself` };
  const changed = mutationOf(name, sf);
  if (changed)
    return {
      why: `${name} is changed after its declaration, at line ${sf.getLineAndCharacterOfPosition(changed.getStart(sf)).line + 1} (${shownText(changed, sf)})`,
    };
  seen.add(d);
  const inner = literalOf(d.initializer, sf, seen);
  return 'why' in inner && ts.isCallExpression(d.initializer) ? { why: `${name} is the result of ${shownText(d.initializer, sf)}` } : inner;
}

/**
 * The literal a call of a function of this file returns (`makeOptions()`, a function declaration
 * or a `const` holding an arrow or function expression, called by its name): the value of its
 * one `return` (or its expression body), read by {@link literalOf}; else why not (a function of
 * another module, several returns, a value that reads a parameter).
 */
function returnedLiteral(call: ts.CallExpression, sf: ts.SourceFile, seen: Set<ts.Node>): Read<ts.Expression> {
  const why = (more?: string) => ({ why: `it is the result of ${shownText(call, sf)}${more ? `: ${more}` : ''}` });
  const callee = unwrap(call.expression);
  if (!ts.isIdentifier(callee)) return why();
  const d = declarationOf(callee);
  const init = d && ts.isVariableDeclaration(d) && ts.getCombinedNodeFlags(d) & ts.NodeFlags.Const ? d.initializer : undefined;
  const fn =
    d && ts.isFunctionDeclaration(d)
      ? d
      : init && (ts.isArrowFunction(unwrap(init)) || ts.isFunctionExpression(unwrap(init)))
        ? unwrap(init)
        : undefined;
  if (!fn || !(ts.isFunctionDeclaration(fn) || ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) || !fn.body) return why();
  if (seen.has(fn)) return why(`${callee.text} calls itself`);
  let value: ts.Expression | undefined;
  if (ts.isBlock(fn.body)) {
    const { returns } = returnsOf(fn.body);
    if (returns.length !== 1 || !returns[0]!.expression)
      return why(`${callee.text} has ${returns.length > 1 ? 'more than one' : 'no'} return value`);
    value = returns[0]!.expression;
  } else value = fn.body;
  seen.add(fn);
  const inner = literalOf(value, sf, seen);
  return 'why' in inner ? why(inner.why) : inner;
}

/** The object literal `e` stands for (see {@link literalOf}), or why not. */
function objectOf(e: ts.Expression, sf: ts.SourceFile): Read<ts.ObjectLiteralExpression> {
  const r = literalOf(e, sf);
  if ('why' in r) return r;
  return ts.isObjectLiteralExpression(r.node) ? { node: r.node } : { why: `${shownText(e, sf)} is not an object literal` };
}

/** The elements of the array literal `e` stands for, spreads of array literals laid out in place, or why not. */
function elementsOf(e: ts.Expression, sf: ts.SourceFile, depth = 0): Read<ts.Expression[]> {
  const r = literalOf(e, sf);
  if ('why' in r) return r;
  if (!ts.isArrayLiteralExpression(r.node)) return { why: `${shownText(e, sf)} is not an array literal` };
  const out: ts.Expression[] = [];
  for (const el of r.node.elements) {
    if (!ts.isSpreadElement(el)) {
      out.push(el);
      continue;
    }
    if (depth > 20) return { why: `${shownText(el, sf)} nests too deep` };
    const inner = elementsOf(el.expression, sf, depth + 1);
    if ('why' in inner) return inner;
    out.push(...inner.node);
  }
  return { node: out };
}

/**
 * The properties of the object literal `obj` as the runtime sees them (spreads of object
 * literals laid out in place; a later key replaces an earlier one), by name, with the reasons
 * of the spreads that cannot be read.
 */
function propertiesOf(
  obj: ts.ObjectLiteralExpression,
  sf: ts.SourceFile,
  depth = 0,
): { props: Map<string, ts.ObjectLiteralElementLike>; why: string[] } {
  const props = new Map<string, ts.ObjectLiteralElementLike>();
  const why: string[] = [];
  for (const p of obj.properties) {
    if (ts.isSpreadAssignment(p)) {
      const inner = depth > 20 ? { why: `${shownText(p, sf)} nests too deep` } : objectOf(p.expression, sf);
      if ('why' in inner) {
        why.push(`it spreads ${shownText(p.expression, sf)}: ${inner.why}`);
        continue;
      }
      const nested = propertiesOf(inner.node, sf, depth + 1);
      for (const [k, v] of nested.props) props.set(k, v);
      why.push(...nested.why);
      continue;
    }
    const key = memberKey(p, sf);
    if (key === undefined) continue;
    if ('unread' in key) why.push(key.unread);
    else if (key.value === undefined)
      why.push(`${key.name} is ${ts.isMethodDeclaration(p) ? 'a method' : 'an accessor'}, whose value cannot be read`);
    else props.set(key.name, p);
  }
  return { props, why };
}

/** Whether `e` is the identifier `undefined` (no options, no policy). */
const isUndefined = (e: ts.Expression) => ts.isIdentifier(unwrap(e)) && (unwrap(e) as ts.Identifier).text === 'undefined';

/**
 * Which argument of each of {@link APPROVAL_CALLEES} is its options object, where `approval`
 * (and for all but `createRegistry`, `approve`) goes: `createRegistry(options)`,
 * `toolsToAI(tools, options)`, `runTool(def, args, options)`.
 */
export const OPTIONS_AT: Readonly<Record<string, number>> = { toolsToAI: 1, createMcpServer: 1, toolsToCommands: 1, runTool: 2 };
const POLICY_AT: Readonly<Record<string, number>> = { createRegistry: 0, ...OPTIONS_AT };

/** The value of a property (a shorthand `{ allow }` stands for the name). */
const valueOf = (p: ts.ObjectLiteralElementLike): ts.Expression | undefined =>
  ts.isPropertyAssignment(p) ? p.initializer : ts.isShorthandPropertyAssignment(p) ? p.name : undefined;

/**
 * The policies in `approval: <policy>` or `approval: [<policy>, ...]` (several, nearest first)
 * of each options object passed to one of {@link APPROVAL_CALLEES} in `sf`, in source order
 * (see {@link CodeApprovalPolicy} for what is read), under any name the file calls it by (see
 * `apiCallsIn`: an import or `const` alias, `.call`, `.bind`). A use of one of them that cannot be
 * followed (`wrap(toolsToAI)`) is a policy that cannot be read, at that use. `file` is how the file
 * is shown (relative to the working folder).
 */
export function approvalPoliciesIn(sf: ts.SourceFile, file: string): CodeApprovalPolicy[] {
  const out: CodeApprovalPolicy[] = [];
  const at = (node: ts.Node) => {
    const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    return { file, line: line + 1, column: character + 1 };
  };
  const unread = (callee: string, place: ts.Node, prop: ts.Node, why: string[]): CodeApprovalPolicy => {
    const p = at(prop);
    return { callee, ...at(place), lists: {}, unread: { why: why.join('; '), line: p.line, column: p.column } };
  };
  const inherits = (callee: string, obj: ts.ObjectLiteralExpression, of: keyof typeof INHERITS_WHY): boolean => {
    const proto = obj.properties.find(setsPrototype);
    if (!proto) return false;
    const site = unread(callee, obj, proto, [INHERITS_WHY[of]]);
    out.push({ ...site, unread: { ...site.unread!, inherits: true } });
    return true;
  };
  const readPolicy = (callee: string, expr: ts.Expression, prop: ts.Node) => {
    const obj = objectOf(expr, sf);
    if ('why' in obj) return void out.push(unread(callee, expr, prop, [obj.why]));
    if (inherits(callee, obj.node, 'policy')) return;
    const { props, why } = propertiesOf(obj.node, sf);
    const lists: CodeApprovalPolicy['lists'] = {};
    for (const list of APPROVAL_LISTS) {
      const value = props.has(list) ? valueOf(props.get(list)!) : undefined;
      if (!value) continue;
      const elements = elementsOf(value, sf);
      if ('why' in elements) {
        why.push(`approval.${list}: ${elements.why}`);
        continue;
      }
      const rules: CodeApprovalRule[] = [];
      for (const e of elements.node) {
        const r = literalOf(e, sf);
        if ('node' in r && ts.isStringLiteralLike(r.node)) {
          // an empty rule is refused where the policy enters (approvalListMatcher), never matched
          if (r.node.text.trim() !== '') rules.push({ rule: r.node.text, ...at(r.node), start: r.node.getStart(sf) + 1 });
        } else why.push(`approval.${list}: ${'why' in r ? r.why : `${shownText(e, sf)} is not a string literal`}`);
      }
      lists[list] = rules;
    }
    out.push(why.length ? { ...unread(callee, obj.node, prop, why), lists } : { callee, ...at(obj.node), lists });
  };
  const { calls, escapes } = apiCallsIn(sf, APPROVAL_CALLEES);
  for (const { callee, args } of calls)
    args.forEach((arg, i) => {
      const atOptions = i === POLICY_AT[callee];
      // past the options, an object that cannot be read is some other value (the registry, the tool)
      const options = atOptions || ts.isObjectLiteralExpression(arg) || ts.isIdentifier(arg) ? objectOf(arg, sf) : undefined;
      if (!options || isUndefined(arg)) return;
      // options that cannot be read as a literal here may still provably set no `approval`, read as the
      // approver reader reads `approve` (through relative imports): `toolsToAI(registry, optionsOf(log))`
      const noPolicy = () => keyOfOptions(arg, sf, 'approval') === undefined;
      // options that cannot be read (the result of a function of another module, a parameter) may hold any policy
      if ('why' in options) {
        if (atOptions && !noPolicy()) out.push(unread(callee, arg, arg, [`its options cannot be read: ${options.why}`]));
        return;
      }
      // the call refuses options with a prototype at run time; what they would inherit is not read
      if (atOptions && inherits(callee, options.node, 'options')) return;
      const read = propertiesOf(options.node, sf);
      const prop = read.props.get('approval');
      const value = prop && valueOf(prop);
      if (!prop && read.why.length > 0) return void (noPolicy() || out.push(unread(callee, options.node, options.node, read.why)));
      if (!prop || !value || isUndefined(value)) return;
      const policies = literalOf(value, sf);
      if ('node' in policies && ts.isArrayLiteralExpression(policies.node)) {
        const each = elementsOf(policies.node, sf);
        if ('why' in each) out.push(unread(callee, value, prop, [each.why]));
        else for (const e of each.node) readPolicy(callee, e, prop);
      } else readPolicy(callee, value, prop);
    });
  // a use of the function that cannot be followed may pass any policy; so may defineTool called where it cannot be read
  // (`Reflect.apply(make, …, [Object.assign({}, def, extra)])` in a project's wrapper): the definitions it makes are not read
  const defining = apiCallsIn(sf, ['defineTool'], { namespaceEscapes: false }).escapes;
  for (const { callee, node, why } of [...escapes, ...defining]) out.push(unread(callee, node, node, [why]));
  out.sort((a, b) => a.line - b.line || a.column - b.column);
  return out;
}

/**
 * The source files at `paths` (absolute, as `ExportResult.sourceFiles` lists them), each parsed on
 * its own, for a caller that holds no analysis (`diff`); declaration files, `node_modules` and
 * unreadable files left out, and files nested too deeply to parse (see `parseTextAlone`). A file
 * with a syntax error is kept (its readers skip it).
 */
export function parseFilesAlone(paths: readonly string[]): ts.SourceFile[] {
  const sources: ts.SourceFile[] = [];
  for (const path of paths) {
    if (/\.d\.[cm]?ts$/.test(path) || path.split(/[\\/]/).includes('node_modules')) continue;
    let text;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue;
    }
    const sf = parseTextAlone(path, text);
    if (sf) sources.push(sf);
  }
  return sources;
}

/** Parses a file outside the analysis on its own (no project), or `undefined` when it has a syntax error. */
export function parseAlone(path: string, text: string, cwd: string): { sf: ts.SourceFile; file: string } | undefined {
  const sf = parseTextAlone(path, text);
  if (!sf) return undefined;
  const syntax = (sf as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics ?? [];
  return syntax.length > 0 ? undefined : { sf, file: displayPath(path, cwd) };
}
