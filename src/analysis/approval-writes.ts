/** Approval keys written on a tool after its definition (`tool.needsApproval = false`), read without running code. */

import { APPROVAL_CALLEES, OPTIONS_AT, parseAlone, parseFilesAlone } from './approval-rules.js';
import { APPROVAL_KEYS } from './define-tool-wrappers.js';
import { defineToolCallee } from './define-tool-callee.js';

import { importedFiles, importingFiles } from './importers.js';
import { apiCallsIn } from './api-calls.js';
import { displayPath } from './project.js';
import { directExecutes, mayHoldAdapter } from './own-adapters.js';
import { isTestFile, rawExecuteReads, rawExecutesOf, toolExecuteReads } from './tool-executes.js';
import { internalImports } from './internal-imports.js';
import { toolSetOverrides } from './tool-set-overrides.js';
import { constObjectLiteral, isAssignmentOperator, unwrap } from './evaluate.js';
import { handedOn } from './const-mutation.js';
import { approveOfOptions, decidingText, readApprover, type ApproverReading } from './approver-reading.js';
import { SourceResolver } from './source-resolver.js';
import { conditionOf, elicitationAnswer } from './mcp-answers-all.js';
import { ts } from './ts-morph.cjs';
import type { Analysis } from './types.js';

/**
 * One write of an approval key (`needsApproval`, `mutates`, `destructive`) outside a
 * `defineTool` call's own argument: the key and where the write is (1-based, `file` relative
 * to the working folder). Only writes that can ask less are kept (any value but a literal
 * `true`).
 */
export interface ApprovalWrite {
  /**
   * The key written; `approve` for an approver passed to `callee` that approves every call
   * (`approve: () => true`, a const or import that does, `options.approve ?? (() => true)`),
   * or that cannot be read (`unread`). See `readApprover`. `computed` for a key that cannot be
   * read, written on a tool defined in the same file (`tool[k] = v`, `Object.assign(tool, parsed)`).
   * `execute` for a toolbox's own adapter (named by `callee`) that runs each tool's `execute`
   * itself, outside `runTool`, so no tool it builds asks for approval (see `directExecutes`).
   * `internal` for an import of agent-tools' own files by path (`target` holds the specifier, see `internalImports`).
   * `override` for a plain object with an `execute` put into a tool set from `toolsToAI` under the name `target` (see `toolSetOverrides`).
   * `raw` for a call or hand-on, in code in no tool's definition, of the very function the tool `targetName` has as its
   * `execute` (`target`: `removeNote`, `deleteNoteSpec.execute`; see `rawExecuteReads`), which runs its code unasked; `outside` is set.
   */
  key: (typeof APPROVAL_KEYS)[number] | 'approve' | 'computed' | 'execute' | 'internal' | 'override' | 'raw';
  file: string;
  line: number;
  column: number;
  /** For `approve`: the call it is passed to (`toolsToAI()`); for `execute`: the adapter function's name, or the tool's (see `target`). */
  callee?: string;
  /**
   * For `execute` read inside a tool's own definition: the tool whose `execute` it runs, as
   * written (`deleteNote` in `show_note`'s `execute: () => deleteNote.execute(api, args)`);
   * `callee` is then the name of the tool that runs it.
   */
  target?: string;
  /**
   * For `execute` with a `target`: set when the read is in no tool's definition (a hook such as
   * `onBeforeExecute`, a function, the top level of a project file); `callee` then names that code.
   */
  outside?: true;
  /** For `execute` with a `target`: the name of the tool whose execute it runs, where its defineTool call says it; for `raw`, always. */
  targetName?: string;
  /** For `raw`: set when the function is handed on as a value (`{ run: removeNote }`) rather than called. */
  value?: true;
  /**
   * For `approve`: set when it is not a callback but an answer to the AI SDK's approval requests (see `answerAt`)
   * that says yes whatever was asked (`toolApprovalResponse(tools, q, { approved: true })`, a
   * `tool-approval-response` part with `approved: true`, a UI message's tool part with `state: 'approval-responded'` and
   * `approval: { approved: true }`, or a chat's `addToolApprovalResponse({ id, approved: true })`, under no condition),
   * or decides in code (then with `decides`).
   */
  answers?: true;
  /**
   * For `approve` with `answers`: set when the answers are an MCP client's, an elicitation handler
   * (`client.setRequestHandler('elicitation/create', ...)`, see `elicitationAnswer`), not the AI SDK's.
   */
  mcp?: true;
  /**
   * For `approve`: set when the approver is not a function that can be read (a parameter, a
   * property, the result of a call, a package's export), so it may approve every call; says what it is.
   */
  unread?: string;
  /**
   * For `approve`: set when the approver decides per call by code (see `readApprover`), to its
   * source text and that of what it reads (see `decidingText`), white space collapsed. Such an approver is no warning, but `diff` counts a
   * new or changed one: whether it approves every call is not something code can be read for.
   */
  decides?: string;
}

