/** Tools put by hand into the tool set `toolsToAI` returns, beside or over the toolbox's own: the model calls them unasked. */

import { calleeName } from './api-calls.js';
import { constObjectLiteral, unwrap } from './evaluate.js';
import { memberKey } from './member-key.js';
import { ts } from './ts-morph.cjs';

/**
 * The entries written into a tool set from `toolsToAI` (an object literal that spreads a
 * `toolsToAI(...)` call, or a `const` of the file holding one: `{ ...toolsToAI(registry),
 * delete_note: direct }`; an assignment `tools.delete_note = direct` to such a `const`) whose
 * value is a plain object with an `execute` that does not say `needsApproval: true` (`{ description, inputSchema,
 * execute }`, `needsApproval: () => false`, written there or as a `const` of the file; the AI SDK's `tool(...)` is read by the
 * library extraction, with its own `needsApproval`, and a value from elsewhere is not read). The AI SDK runs such an entry's `execute`
 * with no approval unless its `needsApproval` says so, and agent-tools' pipeline never sees the call.
 * `key` is the entry's name in the tool set as written; `name` the tool of the toolbox it replaces, or a new one, when the key
 * can be read (`delete_note`, `['delete_note']`, a `const` of the file), absent for one that cannot (`[deleteNote.name]`): any tool.
 */
export function toolSetOverrides(sf: ts.SourceFile): { node: ts.Node; key: string; name?: string }[] {
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
  const out: { node: ts.Node; key: string; name?: string }[] = [];
  const check = (value: ts.Expression, key: string, at: ts.Node, name: string | null = key) => {
    const v = unwrap(value);
    if (ts.isCallExpression(v) && ['tool', 'dynamicTool'].includes(calleeName(v.expression) ?? '')) return;
    const obj = ts.isObjectLiteralExpression(v) ? v : ts.isIdentifier(v) ? constObjectLiteral(v, sf) : undefined;
    if (!obj) return;
    const keys = obj.properties.map((p) => memberKey(p, sf));
    const named = (k: string) => keys.find((m) => m !== undefined && 'name' in m && m.name === k) as { value?: ts.Expression } | undefined;
    // only `needsApproval: true` surely asks: a function, a const or `false` may not (`needsApproval: () => false`)
    const approval = named('needsApproval');
    const asks = approval?.value !== undefined && unwrap(approval.value).kind === ts.SyntaxKind.TrueKeyword;
    if (named('execute') && !asks) out.push({ node: at, key, ...(name !== null ? { name } : {}) });
  };
  const visit = (n: ts.Node): void => {
    if (ts.isObjectLiteralExpression(n) && n.properties.some((p) => ts.isSpreadAssignment(p) && isSet(p.expression)))
      for (const p of n.properties) {
        const k = memberKey(p, sf);
        if (k === undefined || !(ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p))) continue;
        const value = ts.isPropertyAssignment(p) ? p.initializer : p.name;
        if ('unread' in k) check(value, k.unread, p, null);
        else check(value, k.name, p);
      }
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const left = unwrap(n.left);
      if ((ts.isPropertyAccessExpression(left) || ts.isElementAccessExpression(left)) && isSet(left.expression)) {
        const key = ts.isPropertyAccessExpression(left)
          ? left.name.text
          : ts.isStringLiteralLike(left.argumentExpression)
            ? left.argumentExpression.text
            : undefined;
        check(n.right, key ?? `${left.getText(sf)}, a key that cannot be read`, n, key ?? null);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}
