/** Extracts one tool from a `defineTool({...})` call, each field evaluated statically as the runtime would read it. */

import { ts } from './ts-morph.cjs';
import type { ParamsDef } from '../core/param.js';
import { likelyTypo } from '../core/suggest.js';
import { unknownToolKeyProblem } from '../core/tool-keys.js';
import { clip, unwrap, type Entry, type Evaluator, type Shape } from './evaluate.js';
import { NotStatic, nodeText } from './scope.js';
import { commonJsExports, type CommonJsExport } from './commonjs.js';
import type { Diagnostic, ExtractedTool } from './types.js';
import { readOutput } from './output-static.js';
import { decidingText } from './approver-reading.js';
import { readZodInput } from './zod-input-static.js';
import type { ZodReader } from './zod-static.js';

/** Where a node is: file relative to cwd, 1-based line and column of its first token. */
export function position(node: ts.Node, file: string): { file: string; line: number; column: number } {
  const sf = node.getSourceFile();
  const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
  return { file, line: line + 1, column: character + 1 };
}

/** The name `callee` calls, for `defineTool(...)` and `ns.defineTool(...)`. */
export function calleeName(call: ts.CallExpression): string | undefined {
  const c = call.expression;
  if (ts.isIdentifier(c)) return c.text;
  if (ts.isPropertyAccessExpression(c) && ts.isIdentifier(c.name)) return c.name.text;
  return undefined;
}

function jsDocOf(node: ts.Node): string | undefined {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  if (docs.length === 0) return undefined;
  const parts = docs.map((d) => {
    const lines = [ts.getTextOfJSDocComment(d.comment) ?? ''];
    for (const tag of d.tags ?? []) lines.push(`@${tag.tagName.text}${tag.comment ? ' ' + ts.getTextOfJSDocComment(tag.comment) : ''}`);
    return lines.filter((l) => l !== '').join('\n');
  });
  return parts.join('\n\n');
}

/** Whether a CommonJS export's value is the variable `name` (`module.exports = { name }`, `exports.x = name`). */
function namesVariable(value: CommonJsExport['value'], name: string): boolean {
  return ts.isShorthandPropertyAssignment(value) ? value.name.text === name : ts.isIdentifier(value) && value.text === name;
}

/** The CommonJS export whose value is `node` itself (`exports.getTime = defineTool(...)`, `module.exports = defineTool(...)`). */
function commonJsExportOf(sf: ts.SourceFile, node: ts.Node): { name: string; at: ts.Statement } | undefined {
  const cjs = commonJsExports(sf);
  if (cjs.whole === node && cjs.wholeAt) return { name: 'default', at: cjs.wholeAt };
  for (const e of cjs.names.values()) if (e.value === node) return e;
  return undefined;
}

/** The declaration a defineTool call belongs to: its variable (if any), export names and JSDoc. */
function declarationOf(call: ts.CallExpression): { variableName?: string; exportNames: string[]; jsDoc?: string } {
  let n: ts.Node = call;
  while (n.parent && (ts.isParenthesizedExpression(n.parent) || ts.isAsExpression(n.parent) || ts.isSatisfiesExpression(n.parent)))
    n = n.parent;
  const p = n.parent;
  if (p && ts.isExportAssignment(p)) return { exportNames: ['default'], jsDoc: jsDocOf(p) };
  const assigned = commonJsExportOf(call.getSourceFile(), n);
  if (assigned) return { exportNames: [assigned.name], jsDoc: jsDocOf(assigned.at) };
  if (!p || !ts.isVariableDeclaration(p) || !ts.isIdentifier(p.name) || p.initializer !== n) return { exportNames: [] };
  const name = p.name.text;
  const statement = p.parent.parent;
  const exportNames: string[] = [];
  if (ts.isVariableStatement(statement) && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword))
    exportNames.push(name);
  for (const st of call.getSourceFile().statements) {
    if (ts.isExportDeclaration(st) && !st.moduleSpecifier && st.exportClause && ts.isNamedExports(st.exportClause)) {
      for (const e of st.exportClause.elements) if ((e.propertyName ?? e.name).text === name) exportNames.push(e.name.text);
    } else if (ts.isExportAssignment(st) && ts.isIdentifier(st.expression) && st.expression.text === name) exportNames.push('default');
  }
  const cjs = commonJsExports(call.getSourceFile());
  if (cjs.whole && ts.isIdentifier(cjs.whole) && cjs.whole.text === name) exportNames.push('default');
  for (const e of cjs.names.values()) if (namesVariable(e.value, name)) exportNames.push(e.name);
  return { variableName: name, exportNames: [...new Set(exportNames)], jsDoc: jsDocOf(ts.isVariableStatement(statement) ? statement : p) };
}

