/** Results as JSON-safe text, capped at 100 000 bytes with head, tail and a marker stating both sizes. */

import { CircularError, copyJsonSafe } from './json-convert.js';

/** The default result cap: 100 000 UTF-8 bytes of result text. */
export const DEFAULT_MAX_RESULT_BYTES = 100_000;

/** How a capped result was cut: sizes in UTF-8 bytes of the result text. */
export interface Truncation {
  originalBytes: number;
  keptBytes: number;
}

/** A successful {@link toJsonSafe}: `json` is `JSON.stringify(value)`. */
export interface JsonSafeOk {
  ok: true;
  value: unknown;
  json: string;
  truncated?: Truncation;
}

/** The outcome of {@link toJsonSafe}. */
export type JsonSafeResult = JsonSafeOk | { ok: false; error: string };

function pathText(keys: readonly (string | number)[]): string {
  let path = '$';
  for (const key of keys)
    path += typeof key === 'number' ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
  return path;
}

const encoder = new TextEncoder();

/** The marker put between head and tail of a capped result (ASCII only). */
export function truncationMarker(originalBytes: number, keptBytes: number): string {
  return `\n...[result truncated: ${originalBytes} UTF-8 bytes, kept ${keptBytes} (head and tail)]...\n`;
}

/**
 * The one-line diagnostic a command line prints on stderr when the result of tool `tool` was
 * capped (sizes in UTF-8 bytes), so the truncation is noted outside the result too.
 */
export function truncationNote(tool: string, truncated: Truncation): string {
  return `note: the result of tool "${tool}" was truncated: ${truncated.originalBytes} UTF-8 bytes, kept ${truncated.keptBytes}`;
}

/** Moves `i` back to the start of the UTF-8 character it points into (a head's end: never more bytes). */
function charStart(bytes: Uint8Array, i: number): number {
  while (i > 0 && i < bytes.length && (bytes[i]! & 0xc0) === 0x80) i -= 1;
  return i;
}

/** Moves `i` on to the start of the next UTF-8 character when it points into one (a tail's start: never more bytes). */
function nextCharStart(bytes: Uint8Array, i: number): number {
  while (i < bytes.length && (bytes[i]! & 0xc0) === 0x80) i += 1;
  return i;
}

/**
 * A text of which only the start and the end were kept, e.g. a script's stdout past the
 * executor's memory bound: `head` and `tail` are the kept parts (each whole characters),
 * `originalBytes` the UTF-8 size of the whole text. Returned by a tool, the result cap treats
 * it as that whole text: one marker, stating the real original size, never a marker
 * around a marker. As JSON or a string it is the kept parts with the marker between them.
 */
export class PartialText {
  constructor(
    readonly head: string,
    readonly tail: string,
    readonly originalBytes: number,
  ) {}

  /** `head`, the marker with both sizes, `tail`. */
  toString(): string {
    return this.head + truncationMarker(this.originalBytes, utf8Bytes(this.head) + utf8Bytes(this.tail)) + this.tail;
  }

  /** The same text as {@link toString}, so `JSON.stringify` writes it as a string. */
  toJSON(): string {
    return this.toString();
  }
}

/**
 * Cuts a text of `originalBytes` to `maxBytes`: the start of `head`, the marker, the end of
 * `tail`. For a whole text, `head` and `tail` are the same bytes.
 */
function cutText(head: Uint8Array, tail: Uint8Array, originalBytes: number, maxBytes: number): { text: string; truncated: Truncation } {
  const budget = Math.max(0, maxBytes - truncationMarker(originalBytes, maxBytes).length);
  const headEnd = charStart(head, Math.min(head.length, Math.ceil(budget / 2)));
  // what a short head leaves unused goes to the tail
  const tailBudget = Math.floor(budget / 2) + Math.max(0, Math.ceil(budget / 2) - head.length);
  const tailStart = nextCharStart(tail, Math.max(0, tail.length - tailBudget));
  const kept = headEnd + (tail.length - tailStart);
  const decoder = new TextDecoder();
  const text = decoder.decode(head.subarray(0, headEnd)) + truncationMarker(originalBytes, kept) + decoder.decode(tail.subarray(tailStart));
  return { text, truncated: { originalBytes, keptBytes: kept } };
}

