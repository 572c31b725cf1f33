/** The `markdown` validate format: the compliance report with a table of every check. */

import { CHECKS } from '../checks/index.js';
import { formatMessage } from '../messages.js';
import { cliCommand } from '../../shared/cli-command.js';
import { countsLine, scopeLine } from './summary.js';
import type { CheckOutcome } from '../run-checks.js';
import type { Reporter } from './types.js';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/**
 * A check's status as the report shows it: `warn` for a check whose findings are all warnings
 * (its data status stays `fail`, as the JSON format and the toolkit's `validate` promise), since
 * warnings alone do not fail a run unless `--max-warnings` says so.
 */
const shownStatus = (c: CheckOutcome): 'pass' | 'warn' | 'fail' | 'off' => (c.status === 'fail' && c.errors === 0 ? 'warn' : c.status);

/**
 * The compliance report in Markdown: a summary line, a table of every check (severity,
 * pass / warn / fail / off, counts), then one section per check with findings listing each
 * finding as `file:line:col`, severity, message and hint. Deterministic: no timestamps, no paths
 * outside the working directory.
 */
export const markdown: Reporter = (result) => {
  const count = (status: ReturnType<typeof shownStatus>) => result.checks.filter((c) => shownStatus(c) === status).length;
  const checks = `${count('pass')} pass, ${count('warn')} warn, ${count('fail')} fail, ${count('off')} off`;
  const out = [
    '# agent-tools validate',
    '',
    `**${result.errors === 0 ? 'Pass' : 'Fail'}**: ${countsLine(result)}. Checks: ${checks}. Scope: ${scopeLine(result)}.`,
    '',
    '| # | Check | Title | Severity | Status | Errors | Warnings |',
    '| ---: | --- | --- | --- | --- | ---: | ---: |',
    ...result.checks.map(
      (c, i) => `| ${i + 1} | \`${c.id}\` | ${cell(c.title)} | ${c.severity} | ${shownStatus(c)} | ${c.errors} | ${c.warnings} |`,
    ),
  ];
  for (const check of result.checks) {
    if (check.status !== 'fail') continue;
    const docs = CHECKS.find((c) => c.id === check.id)!.docs;
    const more = docs.details ? ` What it reads and reports in full: \`${cliCommand(`explain ${check.id}`)}\`.` : '';
    out.push('', `## \`${check.id}\`: ${check.title}`, '', docs.summary + more, '');
    for (const f of result.findings.filter((x) => x.checkId === check.id)) {
      out.push(`- \`${f.file}:${f.line}:${f.column}\` **${f.severity}**: ${formatMessage(f)}${f.hint ? ` Hint: ${f.hint}` : ''}`);
    }
  }
  return out.join('\n') + '\n';
};
