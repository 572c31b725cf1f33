/** The `markdown` diff format: a pull request comment with the bump, the counts and one row per change. */

import { countLine, type DiffFormat } from './types.js';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\r?\n|\r/g, ' ');

/**
 * A pull request comment or job summary: a heading with the bump, the counts, and one table
 * row per change (class, tool, rule id, message, where). Nothing else, so it can be posted as is.
 */
export const markdown: DiffFormat = (result, options = {}) => {
  const against = options.base !== undefined ? ` against \`${options.base}\`` : '';
  const heading = `### Tool changes${against}: ${result.bump === 'none' ? 'no bump' : `${result.bump} bump`}`;
  const lines = [heading, '', `${countLine(result, { ...options, base: undefined })}.`];
  if (result.changes.length > 0) {
    lines.push('', '| Class | Tool | Rule | Change | Where |', '| --- | --- | --- | --- | --- |');
    for (const c of result.changes) {
      const where = c.file ? `\`${cell(c.file)}:${c.line}:${c.column}\`` : '';
      const cls = c.class === 'breaking' ? '**breaking**' : c.class;
      lines.push(`| ${cls} | \`${cell(c.tool)}\` | \`${c.rule}\` | ${cell(c.message)} | ${where} |`);
    }
  }
  return `${lines.join('\n')}\n`;
};
