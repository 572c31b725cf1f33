import { CHECKS } from '../checks/index.js';
import { formatMessage } from '../messages.js';
import { countsLine, scopeLine } from './summary.js';
import type { Reporter } from './types.js';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/**
 * The compliance report in Markdown: a summary line, a table of every check (severity,
 * pass / fail / off, counts), then one section per failing check listing each finding as
 * `file:line:col`, severity, message and hint. Deterministic: no timestamps, no paths
 * outside the working directory.
 */
export const markdown: Reporter = (result) => {
  const passed = result.checks.filter((c) => c.status === 'pass').length;
  const failed = result.checks.filter((c) => c.status === 'fail').length;
  const off = result.checks.filter((c) => c.status === 'off').length;
  const out = [
    '# agent-tools validate',
    '',
    `**${result.errors === 0 ? 'Pass' : 'Fail'}**: ${countsLine(result)}. Checks: ${passed} pass, ${failed} fail, ${off} off. Scope: ${scopeLine(result)}.`,
    '',
    '| # | Check | Title | Severity | Status | Errors | Warnings |',
    '| ---: | --- | --- | --- | --- | ---: | ---: |',
    ...result.checks.map(
      (c, i) => `| ${i + 1} | \`${c.id}\` | ${cell(c.title)} | ${c.severity} | ${c.status} | ${c.errors} | ${c.warnings} |`,
    ),
  ];
  for (const check of result.checks) {
    if (check.status !== 'fail') continue;
    const docs = CHECKS.find((c) => c.id === check.id)!.docs;
    out.push('', `## \`${check.id}\`: ${check.title}`, '', docs.summary, '');
    for (const f of result.findings.filter((x) => x.checkId === check.id)) {
      out.push(`- \`${f.file}:${f.line}:${f.column}\` **${f.severity}**: ${formatMessage(f)}${f.hint ? ` Hint: ${f.hint}` : ''}`);
    }
  }
  return out.join('\n') + '\n';
};
