/** The `json` diff format: the toolkit's `diff()` result as JSON. */

import type { DiffFormat } from './types.js';

/** `{ "changes": [...], "bump": ... }`, two-space indented, non-ASCII as is: exactly the toolkit's `diff()` result. */
export const json: DiffFormat = (result) => `${JSON.stringify({ changes: result.changes, bump: result.bump }, null, 2)}\n`;
