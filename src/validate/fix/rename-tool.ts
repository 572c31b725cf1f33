/** The fix that renames a tool to snake_case: its name and every string naming it. */

import { ts } from '../../analysis/ts-morph.cjs';
import type { Analysis, ExtractedTool } from '../../analysis/types.js';
import { relativeFile } from '../ast.js';
import type { Fix, TextEdit } from '../types.js';
import { propertyOf, toolSite } from './nodes.js';

function isModuleSpecifier(n: ts.Node): boolean {
  const p = n.parent;
  return (
    ((ts.isImportDeclaration(p) || ts.isExportDeclaration(p)) && p.moduleSpecifier === n) ||
    ts.isExternalModuleReference(p) ||
    (ts.isLiteralTypeNode(p) && ts.isImportTypeNode(p.parent))
  );
}

/**
 * The fix that renames `tool` to `to`: its `name` string, and every other string in the
 * analyzed files whose whole value is the old name (registry lists by name, tests calling
 * the tool), quotes kept; module specifiers are never touched. `undefined` when the name is
 * not a plain string literal in the call, when `to` is another tool's name, or when a string
 * spells the name with escapes (the edit would not be exact).
 */
export function renameToolFix(analysis: Analysis, tool: ExtractedTool, to: string): Fix | undefined {
  if (analysis.tools.some((t) => t.name === to)) return undefined;
  const site = toolSite(analysis, tool);
  const prop = site?.object && propertyOf(site.object, 'name');
  if (!site || !prop || !ts.isPropertyAssignment(prop) || !ts.isStringLiteralLike(prop.initializer) || prop.initializer.text !== tool.name)
    return undefined;
  const edits: TextEdit[] = [];
  let exact = true;
  for (const source of analysis.sourceFiles) {
    const sf = source.compilerNode;
    if (!sf.text.includes(tool.name)) continue;
    const file = relativeFile(analysis, sf.fileName);
    const visit = (n: ts.Node): void => {
      if (ts.isStringLiteralLike(n) && n.text === tool.name && !isModuleSpecifier(n)) {
        const start = n.getStart(sf) + 1;
        const end = n.end - 1;
        if (sf.text.slice(start, end) === tool.name) edits.push({ file, start, end, text: to });
        else exact = false;
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  if (!exact || edits.length === 0) return undefined;
  const others = edits.length - 1;
  // the public name changes: say so where the change is listed, since clients outside the folder may call it
  const also = others > 0 ? `and ${others} other string${others === 1 ? '' : 's'} naming it; ` : '';
  return {
    before: `name: "${tool.name}"`,
    after: `name: "${to}" (${also}clients that call "${tool.name}" must use the new name)`,
    edits,
    breaking: `renames the tool: a client or a saved conversation that calls "${tool.name}" fails (diff: tool-renamed, breaking)`,
  };
}
