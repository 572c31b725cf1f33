/** Options objects are checked by name: an option a function does not take is a TypeError with a did-you-mean. */

import { closeMatches } from './suggest.js';

/**
 * The option names a function takes, as an object with each name set to true: written
 * `{ ... } satisfies Record<keyof TheOptions, true>`, so the compiler fails when the options
 * interface gains or loses a name the list does not follow.
 */
export type OptionNames = Readonly<Record<string, true>>;

/**
 * Throws when `options` holds an own enumerable key that is not in `known`. A misspelled option
 * is otherwise ignored without a word: `{ teir: 'core' }` serves the default tier, and a
 * misspelled `getStepBudget` in plain JavaScript leaves an agent loop with no step budget.
 * `undefined` and `null` options pass (the function's defaults apply).
 *
 * @param fn what takes the options, as messages name it (`toolsToAI`, `createMcpServer`).
 * @throws {TypeError} `toolsToAI: unknown option "teir" (did you mean "tier"?)`, the closest
 *   known names by `closeMatches`; without a close one, the list of known names.
 */
export function assertKnownOptions(fn: string, options: unknown, known: OptionNames): void {
  if (options === undefined || options === null) return;
  if (typeof options !== 'object') throw new TypeError(`${fn}: options must be an object, received ${typeof options}`);
  for (const key of Object.keys(options)) {
    if (Object.hasOwn(known, key)) continue;
    const names = Object.keys(known);
    const near = closeMatches(key, names, 1)[0];
    throw new TypeError(
      `${fn}: unknown option ${JSON.stringify(key)}` +
        (near ? ` (did you mean ${JSON.stringify(near)}?)` : `; the options are: ${names.sort().join(', ')}`),
    );
  }
}
