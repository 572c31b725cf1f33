/** Infers a param's type and bounds from the short form `"name": "description"`, and says why. */

import type { ParamDef } from '../core/param.js';
import { BOOLEAN_TEXT, ONE_OF_TEXT, oneOfMembers, PIPE_CHOICES_TEXT, RANGE_TEXT, restatedFact } from '../validate/schema-text.js';

/** What {@link inferParam} decided for one short-form param, and why (printed to the user). */
export interface Inference {
  /** The param name, without a trailing `!`. */
  name: string;
  def: ParamDef;
  /** The rule that decided the type, e.g. `range "100-900" in the text`. */
  reason: string;
}

const NUMBER_WORDS = [
  'count',
  'size',
  'width',
  'height',
  'index',
  'length',
  'limit',
  'offset',
  'radius',
  'angle',
  'opacity',
  'number',
  'amount',
  'depth',
];
const BOOLEAN_WORDS = ['is', 'has', 'enable', 'enabled', 'disable', 'disabled', 'flag'];
const COLOR_WORDS = ['color', 'colour', 'fill', 'stroke'];
const LIST_TEXT = /\b(?:list of|comma[- ]separated|ids)\b/i;
const HEX = /(?<![\w#])#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})\b/i;
const NUMERIC = /^-?\d+(?:\.\d+)?$/;
/** Bounds in words, `between 50 and 200`; group 1 and 2 are the ends (a dash or "to" range is RANGE_TEXT). */
const BETWEEN_TEXT = /\bbetween\s+(-?\d+(?:\.\d+)?)\s+and\s+(-?\d+(?:\.\d+)?)(?![\w-]|\.\d)/i;
/** Words that introduce an example value, at the end of the text before a range: `Page range like `, `Zoom, e.g. `. */
const EXAMPLE_BEFORE = /(?:\blike|\bsuch as|\be\.?g\.?|\bfor example|\bfor instance)[,:]?\s*\(?\s*$/i;
/** A count in words: the value is a whole number, whatever the name says (`copies`: "Number of copies"). */
const COUNT_TEXT = /\b(?:number of|count of|how many)\b/i;

/** Splits `fontSize`, `font_size`, `font-size` into lower-case words: `['font', 'size']`. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

function isPlural(word: string | undefined): boolean {
  return word !== undefined && word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word);
}

function enumFrom(members: string[]): Pick<ParamDef, 'type' | 'enum'> {
  const unique = [...new Set(members)];
  if (unique.every((m) => NUMERIC.test(m))) return { type: 'number', enum: unique.map(Number) };
  return { type: 'string', enum: unique };
}

/** The first range in `text`, `100-900`, `6 to 144` or `between 50 and 200`: where it starts, as written, and its ends. */
function firstRange(text: string): { index: number; match: string; a: number; b: number } | undefined {
  const found = [RANGE_TEXT.exec(text), BETWEEN_TEXT.exec(text)].filter((m) => m?.[1] !== undefined && m[2] !== undefined);
  const m = found.sort((x, y) => (x?.index ?? 0) - (y?.index ?? 0))[0];
  return m ? { index: m.index, match: m[0], a: Number(m[1]), b: Number(m[2]) } : undefined;
}

function decide(words: string[], text: string): { def: Omit<ParamDef, 'description'>; reason: string } {
  if (BOOLEAN_TEXT.test(text)) return { def: { type: 'boolean' }, reason: '"true/false" in the text' };
  const pipe = PIPE_CHOICES_TEXT.exec(text);
  if (pipe?.[1]) {
    const members = pipe[1].split('|').map((m) => m.trim());
    return { def: enumFrom(members), reason: `"${pipe[1]}" in the text` };
  }
  const oneOf = ONE_OF_TEXT.exec(text);
  if (oneOf?.[1]) {
    const members = oneOfMembers(oneOf[1]);
    if (members.length >= 2) return { def: enumFrom(members), reason: `"one of ${oneOf[1].trim()}" in the text` };
  }
  const hex = HEX.exec(text);
  if (hex) return { def: { type: 'color' }, reason: `hex color "${hex[0]}" in the text` };
  const range = firstRange(text);
  if (range) {
    const example = EXAMPLE_BEFORE.exec(text.slice(0, range.index));
    // a range after "like" or "e.g." is a value written that way (pages "1-3"), not the bounds of a number
    if (example) return { def: { type: 'string' }, reason: `example "${range.match}" after "${example[0].trim()}" in the text` };
    const { a, b } = range;
    // whole ends make whole numbers (a font weight, a page size); a range within -1..1 is a fraction (an opacity)
    const integer = Number.isInteger(a) && Number.isInteger(b) && Math.max(Math.abs(a), Math.abs(b)) > 1;
    return {
      def: { type: 'number', min: Math.min(a, b), max: Math.max(a, b), ...(integer ? { integer: true } : {}) },
      reason: `range "${range.match}" in the text`,
    };
  }
  const count = COUNT_TEXT.exec(text);
  if (count) return { def: { type: 'number', integer: true }, reason: `"${count[0]}" in the text` };
  const list = LIST_TEXT.exec(text);
  if (list) return { def: { type: 'string[]' }, reason: `"${list[0]}" in the text` };
  if (words[0] && BOOLEAN_WORDS.includes(words[0])) return { def: { type: 'boolean' }, reason: `name starts with "${words[0]}"` };
  // the last word of a name is its head noun (`stroke_width` is a width), so read from the end
  for (const [i, w] of [...words.entries()].reverse()) {
    if (w === 'flag') return { def: { type: 'boolean' }, reason: `"${w}" in the name` };
    if (COLOR_WORDS.includes(w)) return { def: { type: 'color' }, reason: `"${w}" in the name` };
    if (NUMBER_WORDS.includes(w)) return { def: { type: 'number' }, reason: `"${w}" in the name` };
    if (w === 'ids') return { def: { type: 'string[]' }, reason: '"ids" in the name' };
    if (i === words.length - 1 && isPlural(w)) return { def: { type: 'string[]' }, reason: `plural name ("${w}")` };
  }
  const textColor = /\b(?:colou?r)\b/i.exec(text);
  if (textColor) return { def: { type: 'color' }, reason: `"${textColor[0]}" in the text` };
  const textNumber = new RegExp(`\\b(?:${NUMBER_WORDS.join('|')})\\b`, 'i').exec(text);
  if (textNumber) return { def: { type: 'number' }, reason: `"${textNumber[0]}" in the text` };
  return { def: { type: 'string' }, reason: 'no rule matched' };
}

/**
 * Infers a param from the short form `"name": "description"`.
 *
 * Rules, first match wins: `true/false` in the text gives `boolean`; `a|b|c` or
 * "one of a, b, c" gives an enum (`number` when every member is numeric); a `#hex` gives
 * `color`; a range such as `100-900`, `6 to 144` or `between 50 and 200` gives `number` with
 * `min`/`max`, and `integer: true` when both ends are whole numbers and one lies beyond -1..1
 * (`0-1` stays a fraction), but a range right after "like", "such as", "e.g.", "for example" or
 * "for instance" is an example value written that way (`Page range like 1-3`), so `string`;
 * "number of", "count of" or "how many" gives an integer `number`; "list of", "comma-separated"
 * or "ids" gives `string[]`; then the name: starting with is/has/enable gives `boolean`; otherwise
 * its words are read from the last (the head noun: `stroke_width` is a width): "flag" gives `boolean`, color/colour/fill/stroke
 * `color`, count/size/width/height/index/length/... `number`, "ids" or a plural last word
 * `string[]`; then color or number words in the text; otherwise `string`.
 *
 * A trailing `!` on the name or "(required)" in the text marks the param required. The
 * text becomes the description unchanged, unless it only states a range, a choice list or
 * true/false (`"weight": "100-900"`): that is a type hint, which the schema keeps (min/max,
 * enum, boolean), so the description is left for a person, `TODO: describe weight for the
 * model` (validate's param-description warns about it until it is written).
 */
export function inferParam(rawName: string, text: string): Inference {
  const bang = rawName.endsWith('!');
  const name = bang ? rawName.slice(0, -1) : rawName;
  const required = bang || /\(required\)/i.test(text);
  const { def, reason } = decide(nameWords(name), text);
  const restated = restatedFact(text);
  return {
    name,
    def: { ...def, description: restated ? todoDescription(name) : text, ...(required ? { required: true } : {}) },
    reason: restated ? `${reason}; the text is only ${restated}, so the description is a TODO for you to write` : reason,
  };
}

/** The description scaffold writes for a param whose short form was only a type hint: a marked placeholder validate warns about. */
export const todoDescription = (name: string): string => `TODO: describe ${name} for the model`;

/** One param in words: `weight: number (min 100, max 900), required`. */
export function describeParam(name: string, d: ParamDef): string {
  const extras = [
    d.enum ? `enum ${d.enum.map((m) => JSON.stringify(m)).join(' | ')}` : '',
    d.min !== undefined ? `min ${d.min}` : '',
    d.max !== undefined ? `max ${d.max}` : '',
    d.integer ? 'integer' : '',
    d.default !== undefined ? `default ${JSON.stringify(d.default)}` : '',
  ].filter(Boolean);
  return `${name}: ${d.type}${extras.length ? ` (${extras.join(', ')})` : ''}${d.required ? ', required' : ''}`;
}

/** One line describing an inference: `weight: number (min 100, max 900), required — range "100-900" in the text`. */
export function describeInference(inf: Inference): string {
  return `${describeParam(inf.name, inf.def)} — ${inf.reason}`;
}
