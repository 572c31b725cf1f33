/** The `github` validate format: one GitHub Actions annotation per finding. */

import { formatMessage } from '../messages.js';
import type { Reporter } from './types.js';
import { escapeData, escapeProperty } from '../../util/workflow-command.js';

/**
 * GitHub Actions annotations: one `::error` or `::warning` workflow command per finding
 * (`file`, `line`, `col`, `title` = check id), message and hint as the text. Nothing else,
 * so the output can go straight to the log.
 */
export const github: Reporter = (result) =>
  result.findings
    .map((f) => {
      const props = `file=${escapeProperty(f.file)},line=${f.line},col=${f.column},title=${escapeProperty(`agent-tools ${f.checkId}`)}`;
      return `::${f.severity === 'error' ? 'error' : 'warning'} ${props}::${escapeData(formatMessage(f) + (f.hint ? ` Hint: ${f.hint}` : ''))}\n`;
    })
    .join('');
