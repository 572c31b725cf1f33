/** Reads the JSON object of a POST body, or the 400 answer. */

import type { Context } from 'hono';

/** The JSON object of a POST body, or the error to answer with (400). */
export async function jsonBody<T extends object>(c: Context): Promise<{ value: Partial<T> } | { error: string }> {
  let value: unknown;
  try {
    value = await c.req.json();
  } catch (err) {
    return { error: `the body is not JSON: ${(err as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'the body must be a JSON object' };
  return { value: value };
}
