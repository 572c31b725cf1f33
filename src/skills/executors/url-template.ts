/** HTTP skill URL templates: the RFC 6570 forms a value cannot use to change the URL's scheme, host or structure. */

// Parsing and the install-time rules live here; filling is in url-fill.ts (expansion by the url-template package).

/** The RFC 6570 operators we accept: simple `{x}`, path `{/x}`, label `{.x}`, path-param `{;x}`, query `{?x}`, continuation `{&x}`. */
export type UrlOperator = '' | '/' | '.' | ';' | '?' | '&';

/** One variable of one `{...}` expression in an HTTP skill's URL template. */
export interface UrlPlaceholder {
  name: string;
  /** Where it sits: in the path or in the query string. */
  part: 'path' | 'query';
  operator: UrlOperator;
  /** The whole expression as written, e.g. `{?units,q}`. */
  expression: string;
}

/** A piece of the template after the origin: literal text or one expression. */
export type UrlToken = { literal: string } | { expression: string; operator: UrlOperator; vars: { name: string; modifier: string }[] };

/** A URL template split into the fixed origin and the rest, with its placeholders. */
export interface ParsedUrlTemplate {
  /** `http:` or `https:`. */
  protocol: string;
  /** `scheme://host[:port]`, with no placeholder. */
  origin: string;
  /** Everything after the origin (path, query; the fragment is refused). */
  rest: string;
  /** `rest` as literals and expressions; the query starts at token `queryAt` (a literal starting `?`, or a `{?...}`), or never (-1). */
  tokens: UrlToken[];
  queryAt: number;
  placeholders: UrlPlaceholder[];
}

const EXPRESSION = /\{([^{}]*)\}/g;
const VARSPEC = /^([A-Za-z_][A-Za-z0-9_]*)(\*|:[1-9][0-9]{0,3})?$/;

/** Why an expression is refused, or its operator and variables. */
function parseExpression(body: string): { operator: UrlOperator; vars: { name: string; modifier: string }[] } | string {
  const first = body.charAt(0);
  if (first === '+' || first === '#')
    return `{${body}} is refused: RFC 6570 ${first === '+' ? 'reserved' : 'fragment'} expansion leaves "/", "?" and "#" in a value unencoded, so a value could change the path or query; use {${body.slice(1)}}`;
  const operator = ('/.;?&'.includes(first) && first !== '' ? first : '') as UrlOperator;
  const list = operator ? body.slice(1) : body;
  const vars: { name: string; modifier: string }[] = [];
  for (const spec of list.split(',')) {
    const m = VARSPEC.exec(spec);
    if (!m)
      return `{${body}} is not a placeholder: write {name}, {/name}, {.name}, {;name}, {?a,b}, {&a} (a name is letters, digits and _, optionally with * or :N)`;
    vars.push({ name: m[1]!, modifier: m[2] ?? '' });
  }
  return { operator, vars };
}

/**
 * Parses an HTTP executor URL such as `https://api.example.com/weather/{city}?units={units}&q={q}`.
 *
 * Rules (checked when a skill is installed, and again before each call):
 * - only `http://` and `https://`;
 * - no placeholder and no `{`/`}` in the scheme, host or port: a value can never change
 *   where the request goes;
 * - no `#fragment` (it is never sent to the server);
 * - placeholders are RFC 6570 expressions whose values are always percent-encoded:
 *   `{x}`, `{x,y}`, `{/x}`, `{.x}`, `{;x}` in the path, `{x}` in a literal query
 *   (`?a={x}&b={y}`), `{?x,y}` to start the query and `{&x}` to continue it; `*` (explode)
 *   and `:N` (prefix) modifiers. `{+x}` and `{#x}` are refused (they leave `/?#` unencoded);
 *   a path operator after the query began, or `{?x}` after a literal `?`, is refused.
 *
 * @returns the parsed template, or a string saying what is wrong.
 */
