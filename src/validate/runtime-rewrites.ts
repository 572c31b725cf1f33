/** Project code that changes what agent-tools runs on: builtins rewritten, module hooks, code built from strings, unread imports. */

import { parseTextAlone } from '../analysis/parse-depth.js';
import { shownText } from '../analysis/evaluate.js';
import { ts } from '../analysis/ts-morph.cjs';

/** Why such code counts as a grant of every tool, in words. */
export const REWRITE_WHY = 'project code that may change what agent-tools runs, or run it past what validate and diff read';

/** The standard globals agent-tools relies on, whose rewrite (or a rewrite of their prototype) changes what it runs. */
const BUILTINS = new Set([
  'Object',
  'Function',
  'Array',
  'String',
  'Number',
  'Boolean',
  'Symbol',
  'BigInt',
  'Promise',
  'Map',
  'WeakMap',
  'Set',
  'WeakSet',
  'WeakRef',
  'JSON',
  'Reflect',
  'RegExp',
  'Proxy',
  'Error',
  'TypeError',
  'Date',
  'Math',
  'ArrayBuffer',
  'Uint8Array',
  'structuredClone',
  'queueMicrotask',
  'AbortController',
  'AbortSignal',
  'EventTarget',
  'URL',
  'TextEncoder',
  'TextDecoder',
]);

/** The objects that hold the globals: `globalThis.String`, `global.Map`. */
const GLOBAL_OBJECTS = new Set(['globalThis', 'global', 'self', 'window']);

/** Calls that write their first argument: `Object.defineProperty(String.prototype, ...)`, `Reflect.set(Map.prototype, ...)`. */
const WRITERS = new Set([
  'Object.defineProperty',
  'Object.defineProperties',
  'Object.assign',
  'Object.setPrototypeOf',
  'Reflect.set',
  'Reflect.defineProperty',
  'Reflect.setPrototypeOf',
]);

/** `vm` functions and classes that run code given as a string. */
const VM_RUNNERS = new Set(['runInThisContext', 'runInNewContext', 'runInContext', 'compileFunction', 'Script', 'SourceTextModule']);

/** Text a file must hold to be read at all: one of the forms read, or a write to a member of a builtin (`JSON.parse =`). */
const MAY_REWRITE = new RegExp(
  String.raw`prototype|global|register|eval|Function|constructor|vm|import\s*\(|require\s*\(|createRequire|Reflect\.|Object\.|` +
    String.raw`\b(?:${[...BUILTINS].join('|')})\s*(?:\.\s*[\w$]+\s*|\[[^\]\n]*\]\s*)*[-+*/%&|^?]?=(?!=)`,
);

