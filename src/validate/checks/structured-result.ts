/** The structured-result check: a mutating tool returns what it changed, not a bare string or nothing. */
import { ts } from '../../analysis/ts-morph.cjs';
import { defineCheck } from '../define-check.js';
import { propertyOf, toolSite } from '../fix/nodes.js';

/**
 * What a function literal visibly returns: `'a bare string'` (a string or template literal),
 * `'nothing'` (no return with a value, and the body does not end in a `throw`), or `undefined`
 * (anything else, or not visible).
 */
export function visibleReturn(execute: ts.Node): 'a bare string' | 'nothing' | undefined {
  const fn = ts.isPropertyAssignment(execute) ? execute.initializer : execute;
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn) && !ts.isMethodDeclaration(fn)) return undefined;
  const isText = (e: ts.Expression) => {
    const x = ts.isParenthesizedExpression(e) ? e.expression : e;
    return ts.isStringLiteral(x) || ts.isNoSubstitutionTemplateLiteral(x) || ts.isTemplateExpression(x);
  };
  if (!fn.body) return undefined;
  if (!ts.isBlock(fn.body)) return isText(fn.body) ? 'a bare string' : undefined;
  const returned: (ts.Expression | undefined)[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionLike(n) || ts.isClassLike(n)) return; // a nested function's returns are its own
    if (ts.isReturnStatement(n)) returned.push(n.expression);
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(fn.body, visit);
  const values = returned.filter((e): e is ts.Expression => e !== undefined);
  // a body that ends in a throw (a stub: "not implemented yet") has no result to judge
  if (values.length === 0) return ts.isThrowStatement(fn.body.statements.at(-1) ?? fn.body) ? undefined : 'nothing';
  return values.some(isText) ? 'a bare string' : undefined;
}

/**
 * A mutating tool should return what it changed as a structure the model can read
 * (`{ id, name, type }`): a bare string ("Done") or nothing leaves the model guessing whether the
 * change happened and which ids to use next, and gives MCP clients no `structuredContent`.
 * Reported when a `defineTool` tool with `mutates: true` and no `output` has an `execute` written
 * in the tool whose returns are all visible: one returns a string or template literal, or none
 * returns a value. Anything not visible (a call's result, a variable) is not reported.
 */
export default defineCheck({
  id: 'structured-result',
  title: 'Mutating tools return a structured result',
  scope: 'tool',
  severity: 'warn',
  docs: {
    summary:
      'A tool that changes state should return what it changed, as an object the model can read (`{ id, name, type }`), and declare it with `output` so every client gets it typed and checked (MCP `outputSchema` and `structuredContent`). A bare string such as `"Done"`, or no result at all, leaves the model guessing whether the change happened and which ids to use next. Reported for a mutating `defineTool` tool without `output` whose `execute` visibly returns a string literal or nothing; results the check cannot see (a call, a variable) are left alone.',
    failing: `import { defineTool } from 'agent-tools';
/** Renames a node. */
export const renameNode = defineTool({ name: 'rename_node', description: 'Renames a node.', mutates: true, params: {}, execute: () => 'Done' });`,
    passing: `import { defineTool } from 'agent-tools';
/** Renames a node. */
export const renameNode = defineTool({ name: 'rename_node', description: 'Renames a node.', mutates: true, params: {}, execute: () => ({ id: 'n1', name: 'Title' }) });`,
  },
  messages: {
    bare: 'Mutating tool "{{name}}" returns {{what}}; the model cannot tell what changed.',
  },
  hints: {
    bare: 'Return the changed object (for example `{ id, name, type }`) and declare it with `output`, so the model sees what changed and clients get structuredContent.',
  },
  run({ analysis, report }) {
    for (const tool of analysis.tools) {
      if (tool.form || tool.mutates !== true || tool.outputSchema !== undefined) continue;
      const site = toolSite(analysis, tool);
      const execute = site?.object && propertyOf(site.object, 'execute');
      const what = execute ? visibleReturn(execute) : undefined;
      if (!what || !site) continue;
      const { line, character } = site.sf.getLineAndCharacterOfPosition(execute!.getStart(site.sf));
      report({ file: tool.file, line: line + 1, column: character + 1, messageId: 'bare', data: { name: tool.name, what } });
    }
  },
});
