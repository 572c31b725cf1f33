/** Where a finding about a param points: the param's property, so an editor jumps to the line to fix. */

import { ModuleResolver } from '../analysis/project.js';
import { unwrap } from '../analysis/evaluate.js';
import { NotStatic, Scope } from '../analysis/scope.js';
import { ts } from '../analysis/ts-morph.cjs';
import type { Analysis, ExtractedTool } from '../analysis/types.js';
import { relativeFile } from './ast.js';
import { propertyOf, toolSite } from './fix/nodes.js';

/** zod builders whose first argument is the object's shape (`z.object({...})`, `object({...})`). */
const OBJECT_BUILDERS = new Set(['object', 'strictObject', 'looseObject']);
/** Methods that add properties from their argument to those of the schema they are called on. */
const EXTENDERS = new Set(['extend', 'safeExtend', 'merge']);

const scopes = new WeakMap<Analysis, Scope>();

function scopeOf(analysis: Analysis): Scope {
  let scope = scopes.get(analysis);
  if (!scope) scopes.set(analysis, (scope = new Scope(new ModuleResolver(analysis.project))));
  return scope;
}

/**
 * The property that writes `param` in the zod schema or raw shape `e`, followed the way the
 * static zod subset reads it (same scope rules as the extractor): object literals (later keys
 * and spreads win), `z.object(shape)`, `X.extend(shape)`/`.merge`, `X.shape`, modifiers such
 * as `.pick()`/`.partial()`/`.describe()` on `X`, and constants (also imported).
 */
function shapeProperty(e: ts.Expression, param: string, scope: Scope, seen: Set<ts.Node>): ts.Node | undefined {
  e = unwrap(e);
  if (seen.has(e)) return undefined;
  seen.add(e);
  const next = (x: ts.Expression | undefined) => (x ? shapeProperty(x, param, scope, seen) : undefined);
  if (ts.isObjectLiteralExpression(e)) {
    for (const p of [...e.properties].reverse()) {
      if (ts.isSpreadAssignment(p)) {
        const found = next(p.expression);
        if (found) return found;
      } else if (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === param) return p;
    }
    return undefined;
  }
  if (ts.isIdentifier(e)) {
    const b = scope.lookup(e);
    return b instanceof NotStatic || b.kind !== 'expr' ? undefined : next(b.expr);
  }
  if (ts.isPropertyAccessExpression(e)) return e.name.text === 'shape' ? next(e.expression) : undefined;
  if (!ts.isCallExpression(e)) return undefined;
  const callee = unwrap(e.expression);
  const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
  if (OBJECT_BUILDERS.has(name)) return next(e.arguments[0]);
  if (!ts.isPropertyAccessExpression(callee)) return undefined;
  return (EXTENDERS.has(name) ? next(e.arguments[0]) : undefined) ?? next(callee.expression);
}

/** The value of property `key` of `e`, an object literal or a constant holding one. */
function member(e: ts.Expression | undefined, key: string, scope: Scope): ts.Expression | undefined {
  let o = e && unwrap(e);
  if (o && ts.isIdentifier(o)) {
    const b = scope.lookup(o);
    o = b instanceof NotStatic || b.kind !== 'expr' ? undefined : unwrap(b.expr);
  }
  const p = o && ts.isObjectLiteralExpression(o) ? propertyOf(o, key) : undefined;
  return p && ts.isPropertyAssignment(p) ? p.initializer : undefined;
}

/** The expressions that may hold a tool's zod input, by how the tool is written. */
function zodInputs(tool: ExtractedTool, call: ts.CallExpression, scope: Scope): ts.Expression[] {
  const args = call.arguments;
  const found =
    tool.form === 'mcp-registerTool' || tool.form === 'mcp-registerToolTask'
      ? [member(args[1], 'inputSchema', scope)]
      : tool.form === 'mcp-tool'
        ? args.slice(1, -1) // the shape is the first object after the name and the description
        : tool.form
          ? [member(args[0], 'inputSchema', scope)]
          : [member(args[0], 'input', scope)];
  return found.filter((x): x is ts.Expression => x !== undefined);
}

/**
 * Where a finding about param `param` of `tool` points (1-based line and column): the param's
 * property, so an editor jumps to the line to fix. For `defineTool` that is the property in
 * the `params` object literal of the call; for a zod input (`input` of defineTool,
 * `inputSchema` of the AI SDK, Mastra and MCP SDK forms, the raw shape of `server.tool`) the
 * property of the shape that writes it, followed through constants, imports, `.extend` and
 * `.shape` (possibly in another file). The call itself when the param is not written as a
 * property (params built by a helper, a schema from a function).
 */
export function paramPlace(analysis: Analysis, tool: ExtractedTool, param: string): { file: string; line: number; column: number } {
  const at = { file: tool.file, line: tool.line, column: tool.column };
  const site = toolSite(analysis, tool);
  if (!site) return at;
  const params = !tool.form && site.object ? propertyOf(site.object, 'params') : undefined;
  let prop: ts.Node | undefined;
  if (params) {
    if (ts.isPropertyAssignment(params) && ts.isObjectLiteralExpression(params.initializer)) prop = propertyOf(params.initializer, param);
  } else {
    const scope = scopeOf(analysis);
    for (const input of zodInputs(tool, site.call, scope)) if ((prop = shapeProperty(input, param, scope, new Set()))) break;
  }
  if (!prop) return at;
  const sf = prop.getSourceFile();
  const { line, character } = sf.getLineAndCharacterOfPosition(prop.getStart(sf));
  return { file: sf === site.sf ? tool.file : relativeFile(analysis, sf.fileName), line: line + 1, column: character + 1 };
}
