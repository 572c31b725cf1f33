/** Answers to agent-tools' MCP approval question in a project's own client: `{ action: 'accept', content: { approve: true } }`. */

import { parseTextAlone } from '../analysis/parse-depth.js';
import { ts } from '../analysis/ts-morph.cjs';

/** Text a file must hold to be read for such answers. */
const MAY_ANSWER = /\baccept\b/;

/** An elicitation answer that accepts, as JSON or a Python dict writes it (`"action": "accept"`, also with escaped quotes). */
const ACCEPTS = /\\?["']action\\?["']\s*:\s*\\?["']accept\\?["']/;

/** The approval form's box checked, as JSON or a Python dict writes it: `"approve": true`, `'approve': True`. */
const APPROVE_YES = /\\?["']approve\\?["']\s*:\s*(?:true|True)\b/;

/** Whether `n` registers an MCP SDK client's request handler: `x.setRequestHandler(...)`, `x.fallbackRequestHandler = ...`. */
const isSdkHandler = (n: ts.Node): boolean =>
  (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'setRequestHandler') ||
  (ts.isBinaryExpression(n) &&
    n.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
    ts.isPropertyAccessExpression(n.left) &&
    n.left.name.text === 'fallbackRequestHandler');

/** The name of a property as written: an identifier or a string key. */
const keyOf = (p: ts.ObjectLiteralElementLike): string | undefined =>
  p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;

/**
 * The 1-based lines and columns where the JavaScript or TypeScript source `text` (at `path`) writes
 * an answer to an elicitation, agent-tools' approval question among them, that accepts it with
 * content that may check the box: an object literal with `action: 'accept'` and a `content` that is
 * an object literal with `approve: true` (or any value but `false`), or content built in code
 * (`fill(requestedSchema)`) (a hand-written MCP client's JSON-RPC result, the AI SDK MCP client's
 * `onElicitationRequest`, any SDK's elicitation handler), at the `approve` property or the content.
 * Where it sits (an `if` on the method) does not make it a person's answer.
 */
export function sourceApprovalAnswers(path: string, text: string): { line: number; column: number }[] {
  if (!MAY_ANSWER.test(text)) return [];
  const sf = parseTextAlone(path, text);
  if (!sf) return [];
  const out: { line: number; column: number }[] = [];
  const visit = (n: ts.Node): void => {
    // an MCP SDK client's handler (setRequestHandler, fallbackRequestHandler) is read by the mcpAnswersAll reader, with its conditions
    if (isSdkHandler(n)) return;
    if (ts.isObjectLiteralExpression(n)) {
      const prop = (o: ts.ObjectLiteralExpression, key: string) =>
        o.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && keyOf(p) === key);
      const action = prop(n, 'action')?.initializer;
      const content = prop(n, 'content')?.initializer;
      const shown = content && ts.isObjectLiteralExpression(content);
      const approve = shown ? prop(content, 'approve') : undefined;
      // content built in code (`fill(schema)`) may check the box; an object literal checks it unless it says approve: false or has none
      const mayApprove =
        content !== undefined && (!shown || (approve !== undefined && approve.initializer.kind !== ts.SyntaxKind.FalseKeyword));
      if (action && (ts.isStringLiteral(action) || ts.isNoSubstitutionTemplateLiteral(action)) && action.text === 'accept' && mayApprove) {
        const { line, character } = sf.getLineAndCharacterOfPosition((approve ?? content).getStart(sf));
        out.push({ line: line + 1, column: character + 1 });
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/**
 * The 1-based lines where a script's `text` (a shell script's `curl -d '{"action":"accept",…}'`, a
 * Python client's dict) answers agent-tools' approval question yes: the first line with `"approve":
 * true` (Python's `True`) in a file that also writes `"action": "accept"`; none when it writes no such pair.
 */
export function scriptApprovalAnswers(text: string): number[] {
  if (!MAY_ANSWER.test(text) || !ACCEPTS.test(text)) return [];
  const at = text.split(/\r?\n/).findIndex((l) => APPROVE_YES.test(l));
  return at < 0 ? [] : [at + 1];
}

/**
 * The console named: its tools API (`/api/tools`, whose `run` route takes the Approve dialog's answer as `approval`; the
 * route may be joined at run time, `${base}/run`), or the command that starts it (`agent-tools console`, also as spawn words).
 */
const CONSOLE_RUN = /\/api\/tools\b|agent-tools\\?["'`]?\s*,?\s*\\?["'`]?console\b/;

/** The console dialog's yes as a literal `approval` answer: `approval: 'approved'`, `"approval":"approved"`, escaped quotes too. */
const CONSOLE_YES = /\bapproval\\?["'`]?\s*:\s*\\?["'`]approved\\?["'`]/;

/**
 * The 1-based lines where a project file's `text` (code, a shell script) answers the Approve dialog of `agent-tools
 * console` itself: a file that names the console (see {@link CONSOLE_RUN}) and writes the answer as a literal
 * (`approval: 'approved'`, `-d '{"approval":"approved"}'`), at the first line with it. The console asks the person at
 * its page; code that posts the answer is none.
 */
export function consoleApprovalAnswers(text: string): number[] {
  if (!CONSOLE_RUN.test(text) || !CONSOLE_YES.test(text)) return [];
  return [text.split(/\r?\n/).findIndex((l) => CONSOLE_YES.test(l)) + 1];
}
