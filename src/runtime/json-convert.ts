/** The conversion behind `toJsonSafe`: a JSON-safe copy of a result and an upper bound on its JSON text's UTF-8 size. */

// Its rules are documented at `toJsonSafe`. One walk copies the result and adds up the bound on the way; the pipeline checks
// the result cap against the bound and writes the text (`JSON.stringify` of the copy) only when the bound is over the cap or
// someone reads it (the AI SDK and the command line never need the text, MCP does). Proved by
// test/runtime/json-convert.test.ts (the bound is never below the real size).

/** Thrown at a repeated ancestor; each enclosing level adds its key on the way out, so the path costs nothing until a cycle is found. */
export class CircularError extends Error {
  readonly keys: (string | number)[] = [];
}

/** The bound (UTF-8 bytes) added up so far by the running {@link copyJsonSafe}. */
let bound = 0;

/**
 * The most UTF-8 bytes a JSON string of `length` UTF-16 code units takes, quotes included: an
 * escaped control character or lone surrogate is 6 bytes (`\u001f`); any other code unit at most
 * 3 (a surrogate pair is 4 bytes for 2 units).
 */
const stringBound = (length: number) => 6 * length + 2;

/** The longest text `String(n)` gives for a finite number (`-1.2345678901234567e-308`). */
const NUMBER_BOUND = 24;

/** Whether a property holding `v` is left out of an object (and is `null` in an array). */
function dropped(v: unknown): boolean {
  const t = typeof v;
  return t === 'undefined' || t === 'function' || t === 'symbol';
}

/** `out[key] = value`, except that a `__proto__` key becomes an own property (as in a spread), not the prototype. */
function setOwn(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
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
      bound += s.length + 2;
      return s;
    }
    case 'number':
      bound += NUMBER_BOUND;
      return Number.isFinite(v) ? v : null;
    case 'string':
      bound += stringBound(v.length);
      return v;
    case 'boolean':
      bound += 5;
      return v;
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (v === null) {
    bound += 4;
    return null;
  }
  const obj = v as object;
  const proto: unknown = Object.getPrototypeOf(obj);
  const plain = proto === Object.prototype || proto === null;
  if (ancestors === undefined) {
    if (depth > FIRST_PASS_DEPTH) throw TOO_DEEP;
    if (plain) return plainCopy(obj, depth);
  }
  if (obj instanceof Date) {
    const iso = Number.isNaN(obj.getTime()) ? null : obj.toISOString();
    bound += iso === null ? 4 : iso.length + 2;
    return iso;
  }
  if (ancestors?.includes(obj)) throw new CircularError();
  if (obj instanceof Error) return objectOf({ name: obj.name, message: obj.message }, undefined, depth);
  // as JSON.stringify: a class instance's toJSON() (Decimal, ObjectId, Buffer, a Luxon
  // DateTime) stands for it, and a boxed primitive for its value
  // (not a plain object's own toJSON: the first pass copies plain objects without looking)
  const toJSON = plain ? undefined : (obj as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    const stand = toJSON.call(obj, '') as unknown;
    if (stand !== obj) return convert(stand, ancestors, depth + 1);
  }
  if (obj instanceof Number || obj instanceof String || obj instanceof Boolean) return convert(obj.valueOf(), ancestors, depth);
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
      bound += 2 + obj.length; // brackets and commas
      for (; key < obj.length; key = key + 1) {
        const item = obj[key];
        if (dropped(item)) bound += 4;
        out[key] = convert(item, ancestors, depth + 1) ?? null;
      }
      return out;
    }
    if (obj instanceof Set) {
      const out: unknown[] = [];
      bound += 2 + obj.size;
      for (const item of obj) {
        if (dropped(item)) bound += 4;
        out.push(convert(item, ancestors, depth + 1) ?? null);
        key = key + 1;
      }
      return out;
    }
    // keys become strings, so two can meet (the later one wins, as in the copy's text)
    const out: Record<string, unknown> = {};
    bound += 2;
    for (const [k, val] of obj) {
      key = String(k);
      const c = convert(val, ancestors, depth + 1);
      if (c !== undefined) {
        setOwn(out, key, c);
        bound += stringBound(key.length) + 2; // the key, its colon and a comma
      }
    }
    return out;
  } catch (err) {
    if (err instanceof CircularError) err.keys.unshift(key);
    throw err;
  } finally {
    ancestors?.pop();
  }
}

/**
 * A plain object in the first pass: a spread copy (V8 copies a literal's shape in one step,
 * several times faster than adding keys one by one), then each value checked in place.
 * Keeps what {@link objectOf} keeps, in the same order.
 */
function plainCopy(obj: object, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = { ...obj };
  bound += 2;
  for (const key in out) {
    const val = out[key];
    switch (typeof val) {
      case 'string':
        bound += stringBound(val.length);
        break;
      case 'boolean':
        bound += 5;
        break;
      case 'number':
        bound += NUMBER_BOUND;
        if (!Number.isFinite(val)) out[key] = null;
        break;
      case 'undefined':
      case 'function':
      case 'symbol':
        delete out[key];
        continue;
      default:
        out[key] = convert(val, undefined, depth + 1);
    }
    bound += stringBound(key.length) + 2; // the key, its colon and a comma
  }
  return out;
}

/**
 * An object's own enumerable string keys, those whose values are not dropped (a class instance;
 * a plain object in the second pass). A `__proto__` key stays an own property, as in a spread.
 */
function objectOf(obj: Record<string, unknown>, ancestors: object[] | undefined, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = Object.keys(obj);
  let i = 0;
  bound += 2;
  try {
    for (; i < keys.length; i++) {
      const key = keys[i]!;
      const val = obj[key];
      if (dropped(val)) continue;
      bound += stringBound(key.length) + 2; // the key, its colon and a comma
      setOwn(out, key, convert(val, ancestors, depth + 1));
    }
  } catch (err) {
    if (err instanceof CircularError) err.keys.unshift(keys[i]!);
    throw err;
  }
  return out;
}

/**
 * Copies `value` by the `toJsonSafe` rules (`undefined` as the whole value becomes `null`) and
 * returns the copy with `maxBytes`, an upper bound on the UTF-8 size in bytes of
 * `JSON.stringify(copy)` (and of the copy itself when it is a string).
 *
 * @throws {CircularError} when an object contains itself (its `keys` name the path).
 * @throws whatever reading the value throws (a getter, a proxy).
 */
export function copyJsonSafe(value: unknown): { value: unknown; maxBytes: number } {
  const outer = bound; // a getter may run toJsonSafe itself while this one is counting
  bound = 0;
  try {
    let safe: unknown;
    try {
      safe = convert(value, undefined, 0);
    } catch (err) {
      if (err !== TOO_DEEP) throw err;
      bound = 0;
      safe = convert(value, [], 0);
    }
    return safe === undefined ? { value: null, maxBytes: 4 } : { value: safe, maxBytes: bound };
  } finally {
    bound = outer;
  }
}
