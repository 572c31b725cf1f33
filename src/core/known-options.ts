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
  assertOwnOptions(fn, options);
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

/**
 * Whether `value` inherits from an object other than `Object.prototype` (a `__proto__: {...}`
 * key in its literal, `Object.create(base)`, a class instance): its inherited keys are read as
 * its own, yet the literal does not show them. The one rule behind refusing such a tool
 * definition (`definitionProblems`) and such options ({@link assertOwnOptions}); `null` as the
 * prototype (`Object.create(null)`) inherits nothing and passes.
 */
export function inheritsFromAnother(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto !== Object.prototype && proto !== null;
}

/**
 * Throws when `options` inherits from another object ({@link inheritsFromAnother}):
 * `createRegistry({ core, __proto__: { approval: { allow: ['delete_note'] } } })` would obey an
 * inherited `approval` (or `approve`) that the call as written does not show, and that
 * `agent-tools validate` and `diff` do not read. `undefined`, `null` and non-objects pass (the
 * caller checks those). Every function that takes `approval` or `approve` in options calls it
 * (through `assertKnownOptions` for most).
 *
 * @param fn what takes the options, as messages name it (`createRegistry`, `runTool`).
 * @throws {TypeError} `createRegistry: the options inherit from another object (...)`.
 */
export function assertOwnOptions(fn: string, options: unknown): void {
  if (typeof options !== 'object' || options === null || !inheritsFromAnother(options)) return;
  throw new TypeError(
    `${fn}: the options inherit from another object (\`__proto__: {...}\` or Object.create), whose keys (an approval policy, ` +
      'its lists, an approve callback) it would read unseen, as validate and diff do not read them; write a plain object literal',
  );
}

/**
 * The value of `options`' own property `key`, or `undefined` when it has none: an `approval` or
 * `approve` is read so, never from a prototype (`Object.prototype` polluted by other code).
 */
export function ownOption<O extends object, K extends keyof O>(options: O | undefined, key: K): O[K] | undefined {
  return options !== undefined && options !== null && Object.hasOwn(options, key) ? options[key] : undefined;
}
