/** How a description's text states a schema fact (a range, a choice list, true/false), and when that is all it says. */

/** A numeric range in text: `100-900`, `6 to 144`, `-10..10`, `1–5`; groups 1 and 2 are the two ends. */
export const RANGE_TEXT = /(?<![\w.-])(-?\d+(?:\.\d+)?)\s*(?:-|–|—|\.\.|to)\s*(-?\d+(?:\.\d+)?)(?![\w-]|\.\d)/;
/** A choice list with pipes: `left|center|right`, `a | b`; group 1 is the list. */
export const PIPE_CHOICES_TEXT = /(?<![\w|])([\w.-]+(?:\s*\|\s*[\w.-]+)+)(?![\w|])/;
/** A choice list in words: `one of a, b or c`; group 1 is the members, up to the end of the clause. */
export const ONE_OF_TEXT = /\bone of:?\s+([^.;:()]+)/i;
/** `true/false`, `true|false` (either order). */
export const BOOLEAN_TEXT = /\btrue\s*[/|]\s*false\b|\bfalse\s*[/|]\s*true\b/i;

/** The members of a `one of a, b or c` list, as written (the list split at commas and "or"). */
export function oneOfMembers(list: string): string[] {
  return list
    .split(/\s*(?:,|\bor\b)\s*/)
    .map((m) => m.trim())
    .filter(Boolean);
}

/** What a description restates when it says nothing else: the schema keeps a range (min/max), choices (enum), true/false (the type). */
export type RestatedFact = 'a range' | 'a choice list' | 'true/false';

const whole = (re: RegExp) => new RegExp(`^(?:${re.source})$`, re.flags);
const WHOLE_RANGE = whole(RANGE_TEXT);
const WHOLE_PIPE = whole(PIPE_CHOICES_TEXT);
const WHOLE_ONE_OF = /^one of:?\s+([^.;:()]+)$/i;
const WHOLE_BOOLEAN = whole(BOOLEAN_TEXT);

/**
 * The schema fact `text` restates when it is all the text says, else `undefined`: `100-900`,
 * `1 to 10` (a range), `a|b|c`, `one of a, b, c` (a choice list), `true/false`. Surrounding
 * space, one pair of parentheses, a final period and a "(required)" marker are ignored;
 * `Font weight, 100-900` says more and is `undefined`. Such a text tells a model nothing the
 * input schema does not (min/max, enum, the boolean type).
 */
export function restatedFact(text: string): RestatedFact | undefined {
  const t = text
    .replace(/\(required\)/i, ' ')
    .trim()
    .replace(/\.$/, '')
    .replace(/^\((.*)\)$/s, '$1')
    .trim();
  if (WHOLE_BOOLEAN.test(t)) return 'true/false';
  if (WHOLE_RANGE.test(t)) return 'a range';
  if (WHOLE_PIPE.test(t)) return 'a choice list';
  const oneOf = WHOLE_ONE_OF.exec(t);
  if (oneOf?.[1] !== undefined && oneOfMembers(oneOf[1]).length >= 2) return 'a choice list';
  return undefined;
}

/** A description left for a person to write: one that starts with `TODO`, `FIXME` or `TBD` (upper case, as placeholders are marked). */
export const PLACEHOLDER_TEXT = /^\s*(?:TODO|FIXME|TBD)\b/;
