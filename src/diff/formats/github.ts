/** The `github` diff format: GitHub Actions annotations, one per change. */

import type { DiffFormat } from './types.js';
import { escapeData, escapeProperty } from '../../util/workflow-command.js';

/**
 * GitHub Actions annotations: one workflow command per change, on the tool's line in the head
 * when known. Breaking changes are `::error` (`::warning` with `--allow-breaking`), minor and
 * patch ones `::notice`. Nothing else, so the output can go straight to the log.
 */
export const github: DiffFormat = (result, options = {}) =>
  result.changes
    .map((c) => {
      const level = c.class !== 'breaking' ? 'notice' : options.allowBreaking ? 'warning' : 'error';
      const at = c.file ? `file=${escapeProperty(c.file)},line=${c.line},col=${c.column},` : '';
      const title = escapeProperty(`agent-tools diff ${c.rule} (${c.class})`);
      return `::${level} ${at}title=${title}::${escapeData(`${c.tool}: ${c.message}`)}\n`;
    })
    .join('');
