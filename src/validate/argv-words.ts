/** The words of an argument list a source file hands a process: literals, spreads of lists it shows, parameters read from their calls. */

import { evalBinary } from '../analysis/operators.js';
import { parseTextAlone } from '../analysis/parse-depth.js';
import { NotStatic } from '../analysis/scope.js';
import { ts } from '../analysis/ts-morph.cjs';

/**
 * The first character of a word that stands for a spread of a parameter of an exported function
 * (`...flags` in `export function run(...flags)`), followed by its index in `forwarded`: its words
 * are what the calls of that function in other files pass (see {@link forwardedWords}).
 */
export const FORWARDED = '\u0001';

/** A spread of a parameter of an exported function, whose words its calls in other files tell (see {@link FORWARDED}). */
export interface Forwarded {
  /** The function's exported name. */
  name: string;
  /** The parameter's index, and whether it is a rest parameter (`...flags`), whose words are the call's arguments from there. */
  index: number;
  rest: boolean;
  /** The words of its default value, for a call that passes none (none when it has none). */
  initial: string[];
  /** The spread as written (`...flags`), for the word that stands for it when its calls cannot be read. */
  text: string;
}

/**
 * How one file's values are read: a `const` of the file followed to its value; a string literal, or a `+` of strings and
 * numbers (`'--y' + 'es'`), or a template whose `${…}` hold such values, or a `const` holding one, as its text.
 */
export interface FileValues {
  sf: ts.SourceFile;
  resolved: (e: ts.Expression) => ts.Expression;
  literal: (e: ts.Expression) => string | undefined;
}

/** The value of `e` with parentheses, `as`, `satisfies` and `!` taken off. */
export function bare(e: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isNonNullExpression(e))
    e = e.expression;
  return e;
}

/** The readers of {@link FileValues} for `sf`; a name declared twice, or by `let`, is read as no value (which one is used is not told). */
export function fileValues(sf: ts.SourceFile): FileValues {
  const consts = new Map<string, ts.Expression | undefined>();
  const visit = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name)) {
      const isConst = ts.isVariableDeclarationList(n.parent) && (n.parent.flags & ts.NodeFlags.Const) !== 0;
      consts.set(n.name.text, consts.has(n.name.text) || !isConst ? undefined : n.initializer);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  const resolved = (e: ts.Expression, depth = 0): ts.Expression => {
    const b = bare(e);
    const init = ts.isIdentifier(b) ? consts.get(b.text) : undefined;
    return init && depth < 5 ? resolved(init, depth + 1) : b;
  };
  // the value of a string or number the file writes, with `+` (and `||`, `??`) as JavaScript reads them; else a NotStatic
  const value = (e: ts.Expression, depth = 0): unknown => {
    const r = resolved(e);
    if (ts.isStringLiteral(r) || ts.isNoSubstitutionTemplateLiteral(r)) return r.text;
    if (ts.isNumericLiteral(r)) return Number(r.text.replace(/_/g, ''));
    if (depth > 20) return new NotStatic(r, 'too deep');
    if (ts.isBinaryExpression(r)) return evalBinary(r, (x) => value(x, depth + 1));
    if (!ts.isTemplateExpression(r)) return new NotStatic(r, 'not shown');
    let text = r.head.text;
    for (const span of r.templateSpans) {
      const v = value(span.expression, depth + 1);
      if (v instanceof NotStatic) return v;
      text += `${v as string}${span.literal.text}`;
    }
    return text;
  };
  const literal = (e: ts.Expression): string | undefined => {
    const v = value(e);
    return typeof v === 'string' ? v : undefined;
  };
  return { sf, resolved, literal };
}

/** How deep spreads of lists and of parameters are followed. */
const MAX_DEPTH = 4;

/**
 * The words of the argument list `elements` (an array literal's, or a call's arguments for a rest
 * parameter), read with `v`: a string as written, or as the file computes it (`'--y' + 'es'`, see
 * {@link FileValues}); a spread of a list the file shows (an array literal, a `const` holding one,
 * either branch of `c ? [...] : [...]`, `c && [...]`) as its words; a spread of a parameter of a
 * function of the file as the words every call of that function in the file passes it (see
 * {@link parameterCalls}), and of an exported one also as a {@link FORWARDED} word (into
 * `forwarded`, when given); any other spread (`...JSON.parse(text)`), which may hold any flag, as a
 * variable word (`${...flags}`); a template that holds a value not shown as its text up to its
 * first `${…}` followed by an argument not shown (`--approve=${glob}`); any other element (a call,
 * a parameter) as one argument not shown (`unshown`).
 */
