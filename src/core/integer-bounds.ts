type Json = Record<string, unknown>;

/**
 * The inclusive bounds of a zod integer: an exclusive bound becomes the next whole number inside
 * it (`.positive()`, `exclusiveMinimum: 0`, is `min: 1`), and the ±`Number.MAX_SAFE_INTEGER`
 * that zod writes for every `.int()` is left out (it is no bound the user wrote; zod still checks it).
 */
export function integerBounds(s: Json): { min?: number; max?: number } {
  const lo = typeof s.exclusiveMinimum === 'number' ? Math.floor(s.exclusiveMinimum) + 1 : s.minimum;
  const hi = typeof s.exclusiveMaximum === 'number' ? Math.ceil(s.exclusiveMaximum) - 1 : s.maximum;
  return {
    ...(typeof lo === 'number' && lo !== Number.MIN_SAFE_INTEGER ? { min: lo } : {}),
    ...(typeof hi === 'number' && hi !== Number.MAX_SAFE_INTEGER ? { max: hi } : {}),
  };
}
