/** The one argument validator: every argument that reaches `execute` is checked and filled with defaults here. */

import { z } from 'zod';
import { buildFastArgs, type FastArgs } from './fast-args.js';
import { closeMatches, didYouMeanValue } from './suggest.js';
import { COLOR_PATTERN, type ParamDef, type ParamsDef } from './param.js';
import type { AnyToolDef } from './tool.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { codePoints, lengthIssue, patternOf } from './string-checks.js';

/** One problem with one argument: `path` is the param name, with `[i]` for an array item. */
export interface ArgIssue {
  path: string;
  message: string;
}

/** The result of {@link parseArgs}. */
export type ParseArgsResult<A = Record<string, unknown>> = { ok: true; args: A } | { ok: false; error: string; issues: ArgIssue[] };

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array (${JSON.stringify(v).slice(0, 60)})`;
  if (typeof v === 'string') {
    const cps = [...v];
    return `string ${JSON.stringify(cps.length > 40 ? cps.slice(0, 40).join('') + '…' : v)}`;
  }
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${String(v)}`;
}

const INFINITY_OR_NAN = /^[+-]?(?:infinity|nan)$/i;

/**
 * The text of a value meant as a number that is not finite, or `undefined` for anything else:
 * a non-finite number (`Infinity`, `-Infinity`, `NaN`, which is what JSON.parse makes of
 * `1e400`), or a string that spells one (`"1e400"` as typed, `"Infinity"`, `"nan"`), trimmed.
 * JSON numbers are finite, so such a value is refused with this text (`1e400 is not a finite
 * number`) rather than called the wrong type.
 */
function nonFiniteText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : String(value);
  if (typeof value !== 'string') return undefined;
  const t = value.trim();
  return INFINITY_OR_NAN.test(t) || (DECIMAL.test(t) && !Number.isFinite(Number(t))) ? t : undefined;
}

const list = (vals: readonly unknown[]) => vals.map((v) => JSON.stringify(v)).join(', ');

function toNumber(v: unknown): unknown {
  if (typeof v !== 'string' || !DECIMAL.test(v.trim())) return v;
  const n = Number(v.trim());
  return Number.isFinite(n) ? n : v; // "1e400" stays as typed, for the message
}

function toBoolean(v: unknown): unknown {
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (t === 'true') return true;
    if (t === 'false') return false;
  }
  return v;
}

function toStringValue(v: unknown): unknown {
  return typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;
}

function toStringArray(v: unknown): unknown {
  if (typeof v === 'string') {
    const t = v.trim();
    if (t.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(t);
        if (Array.isArray(parsed)) return parsed.map(toStringValue);
      } catch {
        // not JSON: a plain string, taken as one item below
      }
    }
    return [v];
  }
  return Array.isArray(v) ? v.map(toStringValue) : v;
}

function valueSchema(def: ParamDef): z.ZodType {
  switch (def.type) {
    case 'number': {
      let n = def.integer === true ? z.number().int() : z.number();
      if (def.min !== undefined) n = n.min(def.min);
      if (def.max !== undefined) n = n.max(def.max);
      return z.preprocess(toNumber, def.enum ? n.pipe(z.literal(def.enum as number[])) : n);
    }
    case 'boolean':
      return z.preprocess(toBoolean, z.boolean());
    case 'string': {
      const base = def.enum ? z.enum(def.enum as [string, ...string[]]) : z.string();
      return z.preprocess(toStringValue, hasStringChecks(def) ? base.superRefine(stringChecks(def)) : base);
    }
    case 'color':
      return z.preprocess(toStringValue, z.string().regex(new RegExp(COLOR_PATTERN)));
    case 'string[]': {
      let a = z.array(def.enum ? z.enum(def.enum as [string, ...string[]]) : z.string());
      if (def.min !== undefined) a = a.min(def.min);
      if (def.max !== undefined) a = a.max(def.max);
      return z.preprocess(toStringArray, a);
    }
  }
}

/** Whether a string param has lengths or a pattern to check. */
const hasStringChecks = (def: ParamDef) => def.min !== undefined || def.max !== undefined || def.pattern !== undefined;

