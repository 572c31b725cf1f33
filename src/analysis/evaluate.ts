/** Evaluates expressions as the runtime would, by syntax only: literals, templates, arithmetic, constants, object spreads. */

import { ts } from './ts-morph.cjs';
import { evalBinary, evalUnary } from './operators.js';
import { NotStatic, nodeText, type Binding, type Scope } from './scope.js';

/** One property of an object literal as the runtime builds it, before its value is evaluated. */
export type Entry = { kind: 'expr'; expr: ts.Expression } | { kind: 'function'; node: ts.Node };

/** An object literal's properties in runtime order, spreads applied, later keys overriding earlier ones. */
export type Shape = Map<string, Entry>;

const IN_PROGRESS = Symbol('in-progress');

/**
 * Strips what the runtime ignores: parentheses, `as`, `satisfies`, `<T>x`, `x!`, and a comma expression whose left side is a
 * literal (`(0, at.runTool)`, the form tsc, esbuild and Babel give every imported call in compiled output): its value is its right side.
 */
export function unwrap(e: ts.Expression): ts.Expression {
  for (;;) {
    if (
      ts.isParenthesizedExpression(e) ||
      ts.isAsExpression(e) ||
      ts.isSatisfiesExpression(e) ||
      ts.isTypeAssertionExpression(e) ||
      ts.isNonNullExpression(e)
    )
      e = e.expression;
    else if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.CommaToken && literalOnly(e.left)) e = e.right;
    else return e;
  }
}

/** A literal whose evaluation does nothing: a number, a string, `void 0`. */
function literalOnly(e: ts.Expression): boolean {
  return (
    ts.isNumericLiteral(e) ||
    ts.isStringLiteralLike(e) ||
    (ts.isVoidExpression(e) && ts.isNumericLiteral(e.expression)) ||
    (ts.isParenthesizedExpression(e) && literalOnly(e.expression))
  );
}

/**
 * The return statements of `body` that belong to it, not to a function or class nested in it,
 * and whether it throws anywhere.
 */
export function returnsOf(body: ts.Block): { returns: ts.ReturnStatement[]; throws: boolean } {
  const returns: ts.ReturnStatement[] = [];
  let throws = false;
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionLike(n) || ts.isClassLike(n)) return;
    if (ts.isReturnStatement(n)) returns.push(n);
    if (ts.isThrowStatement(n)) throws = true;
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(body, visit);
  return { returns, throws };
}

/** Whether `kind` is an assignment operator (`=`, `??=`, `||=`, `+=` and the like). */
export const isAssignmentOperator = (kind: ts.SyntaxKind): boolean =>
  kind >= ts.SyntaxKind.FirstAssignment && kind <= ts.SyntaxKind.LastAssignment;

