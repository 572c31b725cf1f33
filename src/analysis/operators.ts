/** Unary and binary operators evaluated statically with JavaScript's semantics, short-circuits included. */

import { ts } from './ts-morph.cjs';
import { NotStatic, nodeText } from './scope.js';

/** `-x`, `+x`, `!x`, `~x` with JavaScript's semantics; `++`/`--` are not static. */
export function evalUnary(e: ts.PrefixUnaryExpression, value: (e: ts.Expression) => unknown): unknown {
  const v = value(e.operand);
  if (v instanceof NotStatic) return v;
  switch (e.operator) {
    case ts.SyntaxKind.MinusToken:
      return -(v as number);
    case ts.SyntaxKind.PlusToken:
      return +(v as number);
    case ts.SyntaxKind.ExclamationToken:
      return !v;
    case ts.SyntaxKind.TildeToken:
      return ~(v as number);
  }
  return new NotStatic(e, `\`${nodeText(e)}\` changes a variable`);
}

/**
 * Arithmetic, `+` (string concatenation included) and `||`/`&&`/`??` with JavaScript's
 * semantics, the right side evaluated only when the runtime would; other operators are not static.
 */
export function evalBinary(e: ts.BinaryExpression, value: (e: ts.Expression) => unknown): unknown {
  const op = e.operatorToken.kind;
  const K = ts.SyntaxKind;
  const lazy = op === K.BarBarToken || op === K.AmpersandAmpersandToken || op === K.QuestionQuestionToken;
  const supported =
    lazy || [K.PlusToken, K.MinusToken, K.AsteriskToken, K.SlashToken, K.PercentToken, K.AsteriskAsteriskToken].includes(op);
  if (!supported) return new NotStatic(e, `the operator \`${nodeText(e.operatorToken)}\` is not evaluated statically`);
  const a = value(e.left) as any;
  if (a instanceof NotStatic) return a;
  if (lazy) {
    if (op === K.BarBarToken && a) return a;
    if (op === K.AmpersandAmpersandToken && !a) return a;
    if (op === K.QuestionQuestionToken && a !== null && a !== undefined) return a;
    return value(e.right);
  }
  const b = value(e.right) as any;
  if (b instanceof NotStatic) return b;
  switch (op) {
    case K.PlusToken:
      return a + b;
    case K.MinusToken:
      return a - b;
    case K.AsteriskToken:
      return a * b;
    case K.SlashToken:
      return a / b;
    case K.PercentToken:
      return a % b;
    default:
      return a ** b;
  }
}
