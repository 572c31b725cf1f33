/** The findings left for a person, told by the tools' new names once the planned fixes rename them. */

import type { LeftFinding, ValidateFinding } from '../api-types.js';
import { formatMessage } from '../messages.js';

/**
 * Checks whose `data.name` is not a tool's name (define-tool names the variable of a bare
 * object), so a rename never changes their words.
 */
const NAME_IS_NOT_A_TOOL = new Set(['define-tool']);

/** The old and the new name when `finding` is one whose fix renames a tool (snake-case-name's `name` and `suggestion`). */
export function renameOf(finding: Pick<ValidateFinding, 'checkId' | 'data'>): [from: string, to: string] | undefined {
  const { name, suggestion } = finding.data;
  return finding.checkId === 'snake-case-name' && typeof name === 'string' && typeof suggestion === 'string'
    ? [name, suggestion]
    : undefined;
}

/**
 * `left` with each finding about a renamed tool told by its new name: its `data.name` or
 * `data.tool` replaced and its message formatted again, so the list printed after the fixes
 * names the tool as it is in the code now. Other findings are returned as they are.
 */
export function leftAfterRenames(left: readonly LeftFinding[], renames: ReadonlyMap<string, string>): LeftFinding[] {
  if (renames.size === 0) return [...left];
  return left.map((f) => {
    if (NAME_IS_NOT_A_TOOL.has(f.checkId)) return f;
    const data = { ...f.data };
    let changed = false;
    for (const key of ['name', 'tool'] as const) {
      const renamed = typeof data[key] === 'string' ? renames.get(data[key]) : undefined;
      if (renamed !== undefined) {
        data[key] = renamed;
        changed = true;
      }
    }
    return changed ? { ...f, data, message: formatMessage({ checkId: f.checkId, messageId: f.messageId, data }) } : f;
  });
}