/** The node of an entry's key (`needsAproval` in `needsAproval: true`), where a finding about the key points. */
function keyNode(entry: Entry): ts.Node {
  if (entry.kind === 'function') {
    const n = entry.node;
    return ts.isMethodDeclaration(n) || ts.isGetAccessorDeclaration(n) || ts.isSetAccessorDeclaration(n) ? n.name : n;
  }
  const p = entry.expr.parent;
  return ts.isPropertyAssignment(p) ? p.name : entry.expr;
}

/**
 * A tool's `needsApproval` as written (see `ExtractedTool.approvalRule`): a boolean literal as
 * it is, a function or anything not known statically as `'per-call'`; a value of another type
 * (defineTool throws on it) as none.
 */
function readApprovalRule(entry: Entry | undefined, ev: Evaluator, display: (sf: ts.SourceFile) => string): ExtractedTool['approvalRule'] {
  if (!entry) return undefined;
  const key = keyNode(entry);
  const where = position(key, display(key.getSourceFile()));
  if (entry.kind === 'function') return { value: 'per-call', decides: decidingText(entry.node, entry.node.getSourceFile()), ...where };
  const v = ev.value(entry.expr);
  if (v instanceof NotStatic) return { value: 'per-call', decides: decidingText(entry.expr, entry.expr.getSourceFile()), ...where };
  return typeof v === 'boolean' ? { value: v, ...where } : undefined;
}

type FieldResult<T> = { ok: true; value: T } | { ok: false; diagnostic: Omit<Diagnostic, 'file' | 'line' | 'column'> & { node: ts.Node } };

/** ` (is \`descripton\` a typo?)` when the definition has a key close to the missing `key`, else ''. */
function typoIn(s: Shape, key: string): string {
  const near = likelyTypo(key, s.keys());
  return near ? ` (is \`${near}\` a typo?)` : '';
}

/**
 * Extracts one tool from a `defineTool({...})` call. Every field the runtime would read is
 * evaluated statically; the first field that cannot be known (or has the wrong JSON type)
 * gives a diagnostic naming the field and why, and no tool.
 */