/** Text that tells a file uses agent-tools or its approval: an import of it, or one of its entry points called. */
const USES_AGENT_TOOLS =
  /['"`]agent-tools(?:\/[^'"`]*)?['"`]|\b(?:runTool|toolsToAI|toolsToCommands|createMcpServer|createRegistry|needsApproval)\b/;

/** Whether a module specifier names node:module. */
const isModuleSpec = (s: string | undefined) => s === 'module' || s === 'node:module';

/** A string literal, or a template with no substitution. */
const isLiteral = (e: ts.Expression) => ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e);

/** `e` without parentheses, `as`, `!` and `satisfies`. */
function bare(e: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e) || ts.isSatisfiesExpression(e))
    e = e.expression;
  return e;
}

/** A property access by name or by element (`a.b`, `a['b']`, `a[k]`): its object and key as written. */
function member(e: ts.Expression): { object: ts.Expression; key: string } | undefined {
  e = bare(e);
  if (ts.isPropertyAccessExpression(e)) return { object: e.expression, key: e.name.text };
  if (ts.isElementAccessExpression(e))
    return { object: e.expression, key: isLiteral(e.argumentExpression) ? (e.argumentExpression as ts.StringLiteral).text : '[…]' };
  return undefined;
}

/** A dotted name as written (`Object.defineProperty`, `vm.Script`), or undefined for anything else. */
function dotted(e: ts.Expression): string | undefined {
  e = bare(e);
  if (ts.isIdentifier(e)) return e.text;
  const m = member(e);
  const head = m && dotted(m.object);
  return head !== undefined ? `${head}.${m!.key}` : undefined;
}

/** The names a file declares itself (a local `Map` is no builtin), with the import bindings it names. */
function declaredNames(sf: ts.SourceFile): Set<string> {
  const out = new Set<string>();
  const visit = (n: ts.Node): void => {
    if (
      (ts.isVariableDeclaration(n) ||
        ts.isParameter(n) ||
        ts.isFunctionDeclaration(n) ||
        ts.isClassDeclaration(n) ||
        ts.isImportSpecifier(n) ||
        ts.isNamespaceImport(n) ||
        ts.isImportClause(n) ||
        ts.isBindingElement(n)) &&
      n.name &&
      ts.isIdentifier(n.name)
    )
      out.add(n.name.text);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/**
 * Where the JavaScript or TypeScript source `text` (at `path`) changes what agent-tools runs on, each at its
 * 1-based line and column with what it does in words:
 * - a write to a standard global or its prototype (see {@link BUILTINS}): an assignment to `String.prototype.startsWith`,
 *   `WeakMap.prototype.set`, `JSON.parse` or `globalThis.Map`, `Object.defineProperty`, `Object.assign`, `Reflect.set` or
 *   `Object.setPrototypeOf` on one; a polyfill that writes only when the member is missing (`??=`, `||=`, or under
 *   `if (!T)`, `typeof T !== 'function'`, `T === undefined`) is none;
 * - module hooks: `registerHooks` or `register` of `node:module` (imported by name, or of the module as a whole);
 * - code built from a string at run time: `eval(x)`, `new Function(x)`, the constructor of a function (AsyncFunction,
 *   GeneratorFunction: `(async () => {}).constructor`, `Object.getPrototypeOf(async function () {}).constructor`, also
 *   held in a const), `vm.runInThisContext`, `runInNewContext`, `runInContext`, `compileFunction`, `new vm.Script`, with an
 *   argument that is not a string literal (literal code is left alone);
 * - an `import()` or `require()` (also one `createRequire` made) whose module cannot be read (not a literal, nor a const
 *   or `+` of them), in a file that uses agent-tools (see {@link USES_AGENT_TOOLS}) or whose module's pieces name `agent`
 *   or `tools` (`['agent', 'tools'].join('-')`): a plugin loader elsewhere is left alone.
 * A file that does not parse holds none.
 */
export function runtimeRewrites(path: string, text: string): { line: number; column: number; what: string }[] {
  if (!MAY_REWRITE.test(text)) return [];
  const sf = parseTextAlone(path, text);
  if (!sf) return [];
  const own = declaredNames(sf);
  const consts = new Map<string, ts.Expression>();
  const moduleNames = new Set<string>(); // names bound to node:module as a whole
  const hookNames = new Set<string>(); // register / registerHooks imported by name
  const makers = new Set<string>(); // createRequire imported by name
  const requires = new Set<string>(); // names bound to a require made by createRequire
  const vmNames = new Set<string>(); // names bound to node:vm as a whole
  const vmRunners = new Set<string>(); // vm's runners imported by name
  const isVm = (s: string) => s === 'vm' || s === 'node:vm';
  const required = (e: ts.Expression | undefined): string | undefined => {
    e = e && bare(e);
    if (e && ts.isAwaitExpression(e)) e = bare(e.expression);
    if (!e || !ts.isCallExpression(e) || e.arguments.length !== 1 || !isLiteral(e.arguments[0]!)) return undefined;
    const isRequire = ts.isIdentifier(e.expression) && e.expression.text === 'require';
    return isRequire || e.expression.kind === ts.SyntaxKind.ImportKeyword ? (e.arguments[0] as ts.StringLiteral).text : undefined;
  };
  // `createRequire(import.meta.url)`, of node:module imported by name or as a whole
  const madeRequire = (e: ts.Expression): boolean => {
    e = bare(e);
    if (!ts.isCallExpression(e)) return false;
    const c = bare(e.expression);
    if (ts.isIdentifier(c)) return makers.has(c.text);
    const m = member(c);
    return m?.key === 'createRequire' && ts.isIdentifier(bare(m.object)) && moduleNames.has((bare(m.object) as ts.Identifier).text);
  };
  const bind = (spec: string, whole: string | undefined, named: readonly { name: string; as: string }[]) => {
    if (isModuleSpec(spec)) {
      if (whole) moduleNames.add(whole);
      for (const n of named) if (n.name === 'register' || n.name === 'registerHooks') hookNames.add(n.as);
      for (const n of named) if (n.name === 'createRequire') makers.add(n.as);
    }
    if (isVm(spec)) {
      if (whole) vmNames.add(whole);
      for (const n of named) if (VM_RUNNERS.has(n.name)) vmRunners.add(n.as);
    }
  };
  const collect = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier) && n.importClause) {
      const c = n.importClause;
      const whole = c.name?.text ?? (c.namedBindings && ts.isNamespaceImport(c.namedBindings) ? c.namedBindings.name.text : undefined);
      const named =
        c.namedBindings && ts.isNamedImports(c.namedBindings)
          ? c.namedBindings.elements.map((e) => ({ name: (e.propertyName ?? e.name).text, as: e.name.text }))
          : [];
      bind(n.moduleSpecifier.text, whole, named);
    }
    if (ts.isVariableDeclaration(n) && n.initializer) {
      if (ts.isIdentifier(n.name) && ts.getCombinedNodeFlags(n) & ts.NodeFlags.Const) consts.set(n.name.text, n.initializer);
      if (ts.isIdentifier(n.name) && madeRequire(n.initializer)) requires.add(n.name.text);
      const spec = required(n.initializer);
      if (spec !== undefined) {
        if (ts.isIdentifier(n.name)) bind(spec, n.name.text, []);
        else if (ts.isObjectBindingPattern(n.name))
          bind(
            spec,
            undefined,
            n.name.elements.flatMap((e) =>
              ts.isIdentifier(e.name)
                ? [{ name: e.propertyName && ts.isIdentifier(e.propertyName) ? e.propertyName.text : e.name.text, as: e.name.text }]
                : [],
            ),
          );
      }
    }
    ts.forEachChild(n, collect);
  };
  collect(sf);

  // a standard global as written (`String`, `globalThis.String`), unless the file declares that name itself
  const builtin = (e: ts.Expression): string | undefined => {
    e = bare(e);
    if (ts.isIdentifier(e)) return BUILTINS.has(e.text) && !own.has(e.text) ? e.text : undefined;
    const m = member(e);
    return m && ts.isIdentifier(bare(m.object)) && GLOBAL_OBJECTS.has((bare(m.object) as ts.Identifier).text) && BUILTINS.has(m.key)
      ? m.key
      : undefined;
  };
  // a builtin, its prototype, or a member of either, as written (`String.prototype.startsWith`); a global object's builtin member
  const builtinTarget = (e: ts.Expression): string | undefined => {
    const b = builtin(e);
    if (b !== undefined) return dotted(e) ?? b;
    const m = member(e);
    if (!m) return undefined;
    const o = bare(m.object);
    const of = builtin(o);
    if (of !== undefined) return `${of}.${m.key}`;
    const proto = member(o);
    const owner = proto && proto.key === 'prototype' ? builtin(proto.object) : undefined;
    return owner !== undefined ? `${owner}.prototype.${m.key}` : undefined;
  };
  // a polyfill that writes `target` only when it is missing: under `if (!T)`, `typeof T !== 'function'`, `T === undefined`
  const guarded = (n: ts.Node, target: ts.Expression): boolean => {
    const t = target.getText(sf).replace(/\s+/g, '');
    const missing = new Set([`!${t}`, `typeof${t}==='undefined'`, `typeof${t}!=='function'`, `${t}===undefined`, `${t}==null`]);
    for (let p: ts.Node = n; p.parent && !ts.isSourceFile(p); p = p.parent)
      if (ts.isIfStatement(p.parent) && p.parent.thenStatement === p)
        return missing.has(p.parent.expression.getText(sf).replace(/\s+/g, '').replace(/"/g, "'"));
    return false;
  };
  // a function's constructor (AsyncFunction, GeneratorFunction, Function): `(async () => {}).constructor`, also through a const
  const isFunctionLike = (e: ts.Expression) => ts.isFunctionExpression(bare(e)) || ts.isArrowFunction(bare(e));
  const codeMaker = (e: ts.Expression, depth = 0): string | undefined => {
    e = bare(e);
    if (ts.isIdentifier(e)) {
      if (e.text === 'eval' || e.text === 'Function') return own.has(e.text) ? undefined : e.text;
      if (vmRunners.has(e.text)) return e.text;
      const init = consts.get(e.text);
      return init && depth < 3 && codeMaker(init, depth + 1) !== undefined ? e.text : undefined;
    }
    const m = member(e);
    if (!m) return undefined;
    const o = bare(m.object);
    if (ts.isIdentifier(o) && vmNames.has(o.text) && VM_RUNNERS.has(m.key)) return `${o.text}.${m.key}`;
    if (ts.isIdentifier(o) && GLOBAL_OBJECTS.has(o.text) && (m.key === 'eval' || m.key === 'Function')) return `${o.text}.${m.key}`;
    if (m.key !== 'constructor') return undefined;
    if (isFunctionLike(o)) return 'the constructor of a function';
    const proto = ts.isCallExpression(o) ? dotted(o.expression) : undefined;
    if ((proto === 'Object.getPrototypeOf' || proto === 'Reflect.getPrototypeOf') && ts.isCallExpression(o) && o.arguments[0])
      return 'the constructor of a function';
    return undefined;
  };
  // a specifier read as written: a literal, or a const or `+` of them
  const readable = (e: ts.Expression, depth = 0): boolean => {
    e = bare(e);
    if (isLiteral(e)) return true;
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken)
      return readable(e.left, depth) && readable(e.right, depth);
    if (ts.isTemplateExpression(e)) return e.templateSpans.every((s) => readable(s.expression, depth));
    const init = ts.isIdentifier(e) ? consts.get(e.text) : undefined;
    return init !== undefined && depth < 3 && readable(init, depth + 1);
  };
  // the literals a specifier is built from, through consts: `['agent', 'tools'].join('-')` gives agent and tools
  const pieces = (e: ts.Node, depth = 0): string[] => {
    if (ts.isStringLiteralLike(e)) return [e.text];
    const init = ts.isIdentifier(e) ? consts.get(e.text) : undefined;
    if (init && depth < 3) return pieces(init, depth + 1);
    const out: string[] = [];
    ts.forEachChild(e, (c) => void out.push(...pieces(c, depth)));
    return out;
  };
  const usesAgentTools = USES_AGENT_TOOLS.test(text);

  const out: { line: number; column: number; what: string }[] = [];
  const at = (n: ts.Node, what: string) => {
    const { line, character } = sf.getLineAndCharacterOfPosition(n.getStart(sf));
    out.push({ line: line + 1, column: character + 1, what });
  };
  const visit = (n: ts.Node): void => {
    if (
      ts.isBinaryExpression(n) &&
      n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      n.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    ) {
      const target = builtinTarget(n.left);
      const onlyIfMissing =
        n.operatorToken.kind === ts.SyntaxKind.QuestionQuestionEqualsToken || n.operatorToken.kind === ts.SyntaxKind.BarBarEqualsToken;
      if (target !== undefined && !onlyIfMissing && !guarded(n, n.left)) at(n.left, `a write to the builtin ${target}`);
    }
    if (ts.isCallExpression(n) || ts.isNewExpression(n)) {
      const callee = dotted(n.expression);
      const args = n.arguments ?? ts.factory.createNodeArray();
      const first = args[0];
      if (callee !== undefined && WRITERS.has(callee) && first) {
        const target = builtinTarget(first);
        const globalKey = args[1] && isLiteral(args[1]) ? (args[1] as ts.StringLiteral).text : undefined;
        const onGlobal =
          ts.isIdentifier(bare(first)) &&
          GLOBAL_OBJECTS.has((bare(first) as ts.Identifier).text) &&
          !own.has((bare(first) as ts.Identifier).text);
        // `Object.defineProperty(globalThis, 'Map', ...)`, or a key that cannot be read; `Object.assign(globalThis, { fetch })` is none
        const globalWrite =
          onGlobal &&
          (callee === 'Object.assign'
            ? args
                .slice(1)
                .some(
                  (a) =>
                    !ts.isObjectLiteralExpression(bare(a)) ||
                    (bare(a) as ts.ObjectLiteralExpression).properties.some(
                      (p) => !p.name || !ts.isIdentifier(p.name) || BUILTINS.has(p.name.text),
                    ),
                )
            : globalKey === undefined || BUILTINS.has(globalKey));
        if (target !== undefined || globalWrite)
          at(first, `a write to the builtin ${target ?? `${(bare(first) as ts.Identifier).text}.${globalKey ?? '[…]'}`} by ${callee}`);
      }
      // module hooks, which change what every later import loads (agent-tools and the files it imports among them)
      const m = member(n.expression);
      const hook =
        (ts.isIdentifier(bare(n.expression)) && hookNames.has((bare(n.expression) as ts.Identifier).text)) ||
        (m !== undefined &&
          (m.key === 'registerHooks' ||
            (m.key === 'register' &&
              ((ts.isIdentifier(bare(m.object)) && moduleNames.has((bare(m.object) as ts.Identifier).text)) ||
                isModuleSpec(required(m.object))))));
      if (hook && ts.isCallExpression(n)) at(n, `module hooks registered with ${shownText(n.expression, sf)}`);
      // code built from a string at run time, which no reader sees
      const maker = codeMaker(n.expression);
      if (maker !== undefined && args.some((a) => !isLiteral(a)))
        at(n, `code built from a string at run time by ${ts.isNewExpression(n) ? 'new ' : ''}${shownText(n.expression, sf)}(...)`);
      if (callee === 'Reflect.construct' && first && codeMaker(first) !== undefined)
        at(n, `code built from a string at run time by Reflect.construct(${shownText(first, sf)}, ...)`);
      // a module that cannot be read, which may be agent-tools under a name no reader sees
      const loads =
        n.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(n.expression) && n.expression.text === 'require' && !own.has('require')) ||
        (ts.isIdentifier(n.expression) && requires.has(n.expression.text)) ||
        madeRequire(n.expression);
      if (
        loads &&
        ts.isCallExpression(n) &&
        first &&
        !readable(first) &&
        (usesAgentTools || pieces(first).some((p) => /agent|tools/i.test(p)))
      )
        at(n, `an import of a module that cannot be read, ${shownText(first, sf)}, which may load agent-tools under a name no reader sees`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}
