/** The fix that declares `mutates: false` on a tool whose `execute` only reads, and the heuristic that decides it. */

import { ts } from '../../analysis/ts-morph.cjs';
import type { Analysis, ExtractedTool } from '../../analysis/types.js';
import type { Fix } from '../types.js';
import { appendToList, onOtherLines, propertyOf, toolSite } from './nodes.js';

/**
 * Method and function names that change state: a name that is, or starts with, one of these
 * verbs followed by an upper-case letter, `_` or its end (`updateNode`, `set_fill`, `push`).
 */
const MUTATING_VERB =
  /^(set|create|update|delete|remove|add|insert|move|rename|write|put|patch|post|push|pop|shift|unshift|splice|sort|reverse|fill|clear|reset|save|apply|append|prepend|assign|replace|commit|send|upsert|destroy|drop|group|ungroup|reorder|duplicate|align|distribute|toggle|mutate|modify|edit|change|store|persist|emit|dispatch|exec|execute|run|spawn|kill|unlink|rm|mkdir|copy|select|deselect|open|close|start|stop|enable|disable|install|uninstall|import|load|submit|publish|upload|merge|resize|scale|rotate|transform|paint|draw|lock|unlock)([A-Z_0-9]|$)/;

/** SQL that writes (upper case, as queries are written): a string holding it means `execute` changes a database. */
const WRITING_SQL = /\b(INSERT|UPDATE|DELETE|DROP|TRUNCATE|ALTER|CREATE|REPLACE|MERGE|GRANT|REVOKE)\b/;

function calledName(call: ts.CallExpression): string | undefined {
  const c = call.expression;
  if (ts.isIdentifier(c)) return c.text;
  if (ts.isPropertyAccessExpression(c)) return c.name.text;
  if (ts.isElementAccessExpression(c)) return ts.isStringLiteralLike(c.argumentExpression) ? c.argumentExpression.text : '';
  return undefined;
}

/**
 * The read-only heuristic behind `mutates-declared`'s fix: `execute` (a function written in
 * the tool) only reads when its body
 * - calls nothing whose name is a mutating verb (see `MUTATING_VERB`: `updateNode`, `push`, `set`…)
 *   and no computed method (`api[name]()`);
 * - passes its first parameter (the API the adapter hands in) to no function, since what that
 *   function does is not visible here (`helper(api)`);
 * - assigns to no property, uses no `delete`, `++` or `--` on a property;
 * - holds no string with SQL that writes (`'DROP TABLE ' + t` passed to a `query` method).
 * Anything else, including an `execute` that is not a function literal, is left to a person.
 */
export function executeOnlyReads(execute: ts.Node): boolean {
  const fn = ts.isPropertyAssignment(execute) ? execute.initializer : execute;
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn) && !ts.isMethodDeclaration(fn)) return false;
  const first = fn.parameters[0]?.name;
  const apiName = first && ts.isIdentifier(first) ? first.text : undefined;
  if (first && !apiName) return false;
  let reads = true;
  const isAssign = (k: ts.SyntaxKind) => k >= ts.SyntaxKind.FirstAssignment && k <= ts.SyntaxKind.LastAssignment;
  const onProperty = (e: ts.Expression) => ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e);
  const visit = (n: ts.Node): void => {
    if (!reads) return;
    if (ts.isCallExpression(n) || ts.isNewExpression(n)) {
      const name = ts.isCallExpression(n) ? calledName(n) : undefined;
      if (ts.isCallExpression(n) && (name === '' || (name !== undefined && MUTATING_VERB.test(name)))) reads = false;
      if (apiName && (n.arguments ?? []).some((a) => ts.isIdentifier(a) && a.text === apiName)) reads = false;
    } else if (ts.isBinaryExpression(n) && isAssign(n.operatorToken.kind) && onProperty(n.left)) reads = false;
    else if (ts.isDeleteExpression(n)) reads = false;
    else if ((ts.isStringLiteralLike(n) || ts.isTemplateLiteralToken(n)) && WRITING_SQL.test(n.text)) reads = false;
    else if (
      (ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) &&
      (n.operator === ts.SyntaxKind.PlusPlusToken || n.operator === ts.SyntaxKind.MinusMinusToken) &&
      onProperty(n.operand)
    )
      reads = false;
    ts.forEachChild(n, visit);
  };
  if (fn.body) visit(fn.body);
  return reads;
}

/**
 * The fix that adds `mutates: false` after the tool's `description` (else `name`) property,
 * when its `execute` only reads by {@link executeOnlyReads}; `undefined` otherwise.
 */
export function declareReadOnlyFix(analysis: Analysis, tool: ExtractedTool): Fix | undefined {
  const site = toolSite(analysis, tool);
  const execute = site?.object && propertyOf(site.object, 'execute');
  if (!site?.object || !execute || propertyOf(site.object, 'mutates') || !executeOnlyReads(execute)) return undefined;
  const props = site.object.properties;
  const after = propertyOf(site.object, 'description') ?? propertyOf(site.object, 'name');
  if (!after) return undefined;
  const next = props[props.indexOf(after) + 1];
  const multiline = onOtherLines(site.sf.text, after.getStart(site.sf), (next ?? site.object.getLastToken(site.sf)!).getStart(site.sf));
  return {
    before: 'no mutates (execute calls no mutating method)',
    after: 'mutates: false',
    edits: [appendToList(tool.file, site.sf, after, 'mutates: false', multiline)],
  };
}