const KEYS = new Set<string>(APPROVAL_KEYS);

/** The name of a chat's method that answers an approval request of the AI SDK's UI layer (`useChat`, `Chat`, `AbstractChat`). */
const ADD_ANSWER = 'addToolApprovalResponse';

/** The `state` of a UI message's tool part that holds its answer, which `convertToModelMessages` turns into a `tool-approval-response`. */
const UI_ANSWERED = 'approval-responded';

/**
 * Whether `text` may hold such a write, options of an adapter call that may set `approve`, or an
 * own adapter, also one that builds no SDK tool (it reads `execute`) (a cheap test before parsing a file).
 */
const mayWrite = (text: string) =>
  mayHoldAdapter(text) ||
  text.includes('agent-tools/') ||
  text.includes('execute') ||
  text.includes('tool-approval-response') ||
  text.includes('toolApprovalResponse') ||
  text.includes(ADD_ANSWER) ||
  text.includes(UI_ANSWERED) ||
  text.includes('setRequestHandler') ||
  text.includes('fallbackRequestHandler') ||
  text.includes('approve') ||
  text.includes('defineTool') ||
  APPROVAL_KEYS.some((k) => text.includes(k)) ||
  Object.keys(OPTIONS_AT).some((c) => text.includes(c));

/** The key an element of an object literal sets, when it is an approval key (`needsApproval: x`, `'mutates': x`, shorthand). */
function keyOfProperty(p: ts.ObjectLiteralElementLike): string | undefined {
  if (!(ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p))) return undefined;
  const name = ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) ? p.name.text : undefined;
  return name !== undefined && KEYS.has(name) ? name : undefined;
}

const isTrue = (e: ts.Expression | undefined) => e !== undefined && unwrap(e).kind === ts.SyntaxKind.TrueKeyword;

