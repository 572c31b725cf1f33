/** The runtime object of a TypeScript `enum`, as `tsc` emits it, for `z.nativeEnum(...)` read statically. */

import { ts } from './ts-morph.cjs';

/**
 * The runtime object of a TypeScript `enum` declaration (for `z.nativeEnum(Color)`), as
 * `tsc` emits it: string members map name → value; numeric members (literal or
 * auto-incremented) also get the reverse mapping value → name. `undefined` when `node` is
 * not an enum declaration or a member's value is not a literal.
 */
export function enumObject(node: ts.Node): Record<string, string | number> | undefined {
  if (!ts.isEnumDeclaration(node)) return undefined;
  const decl = node;
  const out: Record<string, string | number> = {};
  let next = 0;
  for (const m of decl.members) {
    const name = m.name.getText(decl.getSourceFile()).replace(/^['"]|['"]$/g, '');
    const init = m.initializer;
    if (!init) {
      out[name] = next;
      out[String(next)] = name;
      next++;
    } else if (ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init)) out[name] = init.text;
    else if (
      ts.isNumericLiteral(init) ||
      (ts.isPrefixUnaryExpression(init) && init.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(init.operand))
    ) {
      const v = ts.isNumericLiteral(init) ? Number(init.text) : -Number((init.operand as ts.NumericLiteral).text);
      out[name] = v;
      out[String(v)] = name;
      next = v + 1;
    } else return undefined;
  }
  return out;
}
