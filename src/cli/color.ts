/** Whether and how to color a stream: only on a terminal, never with `NO_COLOR` or `TERM=dumb`. */

import pc from 'picocolors';
import type { Colors } from '../shared/colors.js';

export type { Colors };

/**
 * Whether to color output written to `stream`: only on a terminal, never when `NO_COLOR`
 * is set (https://no-color.org) or `TERM=dumb`; `FORCE_COLOR` (non-zero) turns it on.
 */
export function colorEnabled(stream: { isTTY?: boolean } = process.stdout, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

/** Color functions for `stream`, decided by {@link colorEnabled}. */
export function colorsFor(stream: { isTTY?: boolean } = process.stdout): Colors {
  return pc.createColors(colorEnabled(stream));
}