export function argvWords(
  elements: readonly ts.Expression[],
  v: FileValues,
  unshown: (e: ts.Node) => string,
  forwarded?: Forwarded[],
  depth = 0,
): string[] {
  const words: string[] = [];
  for (const el of elements) {
    if (ts.isSpreadElement(el)) {
      const inner = v.resolved(el.expression);
      const shown = listWords(el.expression, v, unshown, forwarded, depth);
      const param = !shown && ts.isIdentifier(inner) && depth < MAX_DEPTH ? parameterCalls(inner, v.sf) : undefined;
      const passed = param?.calls.map((call) => callWords(call, param, v, unshown, forwarded, depth));
      const initial = param && param.initial !== undefined ? listWords(param.initial, v, unshown, forwarded, depth) : [];
      if (shown) words.push(...shown);
      else if (param && passed!.every((w) => w !== undefined) && initial !== undefined && (!param.exported || forwarded)) {
        words.push(...passed.flat());
        if (param.exported)
          words.push(
            `${FORWARDED}${forwarded!.push({ name: param.exported, index: param.index, rest: param.rest, initial, text: el.getText(v.sf) }) - 1}`,
          );
      } else words.push(`\${${el.getText(v.sf)}}`);
    } else if (ts.isOmittedExpression(el)) continue;
    else words.push(v.literal(el) ?? (ts.isTemplateExpression(el) ? el.head.text + unshown(el) : unshown(el)));
  }
  return words;
}

/**
 * The words of a list the file shows (see {@link argvWords}): an array literal or a `const` holding
 * one, both branches of `c ? [...] : [...]`, the list of `c && [...]`, and `a.concat(b, ...)` as the
 * words of `a` then of each argument (a list's words, a string as one word; any other value, `a`
 * too, may hold any flag and is a variable word, `${...b}`); `undefined` for any other value.
 */
