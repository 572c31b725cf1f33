/** Reads the JSON object of a POST body, or the 400 answer. */

import type { Context } from 'hono';
import { isPlainObject } from '../../util/is-plain-object.js';

/** The JSON object of a POST body, or the error to answer with (400). */
export async function jsonBody<T extends object>(c: Context): Promise<{ value: Partial<T> } | { error: string }> {
  let value: unknown;
  try {
    value = await c.req.json();
  } catch (err) {
    return { error: `the body is not JSON: ${(err as Error).message}` };
  }
  if (!isPlainObject(value)) return { error: 'the body must be a JSON object' };
  return { value: value as Partial<T> };
}
