/** The fast path of the argument validator: arguments that already have their declared types pass without zod. */

import type { ParamDef, ParamsDef } from './param.js';
import { codePoints, patternOf } from './string-checks.js';

/**
 * A validator for the common case only: it returns the parsed arguments when every argument
 * already has its declared JSON type and passes its checks (nothing to coerce, nothing to
 * report), and `undefined` for anything else, which then goes through the full policy in
 * `parseArgs`. Its output equals the full policy's for every input it accepts: keys in
 * param declaration order, defaults filled (a fresh copy of an array default), a param
 * sent as `null` taken as omitted, fresh arrays for `string[]` values.
 */
export type FastArgs = (raw: unknown) => Record<string, unknown> | undefined;

/**
 * Whether `v` matches `COLOR_PATTERN` ('#' then 3, 4, 6 or 8 hex digits), checked without the
 * regex engine, which cost ~100 ns a call here; test/core/fast-args.test.ts proves it equal to the pattern.
 */
export function isColor(v: string): boolean {
  const n = v.length;
  if ((n !== 4 && n !== 5 && n !== 7 && n !== 9) || v.charCodeAt(0) !== 0x23) return false;
  for (let i = 1; i < n; i++) {
    const c = v.charCodeAt(i);
    if (!((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66))) return false;
  }
  return true;
}

/** Whether `v` is a value of `def`'s type that passes its checks as it is. */
type Check = (v: unknown) => boolean;

function checkFor(def: ParamDef): Check | undefined {
  const { min, max } = def;
  const allowed = def.enum;
  switch (def.type) {
    case 'number':
      return (v) =>
        typeof v === 'number' &&
        Number.isFinite(v) &&
        (def.integer !== true || Number.isInteger(v)) &&
        (min === undefined || v >= min) &&
        (max === undefined || v <= max) &&
        (!allowed || allowed.includes(v));
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'string': {
      if (min === undefined && max === undefined && def.pattern === undefined)
        return allowed ? (v) => typeof v === 'string' && allowed.includes(v) : (v) => typeof v === 'string';
      const re = patternOf(def);
      return (v) => {
        if (typeof v !== 'string' || (allowed && !allowed.includes(v)) || (re && !re.test(v))) return false;
        if (min === undefined && max === undefined) return true;
        const n = codePoints(v);
        return (min === undefined || n >= min) && (max === undefined || n <= max);
      };
    }
    case 'color':
      return (v) => typeof v === 'string' && isColor(v);
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

/**
 * A fresh plain array with `v`'s items: what `[...v]` gives for the dense arrays of strings the
 * check lets through, without the iterator protocol (the hottest line of the path with `[...v]`).
 */
function copyArray(v: readonly unknown[]): unknown[] {
  const out = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = v[i];
  return out;
}

/** Whether the runtime lets us compile code (`new Function`); a CSP or an edge runtime may forbid it. */
function canCompile(): boolean {
  try {
    // whether code may be compiled here (a CSP can forbid it); the fast path is generated code
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    return new Function('return true')() === true;
  } catch {
    return false;
  }
}
let compileAllowed: boolean | undefined;

/**
 * Builds the fast path for `params`, or returns `undefined` when it cannot promise the same
 * output as the full policy (an unknown type, a param named like a property of
 * `Object.prototype` such as `__proto__` or `constructor`) or when the runtime
 * forbids compiling code: `parseArgs` then uses the full policy for every call.
 *
 * The validator is compiled (like zod 4's own object parser) into one function per params
 * object that reads and writes each param by its literal name: a loop over names made every
 * read and every write of the output a generic keyed access, the largest cost of the path.
 * Names enter the code only as JSON string literals; checks and defaults are passed in.
 */
export function buildFastArgs(params: ParamsDef): FastArgs | undefined {
  const checks: Check[] = [];
  const defaults: unknown[] = [];
  const cases: string[] = [];
  const body: string[] = [];
  for (const [name, def] of Object.entries(params)) {
    const check = checkFor(def);
    if (!check || name in Object.prototype) return undefined; // zod reads such names through the prototype
    const i = checks.push(check) - 1;
    defaults.push(def.default);
    const key = JSON.stringify(name);
    cases.push(`case ${key}:`);
    let omitted = '';
    if (def.default !== undefined) omitted = `out[${key}] = ${Array.isArray(def.default) ? `[...d[${i}]]` : `d[${i}]`};`;
    else if (def.required === true) omitted = 'return undefined;';
    body.push(
      `v = n === 0 ? undefined : input[${key}];`,
      // omitted (a null counts as omitted); an explicit undefined fails its check
      `if (v === null || (v === undefined && !Object.hasOwn(input, ${key}))) { ${omitted} }`,
      `else if (!c[${i}](v)) return undefined;`,
      `else out[${key}] = ${def.type === 'string[]' ? 'a(v)' : 'v'};`,
    );
  }
  if (!(compileAllowed ??= canCompile())) return undefined;
  const source = [
    'return function fastArgs(raw) {',
    'if (raw === undefined || raw === null) raw = {};',
    "else if (typeof raw !== 'object' || Array.isArray(raw)) return undefined;",
    'const input = raw;',
    'let n = 0;',
    // an unknown key (or an inherited enumerable one): the full policy decides. for-in reads a
    // literal's keys from V8's enum cache, where Object.keys allocates an array per call.
    cases.length > 0
      ? `for (const k in input) { n++; switch (k) { ${cases.join(' ')} break; default: return undefined; } }`
      : 'for (const k in input) return undefined;',
    'const out = {};',
    'let v;',
    ...body,
    'return out;',
    '};',
  ].join('\n');
  // the generated validator: its source is built above from the param definitions only, never from argument values
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return new Function('c', 'd', 'a', source)(checks, defaults, copyArray) as FastArgs;
}