export function listWords(
  e: ts.Expression | undefined,
  v: FileValues,
  unshown: (e: ts.Node) => string,
  forwarded?: Forwarded[],
  depth = 0,
): string[] | undefined {
  const r = e && v.resolved(e);
  if (!r || depth >= MAX_DEPTH) return undefined;
  if (ts.isArrayLiteralExpression(r)) return argvWords(r.elements, v, unshown, forwarded, depth + 1);
  if (ts.isConditionalExpression(r)) {
    const [a, b] = [listWords(r.whenTrue, v, unshown, forwarded, depth + 1), listWords(r.whenFalse, v, unshown, forwarded, depth + 1)];
    return a && b ? [...a, ...b] : undefined;
  }
  if (ts.isBinaryExpression(r) && r.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
    return listWords(r.right, v, unshown, forwarded, depth + 1);
  if (ts.isCallExpression(r) && ts.isPropertyAccessExpression(r.expression) && r.expression.name.text === 'concat')
    // concat appends each argument's items, or the argument itself when it is no list
    return [r.expression.expression, ...r.arguments].flatMap((a, k) => {
      if (ts.isSpreadElement(a)) return [`\${${a.getText(v.sf)}}`];
      const text = k > 0 ? v.literal(a) : undefined;
      return listWords(a, v, unshown, forwarded, depth + 1) ?? (text !== undefined ? [text] : [`\${...${a.getText(v.sf)}}`]);
    });
  return undefined;
}

/**
 * The words the call `call` passes a parameter (`param`, see {@link listWords}): its arguments from
 * the parameter's index on for a rest parameter, its default value when it passes none; `undefined`
 * when a spread argument hides it, or it passes a value not shown.
 */
function callWords(
  call: ts.CallExpression,
  param: { index: number; rest: boolean; initial?: ts.Expression | string[] },
  v: FileValues,
  unshown: (e: ts.Node) => string,
  forwarded?: Forwarded[],
  depth = 0,
): string[] | undefined {
  if (call.arguments.slice(0, param.index + 1).some((a) => ts.isSpreadElement(a))) return undefined;
  if (param.rest) return argvWords(call.arguments.slice(param.index), v, unshown, forwarded, depth + 1);
  const arg = call.arguments[param.index];
  if (arg !== undefined) return listWords(arg, v, unshown, forwarded, depth);
  return param.initial === undefined
    ? []
    : Array.isArray(param.initial)
      ? param.initial
      : listWords(param.initial, v, unshown, forwarded, depth);
}

/**
 * For `id`, a parameter of a function of `sf` declared by name (`function run(args)`, `const run =
 * (args) => …`) and used in it only where `id` is: its index, whether it is a rest parameter, its
 * default value, every call of the function in the file, and its name when it is exported (its
 * calls in other files pass it words too). `undefined` when the function's name is used other than
 * as a callee or an export (passed on as a value, or a name declared again), or the parameter is
 * used elsewhere in the function (`args.push('--yes')` may change it): what it is passed is not told.
 */
function parameterCalls(
  id: ts.Identifier,
  sf: ts.SourceFile,
): { index: number; rest: boolean; initial?: ts.Expression; calls: ts.CallExpression[]; exported?: string } | undefined {
  let fn: ts.Node | undefined = id.parent;
  const declares = (f: ts.Node): f is ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression =>
    (ts.isFunctionDeclaration(f) || ts.isArrowFunction(f) || ts.isFunctionExpression(f)) &&
    f.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === id.text);
  while (fn && !declares(fn)) fn = fn.parent;
  if (!fn || !declares(fn)) return undefined;
  const index = fn.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === id.text);
  const param = fn.parameters[index]!;
  const holder = ts.isFunctionDeclaration(fn) ? fn : ts.isVariableDeclaration(fn.parent) ? fn.parent : undefined;
  const name = holder?.name;
  if (!holder || !name || !ts.isIdentifier(name)) return undefined;
  let exported = (ts.getCombinedModifierFlags(holder) & ts.ModifierFlags.Export) !== 0;
  const calls: ts.CallExpression[] = [];
  let other = false;
  const body = fn;
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && n !== name && n.text === name.text) {
      if (ts.isCallExpression(n.parent) && n.parent.expression === n) calls.push(n.parent);
      else if (ts.isExportSpecifier(n.parent)) exported = true;
      else other = true;
    }
    if (ts.isIdentifier(n) && n !== id && n !== param.name && n.text === id.text && isWithin(n, body)) other = true;
    ts.forEachChild(n, visit);
  };
  visit(sf);
  if (other) return undefined;
  return {
    index,
    rest: param.dotDotDotToken !== undefined,
    ...(param.initializer ? { initial: param.initializer } : {}),
    calls,
    ...(exported ? { exported: name.text } : {}),
  };
}

/** Whether `n` lies inside `outer`. */
function isWithin(n: ts.Node, outer: ts.Node): boolean {
  for (let p: ts.Node | undefined = n.parent; p; p = p.parent) if (p === outer) return true;
  return false;
}

/**
 * The words the calls of the exported function `f.name` in the source file at `path` (its `text`)
 * pass the parameter `f` (`run('--id', 'n1')`, `helpers.run(['--yes'])`, see {@link argvWords}),
 * one list after another, and `f.initial` for a call that passes none; `undefined` when the file
 * uses that name other than as a callee, an import or an export (passed on as a value), or a call
 * hides the parameter (a spread argument) or passes a list it does not show.
 */
export function forwardedWords(path: string, text: string, f: Forwarded, unshown: (e: ts.Node) => string): string[] | undefined {
  if (!text.includes(f.name)) return [];
  const sf = parseTextAlone(path, text);
  if (!sf) return [];
  const v = fileValues(sf);
  const words: string[] = [];
  let unread = false;
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && n.text === f.name) {
      const callee = ts.isPropertyAccessExpression(n.parent) && n.parent.name === n ? n.parent : n;
      const parent = callee.parent;
      if (ts.isCallExpression(parent) && parent.expression === callee) {
        const w = callWords(parent, f, v, unshown);
        if (w === undefined) unread = true;
        else words.push(...w);
      } else if (
        !ts.isImportSpecifier(parent) &&
        !ts.isExportSpecifier(parent) &&
        !ts.isFunctionDeclaration(parent) &&
        !ts.isVariableDeclaration(parent)
      )
        unread = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return unread ? undefined : words;
}
