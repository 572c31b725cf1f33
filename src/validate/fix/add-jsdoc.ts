/** The fix that adds a JSDoc comment made from the tool's description. */

import type { Analysis, ExtractedTool } from '../../analysis/types.js';
import type { Fix } from '../types.js';
import { indentAt, insertAt, statementOf, toolSite } from './nodes.js';

/**
 * The JSDoc comment for a description: one line, `/** text *\/`, or one ` * ` line per line
 * of a multi-line description. A `*\/` inside the text is written `*\\/` so it cannot end the comment.
 */
export function jsDocText(description: string, indent: string): string {
  const lines = description
    .trim()
    .replaceAll('*/', '*\\/')
    .split(/\r?\n/)
    .map((l) => l.trimEnd());
  if (lines.length === 1) return `/** ${lines[0]} */`;
  return ['/**', ...lines.map((l) => (l ? ` * ${l}` : ' *')), ' */'].join(`\n${indent}`);
}

/**
 * The fix that adds a JSDoc comment made from the tool's description above the statement
 * declaring it (after any other comment there), at the statement's indentation.
 * `undefined` when the description is empty or the declaration cannot be found.
 */
export function addJsDocFix(analysis: Analysis, tool: ExtractedTool): Fix | undefined {
  const site = toolSite(analysis, tool);
  if (!site || tool.description.trim() === '') return undefined;
  const statement = statementOf(site.call);
  const at = statement.getStart(site.sf);
  const indent = indentAt(site.sf.text, at);
  const comment = jsDocText(tool.description, indent);
  const text = tool.description.trim().split(/\r?\n/)[0]!;
  const shown = text.length > 60 || comment.includes('\n') ? `/** ${text.slice(0, 56)}… */` : comment;
  return { before: 'no JSDoc comment', after: shown, edits: [insertAt(tool.file, at, `${comment}\n${indent}`)] };
}
