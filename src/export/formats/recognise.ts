/** Helpers for a format's `recognise`: reading a file's text as one of our JSON shapes. */

/** `text` parsed as JSON, or `undefined` when it is not JSON. */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A plain JSON object (not an array, not null). */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An object with a string `name`, as every tool entry has. */
export const isNamed = (v: unknown): v is Record<string, unknown> & { name: string } => isObject(v) && typeof v.name === 'string';
