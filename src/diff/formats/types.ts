/** What a diff format is (a result to text), its options, and the summary line every format shares. */

import type { Colors } from '../../shared/colors.js';
import type { DiffChange, DiffResult } from '../types.js';

/** Options every diff format accepts; each reads what applies to it. */
export interface DiffFormatOptions {
  /** Color functions (text only); plain text when absent. */
  colors?: Colors;
  /**
   * `--allow-breaking`: breaking changes are still listed, but do not fail the run. When
   * undefined (not a `diff` run, e.g. `export --check`), the summary says nothing about exit codes.
   */
  allowBreaking?: boolean;
  /** What fails the run: a breaking change (`diff`, the default) or any change (`export --check`); the text summary's mark follows it. */
  failOn?: 'breaking' | 'any';
  /** What the head was compared with, as the summary names it: a git ref or a file. */
  base?: string;
  /** How many tools the base and the head have. */
  counts?: { base: number; head: number };
}

/** A pure diff format: a result → the whole output text, ending in a newline. Never writes anywhere. */
export type DiffFormat = (result: DiffResult, options?: DiffFormatOptions) => string;

/** The changes in runs of one tool each, in result order. */
export function byTool(changes: readonly DiffChange[]): DiffChange[][] {
  const groups: DiffChange[][] = [];
  for (const c of changes) {
    const last = groups[groups.length - 1];
    if (last && last[0]!.tool === c.tool) last.push(c);
    else groups.push([c]);
  }
  return groups;
}

const BUMP_TEXT = { major: 'a major version bump', minor: 'a minor version bump', patch: 'a patch version bump', none: 'no version bump' };

/**
 * The summary sentence: `2 breaking, 1 minor, 0 patch changes against main (4 tools, 5 before):
 * a major version bump`, then what the exit code will be when breaking changes are found.
 */
export function countLine(result: DiffResult, options: DiffFormatOptions): string {
  const n = (cls: DiffChange['class']) => result.changes.filter((c) => c.class === cls).length;
  const against = options.base !== undefined ? ` against ${options.base}` : '';
  const counts = options.counts
    ? ` (${options.counts.head} tool${options.counts.head === 1 ? '' : 's'}, ${options.counts.base} before)`
    : '';
  if (result.changes.length === 0) return `no changes${against}${counts}: ${BUMP_TEXT.none}`;
  const line = `${n('breaking')} breaking, ${n('minor')} minor, ${n('patch')} patch ${result.changes.length === 1 ? 'change' : 'changes'}${against}${counts}: ${BUMP_TEXT[result.bump]}`;
  if (n('breaking') === 0 || options.allowBreaking === undefined) return line;
  return `${line} (${options.allowBreaking ? 'allowed by --allow-breaking' : 'exit 1; --allow-breaking accepts them'})`;
}
