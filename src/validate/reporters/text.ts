/** The `text` validate format: one line per finding with its hint, then the counts. */

import { formatMessage } from '../messages.js';
import { countsLine, scopeLine } from './summary.js';
import type { Reporter } from './types.js';

/**
 * The terminal summary: one line per finding (`file:line:col  severity  message  check-id`)
 * with its hint indented below, then the counts. Colored through `options.colors` (off
 * unless on a terminal and `NO_COLOR` is unset).
 */
export const text: Reporter = (result, { colors: c }) => {
  const out: string[] = [];
  for (const f of result.findings) {
    const sev = f.severity === 'error' ? c.red('error') : c.yellow('warn ');
    out.push(`${c.dim(`${f.file}:${f.line}:${f.column}`)}  ${sev}  ${formatMessage(f)}  ${c.dim(f.checkId)}`);
    if (f.hint) out.push(`    ${c.cyan('hint:')} ${f.hint}`);
  }
  if (out.length > 0) out.push('');
  const mark = result.errors > 0 ? c.red('✖') : result.warnings > 0 ? c.yellow('⚠') : c.green('✔');
  out.push(`${mark} ${countsLine(result)} (${scopeLine(result)})`);
  return out.join('\n') + '\n';
};
