/** The error of a tier file scaffold cannot edit, kept apart from registry-edit.ts so catching it does not load ts-morph. */

/**
 * A tier file that cannot be edited: it has no `export const <NAME> = [...]` array. Kept apart from registry-edit.ts so catching it does
 * not load ts-morph.
 */
export class RegistryEditError extends Error {
  override readonly name = 'RegistryEditError';
}
