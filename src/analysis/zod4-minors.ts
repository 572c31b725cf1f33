/** Rewrites a JSON Schema zod 4.6 wrote as another zod 4 minor writes the same schema. */

import { isPlainObject } from '../util/is-plain-object.js';
type Json = Record<string, unknown>;

/** The minor of zod 4 whose `z.toJSONSchema` output the static reading computes (the zod this package ships). */
export const COMPUTED_ZOD_MINOR = 6;

/**
 * One way zod's JSON Schema changed between zod 4 minors, for the calls of the static subset:
 * `since` is the first minor that writes what zod 4.6 writes; `undo` rewrites one schema node
 * (in place) as the minors before `since` wrote it, or returns why it cannot.
 */
interface Change {
  since: number;
  what: string;
  undo: (node: Json, minor: number) => string | void;
}

const DATE_TIME_SECONDS = String.raw`[0-5]\d:[0-5]\d(?:\.\d+)?`;

/** Patterns zod 4.6 writes for a string format, and what earlier minors wrote, newest first. */
const PATTERNS: { format: string; now: string; before: { until: number; pattern: string }[] }[] = [
  {
    format: 'email',
    now: String.raw`^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$`,
    before: [
      { until: 5, pattern: String.raw`^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$` },
    ],
  },
  {
    format: 'uuid',
    now: String.raw`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$`,
    before: [
      {
        until: 0,
        pattern: String.raw`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000)$`,
      },
    ],
  },
  { format: 'cuid', now: String.raw`^[cC][0-9a-z]{6,}$`, before: [{ until: 3, pattern: String.raw`^[cC][^\s-]{8,}$` }] },
  {
    format: 'ulid',
    now: String.raw`^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$`,
    before: [{ until: 4, pattern: String.raw`^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{26}$` }],
  },
  {
    format: 'emoji',
    now: String.raw`^(?=[\s\S]*[\p{Extended_Pictographic}\p{Regional_Indicator}\u20E3])[\p{Extended_Pictographic}\p{Emoji_Component}]+$`,
    before: [
      { until: 5, pattern: String.raw`^[\p{Extended_Pictographic}\p{Emoji_Component}]+$` },
      { until: 4, pattern: String.raw`^(\p{Extended_Pictographic}|\p{Emoji_Component})+$` },
    ],
  },
  {
    format: 'base64url',
    now: String.raw`^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$`,
    before: [{ until: 5, pattern: String.raw`^[A-Za-z0-9_-]*$` }],
  },
  { format: 'e164', now: String.raw`^\+[1-9]\d{6,14}$`, before: [{ until: 2, pattern: String.raw`^\+(?:[0-9]){6,14}[0-9]$` }] },
];

/** The formats whose patterns changed in ways not modeled here (their nodes make a tool not readable for those minors). */
const UNMODELED: { format: string; until: number }[] = [{ format: 'ipv6', until: 0 }];

const CHANGES: Change[] = [
  {
    since: 5,
    what: 'a union of bare types (a nullable string) as a type array',
    undo: (n) => {
      if (!Array.isArray(n.type)) return;
      n.anyOf = (n.type as unknown[]).map((t) => ({ type: t }));
      delete n.type;
    },
  },
  {
    since: 5,
    what: 'a tuple with minItems, maxItems and additionalItems: false',
    undo: (n) => {
      if (n.type !== 'array' || !Array.isArray(n.items)) return;
      if (n.additionalItems === false) {
        delete n.additionalItems;
        delete n.maxItems;
      }
      delete n.minItems;
    },
  },
  {
    since: 6,
    what: 'startsWith, endsWith and includes with a format',
    undo: (n) => {
      if (n.format === 'starts_with' || n.format === 'ends_with' || n.format === 'includes') delete n.format;
    },
  },
  {
    since: 5,
    what: 'a date-time pattern with required seconds',
    undo: (n) => {
      if (typeof n.pattern !== 'string' || !n.pattern.includes(DATE_TIME_SECONDS)) return;
      if (n.format !== 'date-time') return 'a local date-time pattern is not modeled for this zod minor';
      n.pattern = n.pattern.replace(DATE_TIME_SECONDS, String.raw`[0-5]\d(?::[0-5]\d(?:\.\d+)?)?`);
    },
  },
  {
    since: 3,
    what: 'time() without a format',
    undo: (n) => {
      if (n.type === 'string' && n.format === undefined && n.pattern === String.raw`^(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?$`)
        n.format = 'time';
    },
  },
  {
    since: 1,
    what: 'a discriminated union as oneOf',
    undo: (n) => {
      if (!Array.isArray(n.oneOf)) return;
      n.anyOf = n.oneOf;
      delete n.oneOf;
    },
  },
  {
    since: 3,
    what: 'a record with enum keys that requires every key',
    undo: (n) => {
      if (isPlainObject(n.propertyNames) && Array.isArray(n.propertyNames.enum)) delete n.required;
    },
  },
  {
    since: 6,
    what: 'base64 with a contentEncoding',
    undo: (n, minor) => {
      if (minor >= 1 && (n.format === 'base64' || n.format === 'base64url')) delete n.contentEncoding;
    },
  },
];

function patterns(n: Json, minor: number): string | void {
  if (typeof n.format !== 'string' || typeof n.pattern !== 'string') return;
  const unmodeled = UNMODELED.find((u) => u.format === n.format && minor <= u.until);
  if (unmodeled) return `zod 4.${minor}'s ${n.format} pattern is not modeled`;
  const entry = PATTERNS.find((p) => p.format === n.format && p.now === n.pattern);
  if (!entry) return;
  for (const b of entry.before) if (minor <= b.until) n.pattern = b.pattern;
}

function walk(n: Json, minor: number): string | undefined {
  for (const c of CHANGES) {
    if (minor >= c.since) continue;
    const why = c.undo(n, minor);
    if (why) return why;
  }
  const why = patterns(n, minor);
  if (why) return why;
  for (const [k, v] of Object.entries(n)) {
    if (k === 'enum' || k === 'const' || k === 'default' || k === 'examples') continue;
    const kids = Array.isArray(v)
      ? v
      : isPlainObject(v)
        ? k === 'properties' || k === 'definitions' || k === '$defs'
          ? Object.values(v)
          : [v]
        : [];
    for (const kid of kids) {
      const inner = isPlainObject(kid) ? walk(kid, minor) : undefined;
      if (inner) return inner;
    }
  }
  return undefined;
}

/**
 * A JSON Schema that zod 4.6 wrote (`z.toJSONSchema`), rewritten as zod 4.`minor` writes the
 * same schema: nullable and primitive unions as `anyOf` before 4.5, tuples without length
 * keywords before 4.5, the string formats' patterns of each minor, and the other changes
 * measured between zod 4.0 and 4.6 for the static subset (each listed with its minor in
 * `CHANGES`, `PATTERNS`). Source: the output of each minor's `z.toJSONSchema`, compared in
 * `test/byo/version-oracle.test.ts`.
 *
 * @returns a new schema, or `{ notModeled }` naming what differs in that minor and is not modeled.
 */
export function asZod4Minor(schema: Json, minor: number): Json | { notModeled: string } {
  if (minor >= COMPUTED_ZOD_MINOR) return schema;
  const copy = structuredClone(schema);
  const why = walk(copy, minor);
  return why ? { notModeled: why } : copy;
}