function cap(text: string, maxBytes: number): { text: string; truncated?: Truncation } {
  // A UTF-8 character is at most 4 bytes, so a string this short cannot exceed the cap.
  if (text.length * 3 <= maxBytes) return { text };
  const bytes = encoder.encode(text);
  if (bytes.length <= maxBytes) return { text };
  return cutText(bytes, bytes, bytes.length, maxBytes);
}

/**
 * `text` within `maxBytes` UTF-8 bytes, cut as a too-long result is (head, marker, tail, whole
 * characters only); unchanged when it fits. A {@link PartialText} is cut as the whole text it
 * stands for and always marked, with its `originalBytes`. The pipeline caps error messages with
 * it, so a tool that throws a 5 MB message does not send it whole.
 */
export function capText(text: string | PartialText, maxBytes: number): string {
  if (text instanceof PartialText) return cutText(encoder.encode(text.head), encoder.encode(text.tail), text.originalBytes, maxBytes).text;
  return cap(text, maxBytes).text;
}

/**
 * THE result policy: turns whatever a tool returned into a JSON-safe value. Used by the
 * pipeline for every adapter, so the AI SDK, MCP and the CLI see the same result.
 *
 * Rules: a BigInt becomes its exact decimal string; `undefined`, functions and symbols
 * are dropped from objects (`null` in arrays, as in JSON); `undefined` or void as the whole
 * result becomes `null`; NaN and ±Infinity become `null`; a Date becomes its ISO string
 * (an invalid Date `null`); a Map becomes an object (keys as strings), a Set an array; an
 * Error becomes `{ name, message }`; a class instance with a `toJSON()` method becomes what it
 * returns and a boxed primitive its value, as in `JSON.stringify`. A circular structure is an error naming the path of
 * the repeated object (e.g. `$.node.parent`); a value reachable twice without a cycle is
 * fine.
 *
 * The cap: when the result text (the string itself for a string result, the JSON text
 * otherwise) is longer than `maxResultBytes` UTF-8 bytes (default 100 000), the result
 * becomes a string holding the head and tail of that text with a marker between them
 * stating the original and kept sizes in bytes; the whole string stays within the cap and
 * is cut only on UTF-8 character boundaries (never a U+FFFD). A {@link PartialText} is cut
 * the same way as the whole text it stands for: always marked, with its `originalBytes`.
 *
 * Never throws. The pipeline uses {@link toJsonSafeCopy}, which writes the JSON text only when
 * the cap needs it.
 */
export function toJsonSafe(value: unknown, options: { maxResultBytes?: number } = {}): JsonSafeResult {
  const r = toJsonSafeCopy(value, options.maxResultBytes);
  if (!r.ok || r.json !== undefined) return r as JsonSafeResult;
  return { ok: true, value: r.value, json: JSON.stringify(r.value) };
}

/**
 * {@link toJsonSafe} without the text where it is not needed: `json` is
 * `JSON.stringify(value)` when the cap had to measure the text (the copy's size bound, see
 * `copyJsonSafe`, was over `maxResultBytes`), else absent, for the caller to write when it needs it.
 */
export function toJsonSafeCopy(
  value: unknown,
  maxResultBytes = DEFAULT_MAX_RESULT_BYTES,
): { ok: true; value: unknown; json?: string; truncated?: Truncation } | { ok: false; error: string } {
  if (value instanceof PartialText) {
    const cut = cutText(encoder.encode(value.head), encoder.encode(value.tail), value.originalBytes, maxResultBytes);
    return { ok: true, value: cut.text, json: JSON.stringify(cut.text), truncated: cut.truncated };
  }
  let copy: { value: unknown; maxBytes: number };
  try {
    copy = copyJsonSafe(value);
  } catch (err) {
    if (err instanceof CircularError)
      return {
        ok: false,
        error: `The result is circular: the object at ${pathText(err.keys)} contains itself, so it cannot be sent as JSON.`,
      };
    return { ok: false, error: `The result cannot be converted to JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (copy.maxBytes <= maxResultBytes) return { ok: true, value: copy.value }; // cannot exceed the cap: nothing to measure
  const json = JSON.stringify(copy.value);
  const capped = cap(typeof copy.value === 'string' ? copy.value : json, maxResultBytes);
  if (!capped.truncated) return { ok: true, value: copy.value, json };
  return { ok: true, value: capped.text, json: JSON.stringify(capped.text), truncated: capped.truncated };
}

/** The size of `text` in UTF-8 bytes. */
export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
