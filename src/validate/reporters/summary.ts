/** The counts and scope lines every validate reporter leads with. */

import type { ValidateResult } from '../run-checks.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "2 errors, 1 warning", the counts every reporter leads with. */
export function countsLine(result: Pick<ValidateResult, 'errors' | 'warnings'>): string {
  return `${plural(result.errors, 'error')}, ${plural(result.warnings, 'warning')}`;
}

/**
 * "3 files, 5 tools; core tier: 3 tools, 412 tokens; extended tier: 2 tools, 300 tokens;
 * profile full", or for a folder of another library's tools "20 files, 13 tools (13
 * registerTool calls); profile tools: tool checks only, the architecture checks are for
 * agent-tools layouts".
 */
export function scopeLine(result: ValidateResult): string {
  const { core, extended } = result.tiers;
  const counted = `${plural(result.files, 'file')}, ${plural(result.tools, 'tool')}`;
  if (result.profile.layout)
    return `${counted} (${result.profile.layout}); profile ${result.profile.name}${result.profile.name === 'tools' ? ': tool checks only, the architecture checks are for agent-tools layouts' : ''}`;
  return `${counted}; core tier: ${plural(core.tools, 'tool')}, ${plural(core.tokens, 'token')}; extended tier: ${plural(extended.tools, 'tool')}, ${plural(extended.tokens, 'token')}; profile ${result.profile.name}`;
}