export function extractTool(
  call: ts.CallExpression,
  display: (sf: ts.SourceFile) => string,
  ev: Evaluator,
  zod?: ZodReader,
): { tool?: ExtractedTool; diagnostic?: Diagnostic } {
  const callee = calleeName(call) ?? nodeText(call.expression);
  const at = position(call, display(call.getSourceFile()));
  // set once the name is read; fail() reads it before that (so the rule's `const` cannot apply)
  // eslint-disable-next-line prefer-const
  let toolName: string | undefined;
  const fail = (node: ts.Node, code: string, field: string | undefined, message: string): { diagnostic: Diagnostic } => {
    const pos = position(node, display(node.getSourceFile()));
    const where = node.getSourceFile() === call.getSourceFile() ? '' : ` (for the ${callee}() call at ${at.file}:${at.line}:${at.column})`;
    const subject = toolName ? `tool \`${toolName}\`` : `the ${callee}() call at line ${at.line}`;
    return {
      diagnostic: {
        code,
        message: `${subject}${field ? `: \`${field}\`` : ''}: ${message}${where}; the tool is left out`,
        ...pos,
        ...(toolName ? { tool: toolName } : {}),
        ...(field ? { field } : {}),
      },
    };
  };
  const arg = call.arguments[0];
  if (!arg) return fail(call, 'not-object', undefined, `${callee}() is called without a definition object`);
  const shape = ev.shape(arg);
  if (shape instanceof NotStatic)
    return fail(
      shape.node,
      unwrap(arg).kind === ts.SyntaxKind.ObjectLiteralExpression ? 'not-static' : 'not-object',
      undefined,
      shape.reason,
    );

  const read = (
    s: Shape,
    key: string,
    field: string,
    want: 'string' | 'boolean' | undefined,
    required: boolean,
    owner: ts.Node,
  ): FieldResult<unknown> => {
    const entry = s.get(key);
    if (!entry)
      return required
        ? { ok: false, diagnostic: { code: 'missing-field', message: `is missing${typoIn(s, key)}`, field, node: owner } }
        : { ok: true, value: undefined };
    if (entry.kind === 'function')
      return { ok: false, diagnostic: { code: 'bad-type', message: 'is a function, expected a value', field, node: entry.node } };
    const v = ev.value(entry.expr);
    if (v instanceof NotStatic) return { ok: false, diagnostic: { code: 'not-static', message: v.reason, field, node: v.node } };
    if (want && v !== undefined && typeof v !== want)
      return {
        ok: false,
        diagnostic: {
          code: 'bad-type',
          message: `is ${clip(JSON.stringify(v) ?? String(v))}, expected a ${want}`,
          field,
          node: entry.expr,
        },
      };
    if (required && v === undefined)
      return { ok: false, diagnostic: { code: 'missing-field', message: 'is undefined', field, node: entry.expr } };
    return { ok: true, value: v };
  };
  const bad = (r: FieldResult<unknown> & { ok: false }) =>
    fail(r.diagnostic.node, r.diagnostic.code, r.diagnostic.field, r.diagnostic.message);

  const name = read(shape, 'name', 'name', 'string', true, arg);
  if (!name.ok) return bad(name);
  toolName = name.value as string;
  // defineTool throws on a key it does not know (a misspelt `needsApproval` would run unasked);
  // a factory named with --callee may take keys of its own
  for (const [key, entry] of callee === 'defineTool' ? shape : []) {
    const unknown = unknownToolKeyProblem(key);
    if (unknown) return fail(keyNode(entry), 'unknown-key', undefined, `${unknown}: defineTool throws on it`);
  }
  const nameEntry = shape.get('name');
  const nameAt = nameEntry?.kind === 'expr' ? position(nameEntry.expr, display(nameEntry.expr.getSourceFile())) : at;
  const fields: Record<string, unknown> = {};
  for (const [key, want, required] of [
    ['title', 'string', false],
    ['description', 'string', true],
    ['mutates', 'boolean', false],
    ['destructive', 'boolean', false],
    ['idempotent', 'boolean', false],
    ['openWorld', 'boolean', false],
  ] as const) {
    const r = read(shape, key, key, want, required, arg);
    if (!r.ok) return bad(r);
    if (r.value !== undefined) fields[key] = r.value;
  }
  const paramsEntry = shape.get('params');
  const inputEntry = shape.get('input');
  let fromInput: { params: ParamsDef; inputSchema?: Record<string, unknown> } | undefined;
  if (!paramsEntry && inputEntry && zod) {
    const r = readZodInput(inputEntry, zod);
    if ('node' in r) return fail(r.node, r.code, r.field, r.message);
    fromInput = r;
  }
  if (!paramsEntry && !fromInput)
    return fail(arg, 'missing-field', 'params', 'is missing (use `params: {}` for a tool without params, or `input: z.object({...})`)');
  const readParams = (
    entry: NonNullable<typeof paramsEntry>,
  ): { params: Record<string, Record<string, unknown>> } | { diagnostic: Diagnostic } => {
    if (entry.kind === 'function') return fail(entry.node, 'bad-type', 'params', 'is a function, expected an object of params');
    const paramsShape = ev.shape(entry.expr);
    if (paramsShape instanceof NotStatic) return fail(paramsShape.node, 'not-static', 'params', paramsShape.reason);
    const out: Record<string, Record<string, unknown>> = {};
    for (const [pname, pentry] of paramsShape) {
      const field = `params.${pname}`;
      if (pentry.kind === 'function') return fail(pentry.node, 'bad-type', field, 'is a function, expected a param definition object');
      const pshape = ev.shape(pentry.expr);
      if (pshape instanceof NotStatic) return fail(pshape.node, 'not-static', field, pshape.reason);
      const def: Record<string, unknown> = {};
      for (const key of pshape.keys()) {
        const r = read(pshape, key, `${field}.${key}`, undefined, false, pentry.expr);
        if (!r.ok) return bad(r);
        if (r.value !== undefined) def[key] = r.value;
      }
      out[pname] = def;
    }
    return { params: out };
  };
  const read_ = fromInput ?? readParams(paramsEntry!);
  if ('diagnostic' in read_) return read_;
  const params = read_.params;
  const outputEntry = shape.get('output');
  const declared = outputEntry ? readOutput(outputEntry, ev, zod) : undefined;
  if (declared && 'node' in declared) return fail(declared.node, declared.code, declared.field, declared.message);
  const decl = declarationOf(call);
  const approvalRule = readApprovalRule(shape.get('needsApproval'), ev, display);
  const tool: ExtractedTool = {
    name: toolName,
    ...(fields.title !== undefined ? { title: fields.title as string } : {}),
    description: fields.description as string,
    ...(fields.mutates !== undefined ? { mutates: fields.mutates as boolean } : {}),
    ...(fields.destructive !== undefined ? { destructive: fields.destructive as boolean } : {}),
    ...(fields.idempotent !== undefined ? { idempotent: fields.idempotent as boolean } : {}),
    ...(fields.openWorld !== undefined ? { openWorld: fields.openWorld as boolean } : {}),
    params: params as unknown as ParamsDef,
    ...(fromInput?.inputSchema ? { inputSchema: fromInput.inputSchema } : {}),
    ...(declared?.output ? { output: declared.output } : {}),
    ...(declared ? { outputSchema: declared.outputSchema } : {}),
    hasSnapshot: shape.has('snapshot'),
    hasExecute: shape.has('execute'),
    ...(approvalRule ? { approvalRule } : {}),
    ...at,
    nameAt,
    exportNames: decl.exportNames,
    ...(decl.jsDoc !== undefined ? { jsDoc: decl.jsDoc } : {}),
    callee,
    ...(decl.variableName !== undefined ? { variableName: decl.variableName } : {}),
  };
  return { tool };
}
