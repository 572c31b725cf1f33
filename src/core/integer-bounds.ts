// The inclusive `min` and `max` of an integer's JSON Schema bounds (exclusive bounds moved inside).

type Json = Record<string, unknown>;

/**
 * The inclusive bounds of an integer's JSON Schema, as our params hold them (`min`, `max`):
 * - an exclusive bound becomes the next whole number inside it (`.positive()`, `exclusiveMinimum: 0`,
 *   is `min: 1`; `exclusiveMinimum: 2.5` is `min: 3`), in both spellings: draft 6 and later write the
 *   bound itself, draft 4 writes `"exclusiveMinimum": true` beside `minimum`;
 * - with both an inclusive and an exclusive bound on one side, the tighter one;
 * - the ±`Number.MAX_SAFE_INTEGER` that zod writes for every `.int()` is left out (it is no bound the
 *   user wrote; zod still checks it).
 */
export function integerBounds(s: Json): { min?: number; max?: number } {
  const lows: number[] = [];
  const highs: number[] = [];
  if (typeof s.minimum === 'number') lows.push(s.exclusiveMinimum === true ? Math.floor(s.minimum) + 1 : s.minimum);
  if (typeof s.maximum === 'number') highs.push(s.exclusiveMaximum === true ? Math.ceil(s.maximum) - 1 : s.maximum);
  if (typeof s.exclusiveMinimum === 'number') lows.push(Math.floor(s.exclusiveMinimum) + 1);
  if (typeof s.exclusiveMaximum === 'number') highs.push(Math.ceil(s.exclusiveMaximum) - 1);
  const lo = lows.length > 0 ? Math.max(...lows) : undefined;
  const hi = highs.length > 0 ? Math.min(...highs) : undefined;
  return {
    ...(lo !== undefined && lo !== Number.MIN_SAFE_INTEGER ? { min: lo } : {}),
    ...(hi !== undefined && hi !== Number.MAX_SAFE_INTEGER ? { max: hi } : {}),
  };
}