/** `n`'s source text on one line, cut to 40 characters (`...` at the end) for a message. */
export function shownText(n: ts.Node, sf?: ts.SourceFile): string {
  const text = n.getText(sf).replace(/\s+/g, ' ');
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/**
 * The object literal `e` is: the literal itself (see {@link unwrap}), or the value of a top-level
 * `const` of `sf` so named whose value is one (`const options = { approve }`); else `undefined`.
 */
export function constObjectLiteral(e: ts.Expression, sf: ts.SourceFile): ts.ObjectLiteralExpression | undefined {
  e = unwrap(e);
  if (ts.isObjectLiteralExpression(e)) return e;
  if (!ts.isIdentifier(e)) return undefined;
  for (const st of sf.statements)
    if (ts.isVariableStatement(st) && (st.declarationList.flags & ts.NodeFlags.Const) !== 0)
      for (const d of st.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === e.text && d.initializer && ts.isObjectLiteralExpression(unwrap(d.initializer)))
          return unwrap(d.initializer) as ts.ObjectLiteralExpression;
  return undefined;
}

const GLOBALS: Record<string, unknown> = { undefined: undefined, NaN: NaN, Infinity: Infinity };

/**
 * Evaluates expressions the way the runtime would, by syntax only: literals, templates,
 * arithmetic and `+`, `const` identifiers (same file, imported, re-exported), object and
 * array spreads, property access on constant objects, `as const`/`satisfies`/assertions.
 * Anything else is a {@link NotStatic} naming the node and why. Results are cached per node.
 */
export class Evaluator {
  private readonly values = new Map<ts.Node, unknown>();
  private readonly shapes = new Map<ts.Node, Shape | NotStatic | typeof IN_PROGRESS>();

  constructor(readonly scope: Scope) {}

  private readonly following = new Set<ts.Node>();

  /** Follows identifiers and property accesses to the expression they stand for. */
  deref(e: ts.Expression): ts.Expression | Binding | NotStatic {
    if (this.following.has(e)) return new NotStatic(e, `\`${clip(nodeText(e))}\` refers to itself`);
    this.following.add(e);
    try {
      return this.follow(unwrap(e));
    } finally {
      this.following.delete(e);
    }
  }

  private follow(e: ts.Expression): ts.Expression | Binding | NotStatic {
    if (ts.isIdentifier(e)) {
      const b = this.scope.lookup(e);
      if (b instanceof NotStatic || b.kind !== 'expr') return b;
      return this.deref(b.expr);
    }
    if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.name)) {
      const member = this.member(e.expression, e.name.text, e);
      if (member) return member;
    }
    if (ts.isElementAccessExpression(e)) {
      const key = this.value(e.argumentExpression);
      if (key instanceof NotStatic) return key;
      const member = this.member(e.expression, String(key), e);
      if (member) return member;
    }
    return e;
  }

  private member(objExpr: ts.Expression, key: string, at: ts.Node): ts.Expression | Binding | NotStatic | undefined {
    const obj = this.deref(objExpr);
    if (obj instanceof NotStatic) return obj;
    if (!isNode(obj)) {
      if (obj.kind !== 'namespace') return undefined;
      const b = this.scope.exported(obj.file, key, new Set());
      if (!b) return new NotStatic(at, `\`${nodeText(at)}\`: the module has no export named \`${key}\``);
      if (b instanceof NotStatic || b.kind !== 'expr') return b;
      return this.deref(b.expr);
    }
    if (!ts.isObjectLiteralExpression(obj)) return undefined;
    const shape = this.shape(obj);
    if (shape instanceof NotStatic) return shape;
    const entry = shape.get(key);
    if (!entry) return undefined;
    if (entry.kind === 'function') return new NotStatic(entry.node, `\`${nodeText(at)}\` is a function`);
    return this.deref(entry.expr);
  }

  /** The properties of the object `e` stands for, without evaluating their values. */
  shape(e: ts.Expression): Shape | NotStatic {
    const target = this.deref(e);
    if (target instanceof NotStatic) return target;
    if (!isNode(target)) return new NotStatic(e, `\`${nodeText(e)}\` is ${bindingWord(target)}, not an object literal`);
    if (ts.isCallExpression(target) || ts.isNewExpression(target))
      return new NotStatic(target, `\`${clip(nodeText(target))}\` is a call; its result is known only when the code runs`);
    if (!ts.isObjectLiteralExpression(target))
      return new NotStatic(target, `\`${clip(nodeText(target))}\` is not an object literal, so its properties are known only at runtime`);
    const cached = this.shapes.get(target);
    if (cached === IN_PROGRESS) return new NotStatic(target, 'the object refers to itself');
    if (cached) return cached;
    this.shapes.set(target, IN_PROGRESS);
    const result = this.buildShape(target);
    this.shapes.set(target, result);
    return result;
  }

  private buildShape(o: ts.ObjectLiteralExpression): Shape | NotStatic {
    const shape: Shape = new Map();
    for (const p of o.properties) {
      if (ts.isSpreadAssignment(p)) {
        const inner = this.shape(p.expression);
        if (inner instanceof NotStatic) return inner;
        for (const [k, v] of inner) shape.set(k, v);
        continue;
      }
      const key = this.propertyKey(p.name);
      if (key instanceof NotStatic) return key;
      if (ts.isPropertyAssignment(p)) shape.set(key, { kind: 'expr', expr: p.initializer });
      else if (ts.isShorthandPropertyAssignment(p)) shape.set(key, { kind: 'expr', expr: p.name });
      else shape.set(key, { kind: 'function', node: p });
    }
    return shape;
  }

  private propertyKey(name: ts.PropertyName): string | NotStatic {
    if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name) || ts.isPrivateIdentifier(name))
      return name.text;
    if (ts.isNumericLiteral(name)) return String(Number(name.text));
    if (ts.isComputedPropertyName(name)) {
      const v = this.value(name.expression);
      return v instanceof NotStatic ? v : String(v);
    }
    return new NotStatic(name, 'an unsupported property name');
  }

  /** The runtime value of `e` (JSON-like data only), or why it cannot be known. */
  value(e: ts.Expression): unknown {
    const cached = this.values.get(e);
    if (cached === IN_PROGRESS) return new NotStatic(e, `\`${clip(nodeText(e))}\` refers to itself`);
    if (cached !== undefined || this.values.has(e)) return cached;
    this.values.set(e, IN_PROGRESS);
    const v = this.compute(e);
    this.values.set(e, v);
    return v;
  }

  private compute(e: ts.Expression): unknown {
    e = unwrap(e);
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
    if (ts.isNumericLiteral(e)) return Number(e.text.replace(/_/g, ''));
    switch (e.kind) {
      case ts.SyntaxKind.TrueKeyword:
        return true;
      case ts.SyntaxKind.FalseKeyword:
        return false;
      case ts.SyntaxKind.NullKeyword:
        return null;
    }
    if (ts.isTemplateExpression(e)) {
      let s = e.head.text;
      for (const span of e.templateSpans) {
        const v = this.value(span.expression);
        if (v instanceof NotStatic) return v;
        s += `${v as string}${span.literal.text}`;
      }
      return s;
    }
    if (ts.isPrefixUnaryExpression(e)) return evalUnary(e, (x) => this.value(x));
    if (ts.isBinaryExpression(e)) return evalBinary(e, (x) => this.value(x));
    if (ts.isConditionalExpression(e)) {
      const c = this.value(e.condition);
      return c instanceof NotStatic ? c : this.value(c ? e.whenTrue : e.whenFalse);
    }
    if (ts.isArrayLiteralExpression(e)) return this.array(e);
    if (ts.isObjectLiteralExpression(e)) return this.object(e);
    if (ts.isIdentifier(e) || ts.isPropertyAccessExpression(e)) {
      const target = this.deref(e);
      if (target instanceof NotStatic) return target;
      if (!isNode(target)) {
        if (target.kind === 'global' && target.name in GLOBALS) return GLOBALS[target.name];
        if (ts.isPropertyAccessExpression(e)) return this.propertyOfValue(e.expression, e.name.text, e);
        return new NotStatic(e, `\`${nodeText(e)}\` is ${bindingWord(target)}; only literal values and const identifiers are evaluated`);
      }
      if (target === e)
        return ts.isPropertyAccessExpression(e) ? this.propertyOfValue(e.expression, e.name.text, e) : new NotStatic(e, 'unresolved');
      return this.value(target);
    }
    if (ts.isElementAccessExpression(e)) {
      const target = this.deref(e);
      if (target instanceof NotStatic) return target;
      if (isNode(target) && target !== e) return this.value(target);
      const key = this.value(e.argumentExpression);
      return key instanceof NotStatic ? key : this.propertyOfValue(e.expression, String(key), e);
    }
    if (ts.isCallExpression(e) || ts.isNewExpression(e) || ts.isTaggedTemplateExpression(e))
      return new NotStatic(
        e,
        `\`${clip(nodeText(e))}\` is a ${ts.isNewExpression(e) ? 'constructor call' : 'call'}; its result is known only when the code runs`,
      );
    if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) return new NotStatic(e, 'a function is not a static value');
    return new NotStatic(e, `\`${clip(nodeText(e))}\` (${ts.SyntaxKind[e.kind]}) is not evaluated statically`);
  }

  private propertyOfValue(objExpr: ts.Expression, key: string, at: ts.Expression): unknown {
    const obj = this.deref(objExpr);
    if (obj instanceof NotStatic) return obj;
    if (!isNode(obj))
      return new NotStatic(at, `\`${clip(nodeText(at))}\` reads a property of ${bindingWord(obj)}, which is not a constant object`);
    if (ts.isObjectLiteralExpression(obj)) {
      const shape = this.shape(obj);
      if (shape instanceof NotStatic) return shape;
      const entry = shape.get(key);
      if (!entry)
        return key in Object.prototype
          ? new NotStatic(at, `\`${clip(nodeText(at))}\` is inherited from Object.prototype, not data`)
          : undefined;
      return entry.kind === 'function' ? new NotStatic(entry.node, `\`${nodeText(at)}\` is a function`) : this.value(entry.expr);
    }
    const v = this.value(obj);
    if (v instanceof NotStatic)
      return new NotStatic(at, `\`${clip(nodeText(at))}\` reads a property of a value that is not a constant: ${v.reason}`);
    if (
      (typeof v === 'string' && key === 'length') ||
      (typeof v === 'string' && /^\d+$/.test(key)) ||
      (typeof v === 'object' && v !== null && (Object.hasOwn(v, key) || (Array.isArray(v) && key === 'length')))
    )
      return (v as unknown as Record<string, unknown>)[key];
    return new NotStatic(at, `\`${clip(nodeText(at))}\` is not a data property of a constant`);
  }

  private array(e: ts.ArrayLiteralExpression): unknown[] | NotStatic {
    const out: unknown[] = [];
    for (const el of e.elements) {
      if (ts.isOmittedExpression(el)) return new NotStatic(el, 'an array hole is not evaluated statically');
      if (ts.isSpreadElement(el)) {
        const v = this.value(el.expression);
        if (v instanceof NotStatic) return v;
        if (!Array.isArray(v) && typeof v !== 'string') return new NotStatic(el, `\`${clip(nodeText(el))}\` does not spread an array`);
        out.push(...(v as unknown[]));
      } else {
        const v = this.value(el);
        if (v instanceof NotStatic) return v;
        out.push(v);
      }
    }
    return out;
  }

  private object(e: ts.ObjectLiteralExpression): Record<string, unknown> | NotStatic {
    const shape = this.shape(e);
    if (shape instanceof NotStatic) return shape;
    const out: Record<string, unknown> = {};
    for (const [k, entry] of shape) {
      if (entry.kind === 'function') return new NotStatic(entry.node, `the property \`${k}\` is a function, not a static value`);
      const v = this.value(entry.expr);
      if (v instanceof NotStatic) return v;
      out[k] = v;
    }
    return out;
  }
}

function isNode(x: unknown): x is ts.Expression {
  return typeof (x as ts.Node).pos === 'number' && typeof (x as ts.Node).kind === 'number';
}

function bindingWord(b: Binding): string {
  switch (b.kind) {
    case 'function':
      return 'a function';
    case 'namespace':
      return 'a module namespace';
    case 'global':
      return `\`${b.name}\`, which is not declared in scope (a global)`;
    default:
      return 'a value';
  }
}

/** Source text shortened to one line of at most 60 characters, for messages. */
export function clip(s: string): string {
  const one = s.replace(/\s+/g, ' ');
  return one.length > 60 ? `${one.slice(0, 57)}...` : one;
}
