/** Tools put by hand into the tool set `toolsToAI` returns, beside or over the toolbox's own: the model calls them unasked. */

import { calleeName } from './api-calls.js';
import { constObjectLiteral, unwrap } from './evaluate.js';
import { ts } from './ts-morph.cjs';

/**
 * The entries written into a tool set from `toolsToAI` (an object literal that spreads a
 * `toolsToAI(...)` call, or a `const` of the file holding one: `{ ...toolsToAI(registry),
 * delete_note: direct }`; an assignment `tools.delete_note = direct` to such a `const`) whose
 * value is a plain object with an `execute` and no `needsApproval` (`{ description, inputSchema,
 * execute }`, written there or as a `const` of the file; the AI SDK's `tool(...)` is read by the
 * library extraction, with its own `needsApproval`, and a value from elsewhere is not read). The AI SDK runs such an entry's `execute`
 * with no approval unless it says `needsApproval`, and agent-tools' pipeline never sees the call.
 * `key` is the entry's name in the tool set (a tool of the toolbox it replaces, or a new one).
 */
export function toolSetOverrides(sf: ts.SourceFile): { node: ts.Node; key: string }[] {
  if (!sf.text.includes('toolsToAI')) return [];
  const isToolsToAI = (e: ts.Expression) => {
    const u = unwrap(e);
    return ts.isCallExpression(u) && calleeName(u.expression) === 'toolsToAI';
  };
  // the consts of the file holding a tool set from toolsToAI
  const sets = new Set<string>();
  const collect = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && isToolsToAI(n.initializer)) sets.add(n.name.text);
    ts.forEachChild(n, collect);
  };
  collect(sf);
  const isSet = (e: ts.Expression) => isToolsToAI(e) || (ts.isIdentifier(unwrap(e)) && sets.has((unwrap(e) as ts.Identifier).text));
  const out: { node: ts.Node; key: string }[] = [];
  const check = (value: ts.Expression, key: string, at: ts.Node) => {
    const v = unwrap(value);
    if (ts.isCallExpression(v) && ['tool', 'dynamicTool'].includes(calleeName(v.expression) ?? '')) return;
    const obj = ts.isObjectLiteralExpression(v) ? v : ts.isIdentifier(v) ? constObjectLiteral(v, sf) : undefined;
    if (!obj) return;
    const names = obj.properties.map((p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : ''));
    const asks = obj.properties.some(
      (p) =>
        ts.isPropertyAssignment(p) && p.name.getText(sf) === 'needsApproval' && unwrap(p.initializer).kind !== ts.SyntaxKind.FalseKeyword,
    );
    if (names.includes('execute') && !asks) out.push({ node: at, key });
  };
  const visit = (n: ts.Node): void => {
    if (ts.isObjectLiteralExpression(n) && n.properties.some((p) => ts.isSpreadAssignment(p) && isSet(p.expression)))
      for (const p of n.properties) {
        if (ts.isPropertyAssignment(p) && !ts.isComputedPropertyName(p.name))
          check(p.initializer, p.name.getText(sf).replace(/^['"]|['"]$/g, ''), p);
        else if (ts.isShorthandPropertyAssignment(p)) check(p.name, p.name.text, p);
      }
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const left = unwrap(n.left);
      if ((ts.isPropertyAccessExpression(left) || ts.isElementAccessExpression(left)) && isSet(left.expression)) {
        const key = ts.isPropertyAccessExpression(left)
          ? left.name.text
          : ts.isStringLiteralLike(left.argumentExpression)
            ? left.argumentExpression.text
            : '(a key that cannot be read)';
        check(n.right, key, n);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}
