/** Snapshots around a mutating call: deep copies, equality, unchanged props and the ids a result names. */

/**
 * A deep copy of a snapshot value, so later changes to the live state do not change it:
 * `structuredClone`, or for values it cannot clone (functions, class instances with
 * private state) a JSON round trip; `undefined` when neither works.
 */
export function deepCopy<T>(value: T): T | undefined {
  try {
    return structuredClone(value);
  } catch {
    try {
      return JSON.parse(JSON.stringify(value)) as T;
    } catch {
      return undefined;
    }
  }
}

/** Structural equality of two plain values (objects, arrays, Maps, Sets, Dates, primitives). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (a instanceof Map || a instanceof Set || b instanceof Map || b instanceof Set) {
    return a.constructor === b.constructor && deepEqual([...(a as Iterable<unknown>)], [...(b as Iterable<unknown>)]);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

/**
 * The argument keys whose matching property of the snapshot did not change: for each key
 * of `args` that is also a property of the `before` object, it is listed when `before[key]`
 * deep-equals `after[key]`. Empty when either snapshot is not an object.
 */
export function unchangedProps(args: Record<string, unknown>, before: unknown, after: unknown): string[] {
  if (typeof before !== 'object' || before === null || typeof after !== 'object' || after === null) return [];
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  return Object.keys(args).filter((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(b[k], a[k]));
}

/**
 * The ids a mutating tool's result names: `result.id`, every string or number in
 * `result.ids`, and `result.results[].id`, in that order, without repeats.
 */
export function affectedIds(result: unknown): (string | number)[] {
  if (typeof result !== 'object' || result === null) return [];
  const r = result as { id?: unknown; ids?: unknown; results?: unknown };
  const isId = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';
  const ids: (string | number)[] = [];
  if (isId(r.id)) ids.push(r.id);
  if (Array.isArray(r.ids)) ids.push(...r.ids.filter(isId));
  if (Array.isArray(r.results))
    for (const item of r.results) if (item && isId((item as { id?: unknown }).id)) ids.push((item as { id: string | number }).id);
  return [...new Set(ids)];
}