/**
 * A string param's length and pattern checks: lengths in Unicode code points (`[...s].length`, as
 * JSON Schema counts `minLength`/`maxLength`; zod's own `.min()` counts UTF-16 units), the pattern
 * run with the `u` flag. Messages as a zod `input`'s string checks read.
 */
function stringChecks(def: ParamDef): (v: string, ctx: z.RefinementCtx) => void {
  const re = patternOf(def);
  return (v, ctx) => {
    const length = lengthIssue(def, codePoints(v));
    if (length) ctx.addIssue({ code: 'custom', message: `${length} (${describe(v)})` });
    if (re && !re.test(v)) ctx.addIssue({ code: 'custom', message: `expected a string matching ${def.pattern}, received ${describe(v)}` });
  };
}

function argsSchema(params: ParamsDef): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, def] of Object.entries(params)) {
    const value = valueSchema(def);
    const dflt = def.default;
    shape[name] =
      dflt !== undefined
        ? value.optional().transform((v) => (v === undefined ? (Array.isArray(dflt) ? [...dflt] : dflt) : v))
        : def.required === true
          ? value
          : value.optional();
  }
  const names = Object.keys(params);
  return z.preprocess(
    (raw) => {
      if (raw === undefined || raw === null) return {};
      if (typeof raw !== 'object' || Array.isArray(raw)) return raw;
      // An optional param sent as null counts as omitted (OpenAI strict mode sends null). Own
      // properties only, on an object with no prototype: zod reads each param with input[name],
      // which for a left-out `valueOf`, `toString` or `constructor` would find Object.prototype's.
      const own = Object.create(null) as Record<string, unknown>;
      for (const [k, v] of Object.entries(raw)) if (v !== null) own[k] = v;
      return own;
    },
    z.strictObject(shape, {
      error: (iss) =>
        iss.code === 'invalid_type'
          ? `expected an object of arguments, received ${describe(iss.input)}`
          : `unknown parameter; valid parameters: ${names.length > 0 ? names.join(', ') : '(none: this tool takes no arguments)'}`,
    }),
  );
}

function issueMessage(iss: z.core.$ZodRawIssue): string {
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined) return `missing required parameter (expected ${iss.expected})`;
      if (iss.expected === 'number') {
        const huge = nonFiniteText(iss.input);
        if (huge !== undefined) return `${huge} is not a finite number`;
      }
      if (iss.expected === 'int') return `expected an integer, received ${describe(iss.input)}`;
      return `expected ${iss.expected === 'array' ? 'an array of strings' : iss.expected}, received ${describe(iss.input)}`;
    case 'invalid_value':
      // a model or a person retrying a misspelt choice gets the one it most likely meant
      return `expected one of ${list(iss.values)}, received ${describe(iss.input)}${didYouMeanValue(iss.input, iss.values)}`;
    case 'too_small':
      return iss.origin === 'array'
        ? `expected at least ${iss.minimum} items, received ${(iss.input as unknown[]).length}`
        : `expected a number ${iss.inclusive === false ? '>' : '>='} ${iss.minimum}, received ${describe(iss.input)}`;
    case 'too_big':
      return iss.origin === 'array'
        ? `expected at most ${iss.maximum} items, received ${(iss.input as unknown[]).length}`
        : `expected a number ${iss.inclusive === false ? '<' : '<='} ${iss.maximum}, received ${describe(iss.input)}`;
    case 'invalid_format':
      return `expected a hex color (#RGB, #RGBA, #RRGGBB or #RRGGBBAA), received ${describe(iss.input)}`;
    default:
      return iss.message ?? 'invalid value';
  }
}

function pathText(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
}

/** A params object's validators: the fast path (see `buildFastArgs`) and the full policy, built on first need. */
interface Validators {
  fast: FastArgs | undefined;
  full?: z.ZodType;
}
const cache = new WeakMap<ParamsDef, Validators>();