export function parseUrlTemplate(url: string): ParsedUrlTemplate | string {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)(.*)$/s.exec(url);
  if (!m) return `${JSON.stringify(url)} is not an absolute http or https URL`;
  const scheme = m[1]!.toLowerCase();
  const authority = m[2]!;
  const rest = m[3]!;
  if (scheme !== 'http' && scheme !== 'https') return `scheme "${m[1]}:" is not allowed; only http and https`;
  if (/[{}]/.test(authority) || /[{}]/.test(m[1]!))
    return `placeholders are not allowed in the scheme or host ("${m[1]}://${authority}"); a param value must never change where the request goes`;
  if (authority === '' || authority.includes('@')) return `host ${JSON.stringify(authority)} is not allowed (empty, or carries user info)`;
  if (rest.replace(EXPRESSION, '').includes('#')) return 'a #fragment is not allowed in the URL (it is never sent)';
  let origin: URL;
  try {
    origin = new URL(`${scheme}://${authority}/`);
  } catch {
    return `host ${JSON.stringify(authority)} is not a valid host`;
  }
  const tokens: UrlToken[] = [];
  const placeholders: UrlPlaceholder[] = [];
  let queryAt = -1;
  let last = 0;
  const literal = (text: string) => {
    if (/[{}]/.test(text)) return `a "{" or "}" in ${JSON.stringify(rest)} is not a placeholder; placeholders look like {param_name}`;
    const q = queryAt < 0 ? text.indexOf('?') : -1;
    if (q > 0) tokens.push({ literal: text.slice(0, q) });
    if (q >= 0) queryAt = tokens.length;
    if (text) tokens.push({ literal: q > 0 ? text.slice(q) : text });
    return undefined;
  };
  for (const e of rest.matchAll(EXPRESSION)) {
    const bad = literal(rest.slice(last, e.index));
    if (bad) return bad;
    last = e.index + e[0].length;
    const parsed = parseExpression(e[1]!);
    if (typeof parsed === 'string') return parsed;
    const inQuery = queryAt >= 0;
    if (inQuery && '/.;'.includes(parsed.operator) && parsed.operator !== '')
      return `${e[0]} is a path expression but sits in the query string`;
    if (inQuery && parsed.operator === '?') return `${e[0]} starts a query, but the query began before it; use {&${e[1]!.slice(1)}}`;
    if (!inQuery && parsed.operator === '&') return `${e[0]} continues a query, but no query began before it; use {?${e[1]!.slice(1)}}`;
    if (parsed.operator === '?') queryAt = tokens.length;
    tokens.push({ expression: e[0], ...parsed });
    for (const v of parsed.vars)
      placeholders.push({ name: v.name, part: queryAt >= 0 ? 'query' : 'path', operator: parsed.operator, expression: e[0] });
  }
  const bad = literal(rest.slice(last));
  if (bad) return bad;
  return { protocol: origin.protocol, origin: origin.origin, rest, tokens, queryAt, placeholders };
}

/**
 * The install-time rule for a template's params: a plain `{x}` in the path must be a
 * required param or have a default, since without a value the path would be wrong
 * (`{/x}`, `{.x}`, `{;x}` and query placeholders simply drop out).
 *
 * @returns one message per offending placeholder.
 */
export function templateParamProblems(t: ParsedUrlTemplate, params: Record<string, { required?: boolean; default?: unknown }>): string[] {
  const out: string[] = [];
  for (const ph of t.placeholders) {
    const def = params[ph.name];
    if (!def) out.push(`placeholder {${ph.name}} is not a param; params: ${Object.keys(params).join(', ') || '(none)'}`);
    else if (ph.part === 'path' && ph.operator === '' && def.required !== true && def.default === undefined)
      out.push(
        `path placeholder ${ph.expression} needs a value on every call: make "${ph.name}" required or give it a default (or write {/${ph.name}} for an optional path segment)`,
      );
  }
  return out;
}
