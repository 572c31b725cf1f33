/** The `text` diff format: the changes grouped by tool, for a terminal or a log. */

import type { DiffChange } from '../types.js';
import { byTool, countLine, type DiffFormat } from './types.js';

/**
 * The report for a terminal or a log: the changes grouped by tool (the tool's `file:line:col`
 * in the head, `(removed)` for a removed tool), one line each with class, rule id and message;
 * then a summary line with the counts, the bump and what the exit code will be.
 */
export const text: DiffFormat = (result, options = {}) => {
  const c = options.colors;
  const paint = (cls: DiffChange['class'], s: string) =>
    !c ? s : cls === 'breaking' ? c.red(c.bold(s)) : cls === 'minor' ? c.cyan(s) : c.dim(s);
  const width = Math.max(0, ...result.changes.map((x) => x.rule.length));
  const lines: string[] = [];
  for (const group of byTool(result.changes)) {
    const first = group[0]!;
    const where = first.file ? `  ${first.file}:${first.line}:${first.column}` : first.rule === 'tool-removed' ? '  (removed)' : '';
    lines.push(`${c ? c.bold(first.tool) : first.tool}${c && where ? c.dim(where) : where}`);
    for (const x of group) lines.push(`  ${paint(x.class, x.class.padEnd(8))}  ${x.rule.padEnd(width)}  ${x.message}`);
  }
  const breaking = result.changes.some((x) => x.class === 'breaking');
  const fails = options.failOn === 'any' ? result.changes.length > 0 : breaking && !options.allowBreaking;
  const mark = fails ? '✖' : breaking ? '!' : '✔';
  const summary = `${mark} ${countLine(result, options)}`;
  const painted = !c ? summary : mark === '✖' ? c.red(summary) : mark === '!' ? c.yellow(summary) : c.green(summary);
  return `${lines.length > 0 ? `${lines.join('\n')}\n\n` : ''}${painted}\n`;
};
