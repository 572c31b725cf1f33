/** Escaping for text that lands in generated TypeScript: evaluating the output gives back the input exactly. */

// Each function returns source text; evaluating it gives back the input, the same UTF-16 code units.

import { kebabName } from '../core/tool-name.js';

const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await arguments eval'.split(
    ' ',
  ),
);

/**
 * A single-quoted TypeScript string literal for `s`: escapes `\`, `'`, line breaks
 * (`\n`, `\r`, U+2028, U+2029), other control characters and lone surrogates; leaves
 * every other character (backticks, `${`, Chinese, emoji) as it is.
 */
export function tsString(s: string): string {
  let out = "'";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ch = s[i]!;
    if (ch === '\\') out += '\\\\';
    else if (ch === "'") out += "\\'";
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || c === 0x7f || c === 0x2028 || c === 0x2029) out += `\\u${c.toString(16).padStart(4, '0')}`;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += ch + s[i + 1];
        i++;
      } else out += `\\u${c.toString(16)}`;
    } else if (c >= 0xdc00 && c <= 0xdfff) out += `\\u${c.toString(16)}`;
    else out += ch;
  }
  return out + "'";
}

/** A TypeScript literal for a param value: string, finite number, boolean or string array. */
export function tsValue(v: string | number | boolean | readonly (string | number)[]): string {
  if (typeof v === 'string') return tsString(v);
  if (typeof v === 'number') return Object.is(v, -0) ? '0' : String(v);
  if (typeof v === 'boolean') return String(v);
  return `[${v.map((m) => tsValue(m)).join(', ')}]`;
}

/**
 * The lines of a JSDoc comment body for free text: `*\/` cannot close the comment, a line
 * starting with `@` is not read as a tag, line breaks become separate lines, and control
 * characters and lone surrogates are shown as `\uXXXX` (a comment is not a runtime string).
 */
export function jsdocLines(text: string): string[] {
  return text
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .split('\n')
    .map((line) =>
      line
        .replace(/\*\//g, '*\\/')
        .replace(/^(\s*)@/, '$1\\@')
        .replace(
          // control characters are what this escapes
          // eslint-disable-next-line no-control-regex
          /[\u0000-\u0008\u000b-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
          (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
        )
        .trimEnd(),
    );
}

/** `set_font` / `setFont` / `set-font` → `set-font` (the file name). */
export function kebabCase(name: string): string {
  return kebabName(name).replace(/-+/g, '-').replace(/^-|-$/g, '');
}

/** `set_font` → `setFontTool`: the exported const for a tool (never a reserved word). */
export function toolIdentifier(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean);
  const camel = words.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join('');
  const safe = camel === '' ? 'tool' : /^\d/.test(camel) ? `tool${camel}` : camel;
  return `${safe}Tool`;
}

// names the generated execute body uses itself: a local with one of these names would shadow it
const USED_BY_BODY = new Set(['args', '_api', '_args', 'JSON', 'Error', 'undefined', 'NaN', 'Infinity', 'globalThis']);

/**
 * Local variable names for params in the `execute` destructuring, in order: the param
 * name itself, or `name_` (then `name__`, ...) for a reserved word, a name the body uses
 * (`args`, `JSON`, `Error`, ...) or one another param already took.
 */
export function localNames(params: readonly string[]): string[] {
  const taken = new Set(params);
  return params.map((p) => {
    if (!RESERVED.has(p) && !USED_BY_BODY.has(p)) return p;
    let local = `${p}_`;
    while (taken.has(local) || USED_BY_BODY.has(local)) local += '_';
    taken.add(local);
    return local;
  });
}
