/** The keys a tool definition may have: `defineTool` and validate refuse any other, with a did-you-mean. */

import { closeMatches } from './suggest.js';
import type { ToolDef, ZodToolDef } from './tool.js';

/**
 * Every key of {@link ToolDef} and {@link ZodToolDef} (with their {@link ToolListing} fields),
 * each set to true: the compiler fails when those types gain or lose a key this list does not
 * follow. `inputSchema` and `outputSchema` are here because `defineTool` sets them (and a tool
 * spread into a new definition carries them).
 */
const TOOL_KEY_SET = {
  name: true,
  title: true,
  description: true,
  mutates: true,
  destructive: true,
  idempotent: true,
  openWorld: true,
  params: true,
  input: true,
  inputSchema: true,
  output: true,
  outputSchema: true,
  execute: true,
  snapshot: true,
  needsApproval: true,
} as const satisfies Record<keyof ToolDef | keyof ZodToolDef, true>;

/** The keys a tool definition may have, in the order the docs list them. */
export const TOOL_KEYS: readonly string[] = Object.keys(TOOL_KEY_SET);

/**
 * `unknown key "needsAproval" (did you mean "needsApproval"?)` for a key that is not in
 * {@link TOOL_KEYS} (the closest known key by `closeMatches`; without a close one, the list of
 * keys), or `undefined` for a known key. A misspelled key is otherwise ignored without a word:
 * `needsAproval: true` leaves a tool that runs without approval.
 */
export function unknownToolKeyProblem(key: string): string | undefined {
  if (Object.hasOwn(TOOL_KEY_SET, key)) return undefined;
  const near = closeMatches(key, TOOL_KEYS, 1)[0];
  return `unknown key ${JSON.stringify(key)}${near ? ` (did you mean ${JSON.stringify(near)}?)` : `; a tool has ${TOOL_KEYS.join(', ')}`}`;
}
