/** The words of a finding, from its check's message template: the one formatter every reporter uses. */

import { checkById } from './checks/index.js';
import { fillTemplate } from '../util/fill-template.js';
import type { Finding } from './types.js';

/**
 * The words of a finding: its check's message template for `messageId`, filled from
 * `data`. The one formatter every reporter uses, so all formats say the same thing.
 *
 * @throws {Error} for an unknown check or message id (a bug in a check, not user input).
 */
export function formatMessage(finding: Pick<Finding, 'checkId' | 'messageId' | 'data'>): string {
  const check = checkById(finding.checkId);
  const template = check?.messages[finding.messageId];
  if (template === undefined) throw new Error(`no message "${finding.messageId}" in check "${finding.checkId}"`);
  return fillTemplate(template, finding.data);
}
