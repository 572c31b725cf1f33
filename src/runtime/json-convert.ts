import type { JsonSafeOk } from './json-safe.js';

/**
 * The conversion behind `toJsonSafe` (its rules are documented there): one walk that copies a
 * tool's result into JSON-safe data and writes that copy's JSON text at the same time, so a
 * result is not walked a second time by `JSON.stringify` (issue 16). The text equals
 * `JSON.stringify(copy)`; where writing it in place could differ (Map keys, an Error's fields,
 * a key that starts with a digit, which objects order before other keys, or `__proto__`, which
 * the copy does not keep as its own key), that part's text is `JSON.stringify` of its copy.
 * Proved against `JSON.stringify` by test/runtime/json-convert.test.ts.
 */

/** Thrown at a repeated ancestor; each enclosing level adds its key on the way out, so the path costs nothing until a cycle is found. */
export class CircularError extends Error {
  readonly keys: (string | number)[] = [];
}

/** The JSON text written so far by the running {@link convertToJson}. */
let text = '';

/** Strings up to this length are checked here for characters JSON escapes; longer ones go to `JSON.stringify`. */
const SCAN_MAX = 64;

/** `JSON.stringify(s)`: quoted as it is when nothing in it needs escaping (a quote, a backslash, a control character, a surrogate). */
function quote(s: string): string {
  if (s.length > SCAN_MAX) return JSON.stringify(s);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(s);
  }
  return `"${s}"`;
}

/** Whether an object key needs the object's text from `JSON.stringify` (see the module comment). */
function unusualKey(key: string): boolean {
  const c = key.charCodeAt(0);
  return (c >= 0x30 && c <= 0x39) || key === '__proto__';
}

/** Whether a property holding `v` is left out of an object (and is `null` in an array). */
function dropped(v: unknown): boolean {
  const t = typeof v;
  return t === 'undefined' || t === 'function' || t === 'symbol';
}

/** Thrown by the first pass (which does not track ancestors) past this depth: a cycle, or a deep value; the second pass tracks them. */
const FIRST_PASS_DEPTH = 200;
const TOO_DEEP = Symbol('too deep');

/**
 * One value. `ancestors` is `undefined` in the first pass, which counts `depth` instead of
 * keeping the objects on the path (a cycle shows as a depth over {@link FIRST_PASS_DEPTH});
 * the second pass, run only then, keeps them to name the path of a cycle.
 */
function convert(v: unknown, ancestors: object[] | undefined, depth: number): unknown {
  switch (typeof v) {
    case 'bigint': {
      const s = v.toString();
      text += `"${s}"`;
      return s;
    }
    case 'number':
      if (Number.isFinite(v)) {
        text += String(v);
        return v;
      }
      text += 'null';
      return null;
    case 'string':
      text += quote(v);
      return v;
    case 'boolean':
      text += v ? 'true' : 'false';
      return v;
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (v === null) {
    text += 'null';
    return null;
  }
  const obj = v as object;
  if (ancestors === undefined) {
    if (depth > FIRST_PASS_DEPTH) throw TOO_DEEP;
    const proto: unknown = Object.getPrototypeOf(obj);
    if (proto === Object.prototype || proto === null) return objectOf(obj as Record<string, unknown>, undefined, depth);
  }
  if (obj instanceof Date) {
    const iso = Number.isNaN(obj.getTime()) ? null : obj.toISOString();
    text += iso === null ? 'null' : `"${iso}"`;
    return iso;
  }
  if (ancestors?.includes(obj)) throw new CircularError();
  if (obj instanceof Error) {
    const out = { name: obj.name, message: obj.message };
    text += JSON.stringify(out);
    return out;
  }
  ancestors?.push(obj);
  if (!Array.isArray(obj) && !(obj instanceof Set) && !(obj instanceof Map)) {
    try {
      return objectOf(obj as Record<string, unknown>, ancestors, depth);
    } finally {
      ancestors?.pop();
    }
  }
  let key: string | number = 0;
  try {
    if (Array.isArray(obj)) {
      const out = new Array<unknown>(obj.length);
      text += '[';
      for (; (key as number) < obj.length; key = (key as number) + 1) {
        if (key > 0) text += ',';
        const item = obj[key as number];
        if (dropped(item)) text += 'null';
        out[key as number] = convert(item, ancestors, depth + 1) ?? null;
      }
      text += ']';
      return out;
    }
    if (obj instanceof Set) {
      const out: unknown[] = [];
      text += '[';
      for (const item of obj) {
        if (key > 0) text += ',';
        if (dropped(item)) text += 'null';
        out.push(convert(item, ancestors, depth + 1) ?? null);
        key = (key as number) + 1;
      }
      text += ']';
      return out;
    }
    // keys become strings, so two can meet and digit keys move first: the text is that of the copy
    const start = text;
    const out: Record<string, unknown> = {};
    for (const [k, val] of obj) {
      key = String(k);
      const c = convert(val, ancestors, depth + 1);
      if (c !== undefined) out[key] = c;
    }
    text = start + JSON.stringify(out);
    return out;
  } catch (err) {
    if (err instanceof CircularError) err.keys.unshift(key);
    throw err;
  } finally {
    ancestors?.pop();
  }
}

/** An object's own enumerable string keys, those whose values are not dropped (a plain object, or a class instance). */
function objectOf(obj: Record<string, unknown>, ancestors: object[] | undefined, depth: number): Record<string, unknown> {
  const start = text;
  let exact = true;
  let first = true;
  const out: Record<string, unknown> = {};
  const keys = Object.keys(obj);
  let i = 0;
  text += '{';
  try {
    for (; i < keys.length; i++) {
      const key = keys[i]!;
      const val = obj[key];
      if (dropped(val)) continue;
      if (exact && unusualKey(key)) exact = false;
      if (exact) text += first ? `${quote(key)}:` : `,${quote(key)}:`;
      first = false;
      out[key] = convert(val, ancestors, depth + 1);
    }
  } catch (err) {
    if (err instanceof CircularError) err.keys.unshift(keys[i]!);
    throw err;
  }
  text += '}';
  if (!exact) text = start + JSON.stringify(out);
  return out;
}

/**
 * Converts `value` by the `toJsonSafe` rules and returns the copy (`value`) and its JSON text
 * (`json`, equal to `JSON.stringify(value)`); `undefined` as the whole value becomes `null`.
 *
 * @throws {CircularError} when an object contains itself (its `keys` name the path).
 * @throws whatever reading the value throws (a getter, a proxy).
 */
export function convertToJson(value: unknown): JsonSafeOk {
  const outer = text; // a getter may run toJsonSafe itself while this one is writing
  text = '';
  try {
    let safe: unknown;
    try {
      safe = convert(value, undefined, 0);
    } catch (err) {
      if (err !== TOO_DEEP) throw err;
      text = '';
      safe = convert(value, [], 0);
    }
    return safe === undefined ? { ok: true, value: null, json: 'null' } : { ok: true, value: safe, json: text };
  } finally {
    text = outer;
  }
}