/**
 * THE argument validator: every argument that reaches `execute` went through it.
 * Built on zod 4, generated once per params object and cached; arguments that already have
 * their declared JSON types and pass their checks take a fast path with the same output
 * (see `buildFastArgs`), everything else goes through the zod schema.
 *
 * Policy:
 * - `undefined` or `null` raw arguments mean `{}`; unknown keys are an error listing the
 *   valid param names; a non-object is an error.
 * - A missing required param is an error; a missing optional param gets its `default`;
 *   a param sent as `null` counts as omitted.
 * - number: a finite number, or a string holding a finite decimal number after trimming (a
 *   blank string is an error, never 0); then enum, min, max. A value that is not finite
 *   (`Infinity`, `NaN`, `1e400` typed or parsed) is refused as `1e400 is not a finite number`.
 * - boolean: a boolean, or "true"/"false" in any letter case.
 * - string, color: strings pass unchanged; a number or boolean becomes its string form;
 *   color must match the hex pattern; a string's `min`/`max` bound its length in Unicode code
 *   points (`[...s].length`, so an emoji is one) and its `pattern` must match (run with the `u` flag).
 * - string[]: an array of strings (number and boolean items become strings); a string
 *   holding a JSON array is parsed; any other single string becomes a one-item array;
 *   then enum per item and min/max item counts.
 *
 * Never throws. On failure `error` reads `Invalid arguments for tool "x":` followed by one
 * line per problem (`- path: expected …, received …`), and `issues` holds the same as data.
 */
export function parseArgs<T extends AnyToolDef>(tool: T, raw: unknown): ParseArgsResult<Parameters<T['execute']>[1]> {
  if (tool.input) return parseInput(tool, raw);
  const v = validatorsOf(tool.params);
  const quick = v.fast?.(raw);
  if (quick) return { ok: true, args: quick };
  return fullPolicy(tool, v, raw);
}

/**
 * {@link parseArgs} without its fast path: every argument through the zod schema. For tests
 * that prove the fast path gives the same output; not part of the package's entry.
 */
export function parseArgsFullPolicy<T extends AnyToolDef>(tool: T, raw: unknown): ParseArgsResult<Parameters<T['execute']>[1]> {
  return fullPolicy(tool, validatorsOf(tool.params), raw);
}

function validatorsOf(params: ParamsDef): Validators {
  let v = cache.get(params);
  if (!v) {
    v = { fast: buildFastArgs(params) };
    cache.set(params, v);
  }
  return v;
}

function fullPolicy<T extends AnyToolDef>(tool: T, v: Validators, raw: unknown): ParseArgsResult<Parameters<T['execute']>[1]> {
  const result = (v.full ??= argsSchema(tool.params)).safeParse(raw, { error: issueMessage });
  if (result.success) return { ok: true, args: result.data as Parameters<T['execute']>[1] };
  return failure(tool, result.error);
}

/** The issues of a refused call, one per unknown key (each with the closest param, by the one suggestion rule), and their text. */
function failure(tool: AnyToolDef, error: z.ZodError): { ok: false; error: string; issues: ArgIssue[] } {
  const toolName = tool.name;
  const issues: ArgIssue[] = [];
  for (const iss of error.issues) {
    if (iss.code === 'unrecognized_keys') {
      for (const key of iss.keys) {
        const near = closeMatches(key, Object.keys(tool.params), 1);
        const message =
          near.length > 0 ? iss.message.replace(/^unknown parameter/, `unknown parameter (did you mean "${near[0]}"?)`) : iss.message;
        issues.push({ path: key, message });
      }
    } else issues.push({ path: pathText(iss.path), message: iss.message });
  }
  return refusal(toolName, issues);
}

/** A refused call: `issues` and their text, one line per problem under `Invalid arguments for tool "x":`. */
function refusal(toolName: string, issues: ArgIssue[]): { ok: false; error: string; issues: ArgIssue[] } {
  const lines = issues.map((i) => (i.path ? `- ${i.path}: ${i.message}` : `- ${i.message}`));
  return { ok: false, error: `Invalid arguments for tool "${toolName}":\n${lines.join('\n')}`, issues };
}

/**
 * A tool defined with a zod `input`: the same policy as above on its params (the flat
 * properties; nested ones pass as sent, but for a `null` at any object key, read as omitted as at the top
 * level), then the zod schema itself on the result, for the
 * checks params cannot say (`.email()`, `.regex()`, `.int()`, string lengths, nested values).
 */
