/** Fills an HTTP skill's RFC 6570 URL template, each value percent-encoded. */

import { parseTemplate, type PrimitiveValue } from 'url-template';
import type { ParsedUrlTemplate, UrlToken } from './url-template.js';

type Value = PrimitiveValue | PrimitiveValue[];
type Expression = Extract<UrlToken, { expression: string }>;

const missing = (v: unknown) => v === undefined || v === null;

function context(values: Record<string, unknown>): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const [k, v] of Object.entries(values)) {
    if (Array.isArray(v)) out[k] = v.map((x) => (missing(x) ? null : typeof x === 'object' ? JSON.stringify(x) : (x as PrimitiveValue)));
    else if (!missing(v)) out[k] = typeof v === 'object' ? JSON.stringify(v) : (v as PrimitiveValue);
  }
  return out;
}

/** Expands tokens with RFC 6570 (url-template); a value that cannot be encoded (a lone surrogate, or one cut by `:N`) is an error. */
function expand(tokens: readonly UrlToken[], ctx: Record<string, Value>): string | { error: string } {
  const text = tokens.map((t) => ('literal' in t ? t.literal : t.expression)).join('');
  try {
    return parseTemplate(text).expand(ctx);
  } catch {
    return {
      error: `a value for ${tokens
        .filter((t): t is Expression => 'expression' in t)
        .map((t) => t.expression)
        .join(' ')} is not valid Unicode text (a lone surrogate, or a character cut by :N)`,
    };
  }
}

/** Path values that would change the path once the URL is normalised: empty, `.`, `..`. */
function pathValueError(e: Expression, ctx: Record<string, Value>): string | undefined {
  if (e.operator !== '' && e.operator !== '/') return undefined;
  for (const v of e.vars) {
    const value = ctx[v.name];
    if (value === undefined) {
      if (e.operator === '') return `no value for URL placeholder {${v.name}}`;
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      const text = item === null ? '' : String(item);
      if (text === '') return `empty value for {${v.name}} is refused: it would leave an empty path segment`;
      if (text === '.' || text === '..')
        return `value ${JSON.stringify(text)} for {${v.name}} is a dot segment and is refused: it would change the path`;
    }
  }
  return undefined;
}

/**
 * The query's pieces: split at literal `&`, and before each `{&...}`/`{?...}` expression.
 * A piece with `{x}` placeholders all without a value is left out whole, so
 * `?units={units}&q={q}` without `q` sends `?units=metric` (never `q=`).
 */
function queryPieces(tokens: readonly UrlToken[]): UrlToken[][] {
  const pieces: UrlToken[][] = [[]];
  for (const t of tokens) {
    if ('expression' in t && t.operator !== '') pieces.push([t], []);
    else if ('literal' in t) {
      const parts = t.literal.split('&');
      parts.forEach((p, i) => {
        if (i > 0) pieces.push([]);
        if (p) pieces.at(-1)!.push({ literal: p });
      });
    } else pieces.at(-1)!.push(t);
  }
  return pieces.filter((p) => p.length > 0);
}

/**
 * Fills a parsed template with `values` (strings, numbers, booleans, `string[]`) by RFC 6570
 * expansion (the url-template package): every value is percent-encoded except the RFC 3986
 * unreserved characters, so no value adds a `/`, `?`, `&`, `#` or changes the host; a
 * `string[]` in `{x}` is joined with `,`, in `{x*}` of `{?x*}` repeated as `x=a&x=b`.
 * In the query, a `name={x}` pair whose `{x}` has no value is left out, as `{?x}` leaves
 * out `x`.
 *
 * @returns the URL string, or an error when a plain path placeholder has no value, or a
 *   path value is empty (`//`) or `.` or `..` (which would climb the path).
 */
export function fillUrlTemplate(t: ParsedUrlTemplate, values: Record<string, unknown>): { url: string } | { error: string } {
  const ctx = context(values);
  const pathTokens = t.queryAt < 0 ? t.tokens : t.tokens.slice(0, t.queryAt);
  for (const e of pathTokens) {
    if (!('expression' in e)) continue;
    const error = pathValueError(e, ctx);
    if (error) return { error };
  }
  const path = expand(pathTokens, ctx);
  if (typeof path !== 'string') return path;
  if (path.split('/').some((s) => s === '.' || s === '..'))
    return { error: `the filled path ${path} has a "." or ".." segment and is refused: it would change the path` };
  const pairs: string[] = [];
  if (t.queryAt >= 0) {
    for (const piece of queryPieces(
      t.tokens.slice(t.queryAt).map((tok, i) => (i === 0 && 'literal' in tok ? { literal: tok.literal.slice(1) } : tok)),
    )) {
      const vars = piece.flatMap((p) => ('expression' in p ? p.vars.map((v) => v.name) : []));
      if (vars.length > 0 && vars.every((v) => ctx[v] === undefined)) continue;
      const text = expand(piece, ctx);
      if (typeof text !== 'string') return text;
      const head = piece[0]!;
      if ('expression' in head && head.operator !== '') pairs.push(...text.slice(1).split('&').filter(Boolean));
      else pairs.push(text);
    }
  }
  return { url: t.origin + path + (pairs.length > 0 ? `?${pairs.join('&')}` : '') };
}
