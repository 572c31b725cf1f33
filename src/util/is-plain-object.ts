/** The one test for "a JSON object": what every reader of parsed JSON, schemas and arguments uses. */

/**
 * Whether `v` is an object that is neither `null` nor an array: a JSON object as `JSON.parse`,
 * YAML and zod give it, a schema node, or an argument record. Class instances (a Date, a Map)
 * pass too; what reads them treats the own enumerable keys as the fields.
 */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
