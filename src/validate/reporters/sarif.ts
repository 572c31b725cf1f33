/** The `sarif` validate format: SARIF 2.1.0 for GitHub code scanning. */

import { encodePath } from '../../util/percent-encode.js';
import { CHECKS } from '../checks/index.js';
import { formatMessage } from '../messages.js';
import type { Reporter } from './types.js';
import { cliCommand } from '../../shared/cli-command.js';

const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/**
 * SARIF 2.1.0 (OASIS), the format GitHub code scanning uploads: one run whose driver is
 * `agent-tools` with one rule per check (all of them, in order), and one result per finding
 * (`level` `error` or `warning`, the message, the hint in `properties`, a physical
 * location relative to `%SRCROOT%` with 1-based `startLine`/`startColumn`, columns in UTF-16
 * code units, which the run declares with `columnKind` as SARIF 2.1.0 §3.14.27 asks). The `uri` is a
 * relative reference with every reserved or non-ASCII character percent-encoded (space `%20`).
 */
export const sarif: Reporter = (result, { version }) => {
  const index = new Map<string, number>(CHECKS.map((c, i) => [c.id, i]));
  const log = {
    $schema: SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'agent-tools',
            version,
            informationUri: 'https://www.npmjs.com/package/agent-tools',
            rules: CHECKS.map((c) => ({
              id: c.id,
              name: c.id.replace(/(^|-)(\w)/g, (_, _d, ch: string) => ch.toUpperCase()),
              shortDescription: { text: c.title },
              fullDescription: { text: c.docs.summary },
              help: {
                text: `${c.docs.summary} Run \`${cliCommand(`explain ${c.id}`)}\` for ${c.docs.details ? 'the details and ' : ''}examples.`,
              },
              defaultConfiguration: { level: c.severity === 'error' ? 'error' : 'warning' },
            })),
          },
        },
        // columns are UTF-16 code units, as every other format gives them (SARIF 2.1.0 §3.14.27)
        columnKind: 'utf16CodeUnits',
        originalUriBaseIds: { '%SRCROOT%': { description: { text: 'The folder agent-tools validate ran in.' } } },
        results: result.findings.map((f) => ({
          ruleId: f.checkId,
          ruleIndex: index.get(f.checkId)!,
          level: f.severity === 'error' ? 'error' : 'warning',
          message: { text: formatMessage(f) + (f.hint ? ` Hint: ${f.hint}` : '') },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: encodePath(f.file), uriBaseId: '%SRCROOT%' },
                region: { startLine: f.line, startColumn: f.column },
              },
            },
          ],
          ...(f.hint ? { properties: { hint: f.hint } } : {}),
        })),
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
};