function parseInput<T extends AnyToolDef>(tool: T, raw: unknown): ParseArgsResult<Parameters<T['execute']>[1]> {
  const nested: Record<string, unknown> = {};
  let flat = raw;
  if (tool.inputSchema && isPlainObject(raw)) {
    flat = { ...raw };
    for (const key of Object.keys(tool.inputSchema.properties ?? {})) {
      if (!Object.hasOwn(tool.params, key) && Object.hasOwn(flat as object, key)) {
        const value = withoutNulls((flat as Record<string, unknown>)[key]);
        if (value !== null) nested[key] = value;
        delete (flat as Record<string, unknown>)[key];
      }
    }
  }
  const v = validatorsOf(tool.params);
  const quick = v.fast?.(flat);
  const first = quick ? { ok: true as const, args: quick } : fullPolicy(tool, v, flat);
  if (!first.ok) return withInputIssues(tool, first, flat, nested);
  const result = tool.input!.safeParse({ ...(first.args as object), ...nested }, { error: inputIssueMessage });
  return result.success ? { ok: true, args: result.data } : failure(tool, result.error);
}

/** The top-level argument an issue path names: `size` for `size`, `tags[2]` or `box.w`. */
const topKey = (path: string) => /^[^.[]*/.exec(path)![0];

/**
 * A zod `input`'s refusal by the params policy, with the zod schema's own problems added: the
 * checks only zod holds (a string's `.min(1)`, `.email()`, nested values) on the arguments the
 * params policy passed, so the model hears of every problem at once. The zod schema is run on the
 * arguments the policy did not refuse (coerced as it would have); an issue of an argument the
 * policy already refused is left out, as is the then-missing argument itself. Issues come in the
 * input's property order; arguments that are no property (unknown keys) last.
 */
function withInputIssues(
  tool: AnyToolDef,
  first: { ok: false; error: string; issues: ArgIssue[] },
  flat: unknown,
  nested: Record<string, unknown>,
): { ok: false; error: string; issues: ArgIssue[] } {
  if (!isPlainObject(flat) || first.issues.some((i) => i.path === '')) return first;
  const refused = new Set(first.issues.map((i) => topKey(i.path)));
  const keep = <T>(o: Record<string, T>) => Object.fromEntries(Object.entries(o).filter(([k]) => !refused.has(k)));
  const rest = argsSchema(keep(tool.params)).safeParse(keep(flat));
  if (!rest.success) return first;
  const zod = tool.input!.safeParse({ ...(rest.data as object), ...keep(nested) }, { error: inputIssueMessage });
  if (zod.success) return first;
  const more = failure(tool, zod.error).issues.filter((i) => !refused.has(topKey(i.path)));
  if (more.length === 0) return first;
  const order = Object.keys(tool.inputSchema?.properties ?? tool.params);
  const rank = (i: ArgIssue) => {
    const at = order.indexOf(topKey(i.path));
    return at < 0 ? order.length : at;
  };
  const issues = [...first.issues, ...more].map((issue, at) => ({ issue, at }));
  issues.sort((a, b) => rank(a.issue) - rank(b.issue) || a.at - b.at);
  return refusal(
    tool.name,
    issues.map((i) => i.issue),
  );
}

/**
 * A nested value with every object key whose value is `null` left out, at any depth: OpenAI
 * strict mode sends `null` for an omitted optional field, and a zod `input` never holds a
 * nullable field (it is refused as not portable), so `null` there can only mean "omitted".
 */
function withoutNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutNulls);
  if (!isPlainObject(v)) return v;
  const out = Object.create(null) as Record<string, unknown>;
  for (const [k, x] of Object.entries(v)) if (x !== null) out[k] = withoutNulls(x);
  return out;
}

function inputIssueMessage(iss: z.core.$ZodRawIssue): string {
  if (iss.code === 'invalid_format') {
    const pattern = (iss as { pattern?: string }).pattern;
    return iss.format === 'regex' && pattern
      ? `expected a string matching ${pattern}, received ${describe(iss.input)}`
      : `expected ${iss.format === 'email' ? 'an' : 'a'} ${iss.format}, received ${describe(iss.input)}`;
  }
  if ((iss.code === 'too_small' || iss.code === 'too_big') && iss.origin === 'string') {
    const n = Number(iss.code === 'too_small' ? iss.minimum : iss.maximum);
    return `expected ${iss.code === 'too_small' ? 'at least' : 'at most'} ${n} character${n === 1 ? '' : 's'}, received ${describe(iss.input)}`;
  }
  return issueMessage(iss);
}
