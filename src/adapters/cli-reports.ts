/** A command-line tool call's log and progress lines (`tool: 40% (2/5) message`), written to stderr. */

import type { ToolProgress } from '../core/call-context.js';
import type { CallReportSinks } from '../runtime/call-context.js';

/** The text of a progress line: `tool: 40% (2/5) message`, or `tool: 2 message` without a total. */
export function progressLine(tool: string, p: ToolProgress): string {
  const amount =
    p.total !== undefined && p.total > 0
      ? `${Math.floor((Math.min(p.progress, p.total) / p.total) * 100)}% (${p.progress}/${p.total})`
      : String(p.progress);
  return `${tool}: ${amount}${p.message ? ` ${p.message}` : ''}`;
}

/**
 * The report sinks of a command-line tool call: each `ctx.log` line goes to `write` as
 * `tool: level: message` (plus the data as JSON), and, when `showProgress` (a terminal),
 * progress is one line redrawn in place (`\r` and erase to the end of line), erased before
 * any other output and by `end()`. Without a terminal progress is not shown.
 */
export function cliReportSinks(
  tool: string,
  write: (text: string) => void,
  showProgress: boolean,
): { sinks: CallReportSinks; end: () => void } {
  let drawn = false;
  const erase = () => {
    if (drawn) write('\r\x1b[K');
    drawn = false;
  };
  const sinks: CallReportSinks = {
    onLog: (line) => {
      erase();
      write(`${tool}: ${line.level}: ${line.message}${line.data === undefined ? '' : ` ${JSON.stringify(line.data)}`}\n`);
    },
  };
  if (showProgress)
    sinks.onProgress = (p) => {
      write(`\r\x1b[K${progressLine(tool, p)}`);
      drawn = true;
    };
  return { sinks, end: erase };
}
