/** Plain-word messages for zod issues in a user's file, each with its JSON path. */

import type { z } from 'zod';
import { jsonPath } from './json-path.js';
import { didYouMeanValue, unknownKeyMessage } from './suggest.js';

/**
 * One thing wrong in a file or document a user wrote: `path` is its JSON path (`$[0].params.weight`), or `''` when the problem is the file
 * itself (missing, unreadable); `message` plain words.
 */
export interface InputProblem {
  path: string;
  message: string;
}

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  record: 'an object',
  null: 'null',
};

/** A value as a message names it: `the string "abc"`, `the number 5`, `an array`, `null`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string': {
      const cps = [...value];
      return `the string ${JSON.stringify(cps.length > 40 ? cps.slice(0, 40).join('') + '…' : value)}`;
    }
    case 'number':
    case 'boolean':
      return `${typeof value === 'number' ? 'the number ' : ''}${String(value)}`;
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

function subject(path: readonly PropertyKey[]): string {
  const last = path[path.length - 1];
  if (last === undefined) return 'the value';
  return typeof last === 'number' ? `item ${last}` : JSON.stringify(String(last));
}

const quoteList = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

function knownKeys(iss: z.core.$ZodRawIssue): string[] {
  const shape = (iss.inst as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def?.shape;
  return shape ? Object.keys(shape) : [];
}

/**
 * The zod error map behind every check of a user's file: plain words instead of zod's
 * defaults. `missing required key "description"`, `"weight" must be a number, not the
 * string "x"`, `"tier" must be one of "core", "extended", not the string "main" (did you
 * mean "core"?)`, `unknown key "descripton" (did you mean "description"?)`. A message set
 * on the schema itself still wins (zod asks the schema first).
 *
 * For `unrecognized_keys` the message holds one line per key, in the order of `keys`;
 * {@link zodProblems} splits them into one problem per key.
 */
export function plainIssueMessage(iss: z.core.$ZodRawIssue): string | undefined {
  const path = iss.path ?? [];
  const what = subject(path);
  switch (iss.code) {
    case 'invalid_type': {
      const expected = EXPECTED[iss.expected] ?? iss.expected;
      if (iss.input === undefined)
        return typeof path[path.length - 1] === 'string' ? `missing required key ${what}` : `missing value (expected ${expected})`;
      // JSON.parse makes 1e400 Infinity: "must be a number, not the number Infinity" would contradict itself
      if (typeof iss.input === 'number' && !Number.isFinite(iss.input)) return `${what} must be a finite number, not ${String(iss.input)}`;
      return `${what} must be ${expected}, not ${describeValue(iss.input)}`;
    }
    case 'invalid_value': {
      const allowed = iss.values.length === 1 ? JSON.stringify(iss.values[0]) : `one of ${quoteList(iss.values)}`;
      return `${what} must be ${allowed}, not ${describeValue(iss.input)}${didYouMeanValue(iss.input, iss.values)}`;
    }
    case 'too_small':
      if (iss.origin === 'string')
        return Number(iss.minimum) <= 1 ? `${what} must not be empty` : `${what} must have at least ${iss.minimum} characters`;
      if (iss.origin === 'array' || iss.origin === 'set')
        return `${what} must have at least ${iss.minimum} item${Number(iss.minimum) === 1 ? '' : 's'}`;
      return `${what} must be at least ${iss.minimum}${iss.inclusive === false ? ' (exclusive)' : ''}, not ${describeValue(iss.input)}`;
    case 'too_big':
      if (iss.origin === 'string') return `${what} must have at most ${iss.maximum} characters`;
      if (iss.origin === 'array' || iss.origin === 'set')
        return `${what} must have at most ${iss.maximum} item${Number(iss.maximum) === 1 ? '' : 's'}`;
      return `${what} must be at most ${iss.maximum}${iss.inclusive === false ? ' (exclusive)' : ''}, not ${describeValue(iss.input)}`;
    case 'invalid_format':
      if (iss.format === 'regex' && iss.pattern) return `${what} must match ${iss.pattern}, not ${describeValue(iss.input)}`;
      return `${what} must be ${iss.format === 'url' ? 'a URL' : `in ${iss.format} format`}, not ${describeValue(iss.input)}`;
    case 'unrecognized_keys': {
      const known = knownKeys(iss);
      return iss.keys.map((k) => unknownKeyMessage(k, known)).join('\n');
    }
    case 'invalid_key':
      return `key ${describeValue(iss.input)} is not allowed here`;
    case 'invalid_union':
      return `${what} does not have any of the allowed shapes`;
    case 'not_multiple_of':
      return `${what} must be a multiple of ${iss.divisor}`;
    default:
      return undefined;
  }
}

/**
 * One {@link InputProblem} per zod issue (per key for unknown keys), with its JSON path
 * prefixed by `base` (e.g. `[0]` for the first spec of an array). Messages come from
 * {@link plainIssueMessage} when the parse was run with it as the error map.
 */
export function zodProblems(error: z.ZodError, base: readonly PropertyKey[] = []): InputProblem[] {
  const out: InputProblem[] = [];
  for (const iss of error.issues) {
    if (iss.code === 'unrecognized_keys') {
      const lines = iss.message.split('\n');
      iss.keys.forEach((k, i) =>
        out.push({ path: jsonPath([...base, ...iss.path, k]), message: lines[i] ?? `unknown key ${JSON.stringify(k)}` }),
      );
    } else out.push({ path: jsonPath([...base, ...iss.path]), message: iss.message });
  }
  return out;
}

/**
 * Parses `value` with `schema` using the plain messages of {@link plainIssueMessage}.
 *
 * @returns the parsed data, or every problem with its JSON path (prefixed by `base`).
 */
export function parsePlain<S extends z.ZodType>(
  schema: S,
  value: unknown,
  base: readonly PropertyKey[] = [],
): { ok: true; data: z.output<S> } | { ok: false; problems: InputProblem[] } {
  const r = schema.safeParse(value, { error: plainIssueMessage });
  return r.success ? { ok: true, data: r.data } : { ok: false, problems: zodProblems(r.error, base) };
}