/** Whether `e` writes a literal `true`: the value itself (`plain`), or a property descriptor whose `value` is `true`. */
function writesTrue(e: ts.Expression, plain: boolean): boolean {
  if (plain) return isTrue(e);
  const d = unwrap(e);
  if (!ts.isObjectLiteralExpression(d)) return false;
  const value = d.properties.find((p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'value');
  const getter = d.properties.some((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'get');
  return !getter && value !== undefined && ts.isPropertyAssignment(value) && isTrue(value.initializer);
}

/** Whether `n` calls `Object.assign`. */
function isObjectAssign(n: ts.CallExpression): boolean {
  const c = unwrap(n.expression);
  return ts.isPropertyAccessExpression(c) && ts.isIdentifier(c.expression) && c.expression.text === 'Object' && c.name.text === 'assign';
}

/**
 * The writes of approval keys in `sf` that a tool's `defineTool` call does not show: an
 * assignment to a property so named (`t.needsApproval = false`, `t['mutates'] = x`, also
 * `??=` and the like), `Object.defineProperty(t, 'needsApproval', { value: false })`,
 * `Object.defineProperties(t, { needsApproval: {...} })`, `Reflect.set(t, 'needsApproval', false)`,
 * a key of an object literal passed to `Object.assign` after its target,
 * and a key of an object literal that also spreads something (`{ ...tool, needsApproval: false }`).
 * The argument object of a `defineTool` call (any so named, or the real one under another
 * name, where a wrapper sets its keys: see `wrapperApprovalKeysIn`) is not such a write.
 * Setting a key to `true` asks more, and is left out. A write to a tool defined in the same file
 * by a key that cannot be read (`tool[k] = v`, `Reflect.set(tool, k, v)`, `{ ...tool, [k]: v }`,
 * `Object.assign(tool, JSON.parse(text))`) may set any of them: its key is `computed`.
 * A toolbox's own adapter that runs a tool's `execute` itself (see `directExecutes`) is listed
 * with the key `execute`: no tool it builds asks for approval, whatever its keys say.
 * An MCP client's elicitation handler that answers every approval question yes, or decides in code
 * (see `elicitationAnswer`), is listed as `approve` with `answers` and `mcp`, at the handler.
 * `file` is how the file is shown. A file `leftAlone` names is a test that approves and calls `execute` on
 * purpose: its approvers and its reads of `execute` outside a tool's definition are not listed (validate and
 * diff pass the test files the project does not run as code: see `leftAloneAsTest`). A file whose text `mayMatter`
 * refuses (by default one that names nothing such a write is made of) is not parsed for them.
 */
export function approvalWritesIn(
  sf: ts.SourceFile,
  file: string,
  leftAlone: (file: string) => boolean = isTestFile,
  mayMatter: (text: string) => boolean = mayWrite,
): ApprovalWrite[] {
  const test = leftAlone(file);
  const outside = !test;
  if (!mayMatter(sf.text)) return [];
  const isDefineTool = defineToolCallee(sf);
  const out: ApprovalWrite[] = [];
  const seen = new Set<ts.Node>();
  let resolver: SourceResolver | undefined;
  const add = (key: string, node: ts.Node, more: Partial<ApprovalWrite> = {}) => {
    if (seen.has(node)) return;
    seen.add(node);
    const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    out.push({ key: key as ApprovalWrite['key'], file, line: line + 1, column: character + 1, ...more });
  };
  const apiCalls = new Map(apiCallsIn(sf, APPROVAL_CALLEES).calls.map((call) => [call.node, call]));
  // the namespace handed on as a whole is the approval-rules reader's (one finding, not one for each reader)
  const answering = apiCallsIn(sf, ['toolApprovalResponse'], { namespaceEscapes: false });
  // each call of toolApprovalResponse, under any name the file gives it: the answer it passes
  const answers = new Map(answering.calls.map((call) => [call.node as ts.Node, call.args[2]]));
  // the consts of this file whose value is a defineTool call: a write to one by a key that cannot be read may set any key
  const tools = new Set<string>();
  // the names a chat's addToolApprovalResponse goes by in this file (`const { addToolApprovalResponse: answer } = useChat()`)
  const adders = new Set([ADD_ANSWER]);
  const collect = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
      const init = unwrap(n.initializer);
      if (ts.isCallExpression(init) && isDefineTool(init.expression)) tools.add(n.name.text);
      if (ts.isPropertyAccessExpression(init) && init.name.text === ADD_ANSWER) adders.add(n.name.text);
    }
    if (
      ts.isBindingElement(n) &&
      ts.isIdentifier(n.name) &&
      n.propertyName &&
      ts.isIdentifier(n.propertyName) &&
      n.propertyName.text === ADD_ANSWER
    )
      adders.add(n.name.text);
    ts.forEachChild(n, collect);
  };
  collect(sf);
  // the consts of this file whose object literal a defineTool call is given by name (`defineTool(spec)`), which the
  // definition reads as written: where one is handed on to code that may change it, that code may set any key
  const specs = new Set<string>();
  const findSpecs = (n: ts.Node): void => {
    const arg = ts.isCallExpression(n) && isDefineTool(n.expression) && n.arguments[0] ? unwrap(n.arguments[0]) : undefined;
    if (arg && ts.isIdentifier(arg) && constObjectLiteral(arg, sf)) specs.add(arg.text);
    ts.forEachChild(n, findSpecs);
  };
  findSpecs(sf);
  for (const name of specs)
    for (const h of handedOn(name, sf)) {
      const call = ts.isCallExpression(h) ? h : undefined;
      const first = call?.arguments[0] && unwrap(call.arguments[0]);
      // the definition itself, and Object.assign(spec, ...) with spec first, whose sources are read below
      if (call && (isDefineTool(call.expression) || (isObjectAssign(call) && first && ts.isIdentifier(first) && first.text === name)))
        continue;
      add('computed', h);
    }
  for (const r of toolExecuteReads(sf, tools, isDefineTool, (resolver ??= new SourceResolver()), outside))
    add('execute', r.node, {
      callee: r.tool,
      target: r.target,
      ...(r.outside ? { outside: r.outside } : {}),
      ...(r.targetName !== undefined ? { targetName: r.targetName } : {}),
    });
  // a tool's own execute function, called or handed on by code outside any tool: a test calls it on purpose
  if (outside)
    for (const r of rawExecuteReads(sf, isDefineTool, (resolver ??= new SourceResolver())))
      add('raw', r.node, { callee: r.code, target: r.fn, targetName: r.tool, outside: true, ...(r.value ? { value: r.value } : {}) });
  const isTool = (e: ts.Expression | undefined) =>
    e !== undefined && ts.isIdentifier(unwrap(e)) && tools.has((unwrap(e) as ts.Identifier).text);
  // a tool, or the const object a defineTool call of this file is given: a write to it by a key not read may set any key
  const isToolOrSpec = (e: ts.Expression | undefined) =>
    isTool(e) || (e !== undefined && ts.isIdentifier(unwrap(e)) && specs.has((unwrap(e) as ts.Identifier).text));
  const computedName = (p: ts.ObjectLiteralElementLike) =>
    ts.isPropertyAssignment(p) && ts.isComputedPropertyName(p.name) && !ts.isStringLiteralLike(unwrap(p.name.expression));
  const literalKeys = (obj: ts.ObjectLiteralExpression, ofTool: boolean) => {
    for (const p of obj.properties) {
      const key = keyOfProperty(p);
      if (key !== undefined && !(ts.isPropertyAssignment(p) && isTrue(p.initializer))) add(key, p);
      else if (ofTool && computedName(p)) add('computed', p);
    }
  };
  // toolApprovalResponse handed on as a value (`reqs.map(toolApprovalResponse.bind(null, tools))`): what it answers is not read
  for (const e of answering.escapes)
    add('approve', e.node, {
      callee: 'toolApprovalResponse()',
      answers: true,
      decides: decidingText(e.node, sf, (resolver ??= new SourceResolver())),
    });
  const visit = (n: ts.Node): void => {
    const answer = answerAt(n, answers, adders);
    const says = answer && answerSays(n, answer);
    if (answer && says === 'yes') add('approve', n, { callee: answer.callee, answers: true });
    else if (answer && typeof says === 'object')
      add('approve', n, { callee: answer.callee, answers: true, decides: decidingText(says, sf, (resolver ??= new SourceResolver())) });
    const mcp = elicitationAnswer(n, sf, (resolver ??= new SourceResolver()));
    if (mcp)
      add('approve', mcp.node, {
        callee: mcp.callee,
        answers: true,
        mcp: true,
        ...(mcp.kind === 'decides' ? { decides: decidingText(mcp.node, sf, (resolver ??= new SourceResolver())) } : {}),
      });
    if (ts.isBinaryExpression(n) && isAssignmentOperator(n.operatorToken.kind)) {
      const left = unwrap(n.left);
      const key = ts.isPropertyAccessExpression(left)
        ? left.name.text
        : ts.isElementAccessExpression(left) && ts.isStringLiteralLike(left.argumentExpression)
          ? left.argumentExpression.text
          : undefined;
      if (key !== undefined && KEYS.has(key) && !(n.operatorToken.kind === ts.SyntaxKind.EqualsToken && isTrue(n.right))) add(key, n);
      else if (ts.isElementAccessExpression(left) && !ts.isStringLiteralLike(unwrap(left.argumentExpression)) && isTool(left.expression))
        add('computed', n);
    }
    if (ts.isCallExpression(n)) {
      const c = unwrap(n.expression);
      const api = apiCalls.get(n);
      const callee = api?.callee;
      // an approver that approves every call, or one that cannot be read: every tool that asks may run unasked
      if (api && callee !== undefined)
        api.args.forEach((arg, i) => {
          const options = i === OPTIONS_AT[callee] ? arg : constObjectLiteral(arg, sf);
          if (!options) return;
          const source = approveOfOptions(options, sf, (resolver ??= new SourceResolver()));
          if (!source || seen.has('found' in source ? source.found : options)) return;
          const place = 'found' in source && source.sf === sf ? source.found : arg;
          // an explicit `approve` at another argument than the options (a toolbox's own adapter): spreads there are not read
          if ('unread' in source && i !== OPTIONS_AT[callee]) return;
          const p = 'found' in source ? source.found : undefined;
          const reading: ApproverReading =
            p && 'found' in source
              ? readApprover(ts.isPropertyAssignment(p) ? p.initializer : p, source.sf, resolver)
              : { kind: 'unread', why: `its options may set it, or an approval policy: ${'unread' in source ? source.unread : ''}` };
          if (reading.kind === 'none') return;
          seen.add(p ?? options);
          const { line, character } = sf.getLineAndCharacterOfPosition(place.getStart(sf));
          out.push({
            key: 'approve',
            file,
            line: line + 1,
            column: character + 1,
            callee: `${callee}()`,
            ...(reading.kind === 'unread' ? { unread: reading.why } : {}),
            ...(reading.kind === 'decides' && p && 'found' in source ? { decides: decidingText(p, source.sf, resolver) } : {}),
          });
        });
      // Object.defineProperty(tool, 'needsApproval', { value: false }), Reflect.set(tool, 'needsApproval', false)
      const method = ts.isPropertyAccessExpression(c) && ts.isIdentifier(c.expression) ? `${c.expression.text}.${c.name.text}` : undefined;
      const [, keyArg, valueArg] = n.arguments;
      if ((method === 'Object.defineProperty' || method === 'Reflect.set' || method === 'Reflect.defineProperty') && keyArg) {
        const k = unwrap(keyArg);
        if (ts.isStringLiteralLike(k) && KEYS.has(k.text) && !(valueArg && writesTrue(valueArg, method === 'Reflect.set'))) add(k.text, n);
        else if (!ts.isStringLiteralLike(k) && isTool(n.arguments[0])) add('computed', n);
      }
      if (method === 'Object.defineProperties' && valueArg === undefined && keyArg) {
        const props = unwrap(keyArg);
        if (ts.isObjectLiteralExpression(props))
          for (const p of props.properties) {
            const key = keyOfProperty(p);
            if (key !== undefined && !(ts.isPropertyAssignment(p) && writesTrue(p.initializer, false))) add(key, p);
          }
      }
      if (isObjectAssign(n))
        for (const arg of n.arguments.slice(1)) {
          const obj = unwrap(arg);
          if (ts.isObjectLiteralExpression(obj)) literalKeys(obj, isToolOrSpec(n.arguments[0]));
          // Object.assign(tool, JSON.parse(...)), Object.assign(spec, IMPORTED): any key
          else if (isToolOrSpec(n.arguments[0])) add('computed', arg);
        }
      if (isDefineTool(n.expression) && n.arguments[0]) {
        // the definition's own keys, which validate and export read: its nested objects are still walked
        const def = unwrap(n.arguments[0]);
        if (ts.isObjectLiteralExpression(def)) {
          for (const p of def.properties) ts.forEachChild(p, visit);
          for (const a of n.arguments.slice(1)) visit(a);
          return;
        }
      }
    }
    if (ts.isObjectLiteralExpression(n) && n.properties.some(ts.isSpreadAssignment)) {
      literalKeys(
        n,
        n.properties.some((p) => ts.isSpreadAssignment(p) && isTool(p.expression)),
      );
      // `{ ...t, ...flags }` with `const flags = { destructive: false }`: the const's keys are set here
      for (const p of n.properties) {
        const spread = ts.isSpreadAssignment(p) && ts.isIdentifier(unwrap(p.expression)) ? constObjectLiteral(p.expression, sf) : undefined;
        if (spread)
          for (const q of spread.properties) {
            const key = keyOfProperty(q);
            if (key !== undefined && !(ts.isPropertyAssignment(q) && isTrue(q.initializer))) add(key, p);
          }
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  for (const d of directExecutes(sf)) add('execute', d.node, { callee: d.adapter });
  for (const i of internalImports(sf)) add('internal', i.node, { target: i.specifier });
  for (const o of toolSetOverrides(sf)) add('override', o.node, { target: o.key, ...(o.name !== undefined ? { targetName: o.name } : {}) });
  // a test approves on purpose (`runTool(deleteNote, args, { getApi, approve: () => true })`, as docs/approval.md shows)
  const kept = test ? out.filter((w) => w.key !== 'approve') : out;
  return kept.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Whether an object literal says `approved: true`, literally. */
const approvedTrue = (e: ts.Expression | undefined) =>
  e !== undefined &&
  ts.isObjectLiteralExpression(unwrap(e)) &&
  (unwrap(e) as ts.ObjectLiteralExpression).properties.some(
    (p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'approved' && isTrue(p.initializer),
  );

/** The `approved` value of an object literal, unless it is a literal `true` or `false`: a decision made in code. */
function approvedInCode(e: ts.Expression | undefined): ts.Expression | undefined {
  const o = e && unwrap(e);
  if (!o || !ts.isObjectLiteralExpression(o)) return undefined;
  const p = o.properties.find((q) => ts.isPropertyAssignment(q) && ts.isIdentifier(q.name) && q.name.text === 'approved');
  const v = p && ts.isPropertyAssignment(p) ? unwrap(p.initializer) : undefined;
  return v && v.kind !== ts.SyntaxKind.TrueKeyword && v.kind !== ts.SyntaxKind.FalseKeyword ? v : undefined;
}

/**
 * What decides an answer whose `approved` is read from `arg` (`toolApprovalResponse`'s third argument, `addToolApprovalResponse`'s
 * first, a UI part's `approval`), when `arg` is not an object literal whose only `approved` is a literal (a const, a spread, a
 * call, `Object.fromEntries(...)`, or none): the whole argument, since it may say yes, or `at` (the answer) when there is none.
 * `undefined` for an object literal of such a shape.
 */
function answerNotLiteral(at: ts.Expression, arg: ts.Expression | undefined): ts.Expression | undefined {
  const o = arg && unwrap(arg);
  if (!o) return at;
  if (!ts.isObjectLiteralExpression(o)) return o;
  const plain = o.properties.every(
    (p) => (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)),
  );
  const named = o.properties.filter((p) => p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === 'approved');
  return plain && named.length === 1 && ts.isPropertyAssignment(named[0]!) ? undefined : o;
}

/** The element of the object literal `n` named `key` (`key: v`, `'key': v`, or shorthand). */
const propertyNamed = (n: ts.ObjectLiteralExpression, key: string) =>
  n.properties.find(
    (p) =>
      (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
      (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) &&
      p.name.text === key,
  );

/** The value of the object literal `n`'s `key` when it is a string literal (`state: 'approval-responded'`). */
function literalOf(n: ts.ObjectLiteralExpression, key: string): string | undefined {
  const p = propertyNamed(n, key);
  const v = p && ts.isPropertyAssignment(p) ? unwrap(p.initializer) : undefined;
  return v && ts.isStringLiteralLike(v) ? v.text : undefined;
}

/**
 * Whether the object literal `n` is a hand-built `{ type: 'tool-approval-response', ... }` part: by its type, or, whatever
 * its `type` is written as (`type: ANSWER`), by an `approvalId` and an `approved` key, the two an answer is made of.
 */
const isResponsePart = (n: ts.ObjectLiteralExpression) => {
  const type = literalOf(n, 'type');
  return type !== undefined
    ? type === 'tool-approval-response'
    : propertyNamed(n, 'approvalId') !== undefined && propertyNamed(n, 'approved') !== undefined;
};

/**
 * An answer to the AI SDK's approval requests: what gives it, in words (`callee`), and the object whose `approved` says
 * yes or no (`arg`). `checked` when an `arg` that is not an object literal with one literal `approved` counts as decided
 * in code (see `answerNotLiteral`).
 */
interface Answer {
  callee: string;
  arg: ts.Expression | undefined;
  checked: boolean;
}

/**
 * The answer to the AI SDK's approval requests that `n` gives, or `undefined`:
 * - a call of `toolApprovalResponse(tools, q, answer)` under any name the file gives it (`calls`: each to its answer);
 * - a call of a chat's `addToolApprovalResponse(answer)` (`chat.` or `this.` it, or a name of `adders`, one destructured
 *   from `useChat()`), which `useChat` and `AbstractChat` send on as the user's answer;
 * - a UI message's tool part `{ ..., state: 'approval-responded', approval: answer }`, which `convertToModelMessages`
 *   turns into a `tool-approval-response` (one with no `approval` and no spread is no answer);
 * - a hand-built `{ type: 'tool-approval-response', approved, ... }` part (see `isResponsePart`), read as its own answer.
 */
function answerAt(n: ts.Node, calls: ReadonlyMap<ts.Node, ts.Expression | undefined>, adders: ReadonlySet<string>): Answer | undefined {
  if (calls.has(n)) return { callee: 'toolApprovalResponse()', arg: calls.get(n), checked: true };
  if (ts.isCallExpression(n)) {
    const c = unwrap(n.expression);
    const named = ts.isIdentifier(c)
      ? adders.has(c.text)
      : ts.isPropertyAccessExpression(c)
        ? c.name.text === ADD_ANSWER
        : ts.isElementAccessExpression(c) && ts.isStringLiteralLike(c.argumentExpression) && c.argumentExpression.text === ADD_ANSWER;
    return named ? { callee: `${ADD_ANSWER}()`, arg: n.arguments[0], checked: true } : undefined;
  }
  if (!ts.isObjectLiteralExpression(n)) return undefined;
  if (literalOf(n, 'state') === UI_ANSWERED) {
    const approval = propertyNamed(n, 'approval');
    if (!approval && !n.properties.some(ts.isSpreadAssignment)) return undefined;
    const arg = approval && (ts.isPropertyAssignment(approval) ? approval.initializer : (approval.name as ts.Identifier));
    return { callee: 'an approval-responded UI message part', arg, checked: true };
  }
  return isResponsePart(n) ? { callee: 'a tool-approval-response part', arg: n, checked: false } : undefined;
}

/**
 * What the answer `a`, given at `n`, says: `yes` to every request, when it says `approved: true` literally under no condition
 * (see `conditionOf`); or the code that decides it, when its `approved` is computed
 * (`toolApprovalResponse(tools, q, { approved: process.env.AUTO !== 'false' })`), cannot be read (a const, a spread), or is a
 * literal `true` under a condition (`if (q.toolCall.toolName) ...`), which is then the condition. No reading tells a person's
 * answer from a switch that is always on, so `diff` counts a new or changed one (see `decidingText`). `undefined` for a no.
 */
function answerSays(n: ts.Node, a: Answer): 'yes' | ts.Node | undefined {
  const decides = (a.checked ? answerNotLiteral(n as ts.Expression, a.arg) : undefined) ?? approvedInCode(a.arg);
  if (decides) return decides;
  if (!approvedTrue(a.arg)) return undefined;
  return conditionOf(n) ?? 'yes';
}

/**
 * {@link approvalWritesIn} over `sources`, then over the project files that import one of them
 * (see `importingFiles`), then over the files all of these import by relative import (see `importedFiles`).
 * A file is read when its text may hold a write, or names a function a tool of `sources` has as its `execute`
 * (see `rawExecutesOf`), which a script may call.
 */
function writesAround(
  sources: readonly ts.SourceFile[],
  cwd: string,
  leftAlone: (file: string) => boolean,
  ignored?: (file: string) => boolean,
): ApprovalWrite[] {
  const out: ApprovalWrite[] = [];
  // a file that names a function a tool of the sources has as its execute may call it (`removeNote(...)` in a script)
  const raws = new Set(sources.flatMap((sf) => [...rawExecutesOf(sf, defineToolCallee(sf)).keys()]));
  const matters = (text: string) => mayWrite(text) || [...raws].some((name) => text.includes(name));
  for (const sf of sources) {
    const syntax = (sf as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics ?? [];
    if (syntax.length === 0) out.push(...approvalWritesIn(sf, displayPath(sf.fileName, cwd), leftAlone, matters));
  }
  const { files, links } = importingFiles(sources, cwd, matters, ignored);
  const imported = importedFiles([...sources.map((sf) => ({ path: sf.fileName, text: sf.text })), ...links], cwd, ignored);
  for (const { path, text } of [...files, ...imported.filter((f) => matters(f.text))]) {
    const parsed = parseAlone(path, text, cwd);
    if (parsed) out.push(...approvalWritesIn(parsed.sf, parsed.file, leftAlone, matters));
  }
  return out;
}

/**
 * The approval keys written on tools after their definition (see {@link approvalWritesIn}) in
 * the analyzed files, in the project's files that import one of them, directly (an agent's
 * `agent.ts` beside its tools folder) or through other files, and in the files any of these
 * import by a relative import, wherever they lie (`relax` imported from `../.lib/relax.js`; see
 * `importedFiles`). A file `ignored` names is left out. A file `leftAlone` names (by its path relative to
 * `cwd`) is a test read as one (see {@link approvalWritesIn}): validate passes those the project does not run as code.
 * The files `runAsCode` names (absolute paths: a file a command line runs as code whatever its name, see
 * `ProjectGrants.codeRun`) are read as analyzed ones.
 */
export function approvalWrites(
  analysis: Analysis,
  cwd: string,
  leftAlone: (file: string) => boolean = isTestFile,
  ignored?: (file: string) => boolean,
  runAsCode: readonly string[] = [],
): ApprovalWrite[] {
  return writesAround([...analysis.sourceFiles.map((s) => s.compilerNode), ...parseFilesAlone(runAsCode)], cwd, leftAlone, ignored);
}

/** {@link approvalWrites} for files given by path, each parsed on its own (for `diff`, which holds no analysis). */
export function approvalWritesOfFiles(
  paths: readonly string[],
  cwd: string,
  leftAlone: (file: string) => boolean = isTestFile,
): ApprovalWrite[] {
  return writesAround(parseFilesAlone(paths), cwd, leftAlone);
}
