/** Soak row 1's mutations: the kinds of damage a fuzzed tool file gets, on text and on bytes. */

import type { Rng } from '../rng.js';

/** The kinds of damage a fuzzed tool file gets: tokens cut or swapped, unclosed strings, odd Unicode, deep nesting, huge literals. */
export const MUTATIONS = [
  'delete-token',
  'swap-tokens',
  'truncate',
  'unterminated-string',
  'unterminated-template',
  'unicode',
  'deep-nesting',
  'huge-literal',
  'binary',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

/** Nesting depth of the `deep-nesting` mutation. */
export const DEEP_NESTING = 10_000;
/** Size of the `huge-literal` mutation's string, in bytes (ASCII, so also code units). */
export const HUGE_LITERAL_BYTES = 10_000_000;

// Lone surrogates, RTL and bidi overrides, zero-width joiners, BOM, NUL, line and paragraph separators, astral.
const ODD_CHARS = [
  '\uD800',
  '\uDFFF',
  '\u202E',
  '\u200F',
  '\u2066',
  '\u200D',
  '\uFEFF',
  '\u0000',
  '\u2028',
  '\u2029',
  '\u{1F600}',
  'é',
  '\u0301',
  '\r',
  '\\',
  '`',
  '${',
  '*/',
  '/*',
  '//',
];

// Runs are cut at 256 units: an unbounded `\s+` or `[\w$]*` over a 10 MB run overflowed the
// regexp engine's backtracking stack (seed 2026, cases 367, 529, ...: the worker died).
function tokens(text: string): string[] {
  return text.match(/[A-Za-z_$][\w$]{0,255}|\d{1,256}|\s{1,256}|./gsu) ?? [];
}

function insertAt(text: string, at: number, piece: string): string {
  return text.slice(0, at) + piece + text.slice(at);
}

function deepNesting(rng: Rng): string {
  const [open, close] = rng.pick([
    ['[', ']'],
    ['(', ')'],
    ['{a:', '}'],
    ['f(', ')'],
    ['`${', '}`'],
  ] as const);
  const closed = rng.chance(0.5);
  return `\nexport const deep = ${open.repeat(DEEP_NESTING)}0${closed ? close.repeat(DEEP_NESTING) : ''};\n`;
}

/** Applies one string mutation to `text` (every kind but `binary`, which works on bytes). */
export function mutateText(text: string, kind: Exclude<Mutation, 'binary'>, rng: Rng): string {
  const at = rng.int(text.length + 1);
  switch (kind) {
    case 'delete-token': {
      const t = tokens(text);
      t.splice(rng.int(t.length), 1 + rng.int(3));
      return t.join('');
    }
    case 'swap-tokens': {
      const t = tokens(text);
      if (t.length < 2) return text;
      const i = rng.int(t.length);
      const j = rng.int(t.length);
      [t[i], t[j]] = [t[j]!, t[i]!];
      return t.join('');
    }
    case 'truncate':
      return text.slice(0, at);
    case 'unterminated-string':
      return insertAt(text, at, rng.pick(["'abc", '"abc', "'line\nnext", '"\\']));
    case 'unterminated-template':
      return insertAt(text, at, rng.pick(['`abc', '`${x', '`a${`b${', '`${}']));
    case 'unicode': {
      let piece = '';
      for (let n = 1 + rng.int(8); n > 0; n--) piece += rng.chance(0.7) ? rng.pick(ODD_CHARS) : String.fromCodePoint(rng.int(0x110000));
      return insertAt(text, at, piece);
    }
    case 'deep-nesting':
      return insertAt(text, rng.chance(0.5) ? text.length : at, deepNesting(rng));
    case 'huge-literal': {
      const big = 'x'.repeat(HUGE_LITERAL_BYTES);
      // Either as a tool's description (so extraction and token counting see it) or as a constant.
      const desc = /description:\s*(['"])/.exec(text);
      if (desc && rng.chance(0.5)) return insertAt(text, desc.index + desc[0].length, big);
      return `${text}\nexport const big = '${big}';\n`;
    }
  }
}

/** Overwrites or inserts 1 to 64 random bytes (including NUL, invalid UTF-8 and UTF-16 BOMs). */
export function mutateBytes(bytes: Buffer, rng: Rng): Buffer {
  const noise = Buffer.from(Array.from({ length: 1 + rng.int(64) }, () => rng.int(256)));
  // a mark longer than the noise replaces all of it (seed 2026, case 1263: Buffer.set threw)
  if (rng.chance(0.1))
    noise.set(rng.pick([[0xff, 0xfe], [0xfe, 0xff], [0xef, 0xbb, 0xbf], [0xc3], [0xed, 0xa0, 0x80]]).slice(0, noise.length), 0);
  const at = rng.int(bytes.length + 1);
  return rng.chance(0.5)
    ? Buffer.concat([bytes.subarray(0, at), noise, bytes.subarray(at)])
    : Buffer.concat([bytes.subarray(0, at), noise, bytes.subarray(Math.min(bytes.length, at + noise.length))]);
}

/**
 * Damages a tool file: case `index` always gets mutation `MUTATIONS[index % n]` (so every kind
 * runs in any run of at least that many cases), then 0 to 2 more cheap ones at random.
 */
export function mutateFile(source: Buffer, index: number, rng: Rng): { bytes: Buffer; kinds: Mutation[] } {
  const kinds: Mutation[] = [MUTATIONS[index % MUTATIONS.length]!];
  for (let n = rng.int(3); n > 0; n--) kinds.push(rng.pick(MUTATIONS.filter((k) => k !== 'deep-nesting' && k !== 'huge-literal')));
  let text = source.toString('utf8');
  let bytes: Buffer | undefined;
  for (const kind of kinds) {
    if (kind === 'binary') {
      bytes = mutateBytes(bytes ?? Buffer.from(text, 'utf8'), rng);
      text = bytes.toString('utf8');
    } else {
      text = mutateText(text, kind, rng);
      bytes = undefined;
    }
  }
  return { bytes: bytes ?? Buffer.from(text, 'utf8'), kinds };
}
