import { COLOR_PATTERN, type ParamDef, type ParamsDef } from './param.js';

/**
 * A validator for the common case only: it returns the parsed arguments when every argument
 * already has its declared JSON type and passes its checks (nothing to coerce, nothing to
 * report), and `undefined` for anything else, which then goes through the full policy in
 * `parseArgs`. Its output equals the full policy's for every input it accepts: keys in
 * param declaration order, defaults filled (a fresh copy of an array default), a param
 * sent as `null` taken as omitted, fresh arrays for `string[]` values.
 */
export type FastArgs = (raw: unknown) => Record<string, unknown> | undefined;

const COLOR = new RegExp(COLOR_PATTERN);

/** Whether `v` is a value of `def`'s type that passes its checks as it is. */
type Check = (v: unknown) => boolean;

function checkFor(def: ParamDef): Check | undefined {
  const { min, max } = def;
  const allowed = def.enum;
  switch (def.type) {
    case 'number':
      return (v) => typeof v === 'number' && Number.isFinite(v) && (min === undefined || v >= min) && (max === undefined || v <= max) && (!allowed || allowed.includes(v));
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'string':
      return allowed ? (v) => typeof v === 'string' && allowed.includes(v) : (v) => typeof v === 'string';
    case 'color':
      return (v) => typeof v === 'string' && COLOR.test(v);
    case 'string[]':
      return (v) => {
        if (!Array.isArray(v) || (min !== undefined && v.length < min) || (max !== undefined && v.length > max)) return false;
        for (const item of v) if (typeof item !== 'string' || (allowed && !allowed.includes(item))) return false;
        return true;
      };
    default:
      return undefined; // not a known type: leave it to the full policy
  }
}

interface Slot {
  name: string;
  check: Check;
  array: boolean;
  required: boolean;
  dflt: unknown;
}

/**
 * Builds the fast path for `params`, or returns `undefined` when it cannot promise the same
 * output as the full policy (an unknown type, a param named `__proto__`).
 */
export function buildFastArgs(params: ParamsDef): FastArgs | undefined {
  const slots: Slot[] = [];
  for (const [name, def] of Object.entries(params)) {
    const check = checkFor(def);
    if (!check || name === '__proto__') return undefined;
    slots.push({ name, check, array: def.type === 'string[]', required: def.required === true && def.default === undefined, dflt: def.default });
  }
  const known = new Set(slots.map((s) => s.name));
  return (raw) => {
    if (raw === undefined || raw === null) raw = {};
    else if (typeof raw !== 'object' || Array.isArray(raw)) return undefined;
    const input = raw as Record<string, unknown>;
    const keys = Object.keys(input);
    for (const key of keys) if (!known.has(key)) return undefined;
    const out: Record<string, unknown> = {};
    for (const slot of slots) {
      const v = keys.length === 0 ? undefined : input[slot.name];
      if (v === null || (v === undefined && !Object.hasOwn(input, slot.name))) {
        // omitted (a null counts as omitted)
        if (slot.dflt !== undefined) out[slot.name] = Array.isArray(slot.dflt) ? [...slot.dflt] : slot.dflt;
        else if (slot.required) return undefined;
        continue;
      }
      if (!slot.check(v)) return undefined; // includes an explicit undefined
      out[slot.name] = slot.array ? [...(v as unknown[])] : v;
    }
    return out;
  };
}
