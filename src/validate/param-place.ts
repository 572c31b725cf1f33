import { ts } from '../analysis/ts-morph.cjs';
import type { Analysis, ExtractedTool } from '../analysis/types.js';
import { propertyOf, toolSite } from './fix/nodes.js';

/**
 * Where a finding about param `param` of `tool` points (1-based line and column): the param's
 * property in the `params` object literal of the `defineTool({...})` call, so an editor jumps
 * to the line to fix; the call itself when the params are not written there (built by a
 * helper, spread from a constant, a zod `input`, another library's schema).
 */
export function paramPlace(analysis: Analysis, tool: ExtractedTool, param: string): { file: string; line: number; column: number } {
  const at = { file: tool.file, line: tool.line, column: tool.column };
  const site = toolSite(analysis, tool);
  const params = site?.object && propertyOf(site.object, 'params');
  if (!site || !params || !ts.isPropertyAssignment(params) || !ts.isObjectLiteralExpression(params.initializer)) return at;
  const prop = propertyOf(params.initializer, param);
  if (!prop) return at;
  const { line, character } = site.sf.getLineAndCharacterOfPosition(prop.getStart(site.sf));
  return { file: tool.file, line: line + 1, column: character + 1 };
}
