/** One `{param}` placeholder in an HTTP skill's URL template. */
export interface UrlPlaceholder {
  name: string;
  /** Where it sits: in the path or in the query string. */
  part: 'path' | 'query';
}

/** A URL template split into the fixed origin and the rest, with its placeholders. */
export interface ParsedUrlTemplate {
  /** `http:` or `https:`. */
  protocol: string;
  /** `scheme://host[:port]`, with no placeholder. */
  origin: string;
  /** Everything after the origin (path, query; the fragment is refused). */
  rest: string;
  placeholders: UrlPlaceholder[];
}

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Parses an HTTP executor URL such as `https://api.example.com/users/{id}?lang={lang}`.
 *
 * Rules (checked when a skill is installed, and again before each call):
 * - only `http://` and `https://`;
 * - no placeholder and no `{`/`}` in the scheme, host or port: a value can never change
 *   where the request goes;
 * - no `#fragment` (it is never sent to the server).
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
  if (/[{}]/.test(authority) || /[{}]/.test(m[1]!)) return `placeholders are not allowed in the scheme or host ("${m[1]}://${authority}"); a param value must never change where the request goes`;
  if (authority === '' || authority.includes('@')) return `host ${JSON.stringify(authority)} is not allowed (empty, or carries user info)`;
  if (rest.includes('#')) return 'a #fragment is not allowed in the URL (it is never sent)';
  let origin: URL;
  try {
    origin = new URL(`${scheme}://${authority}/`);
  } catch {
    return `host ${JSON.stringify(authority)} is not a valid host`;
  }
  const queryAt = rest.indexOf('?');
  const placeholders: UrlPlaceholder[] = [];
  for (const p of rest.matchAll(PLACEHOLDER)) {
    placeholders.push({ name: p[1]!, part: queryAt >= 0 && p.index >= queryAt ? 'query' : 'path' });
  }
  const leftover = rest.replace(PLACEHOLDER, '');
  if (/[{}]/.test(leftover)) return `a "{" or "}" in ${JSON.stringify(rest)} is not a placeholder; placeholders look like {param_name}`;
  return { protocol: origin.protocol, origin: origin.origin, rest, placeholders };
}

/**
 * Percent-encodes one value for one path segment or query component: every byte except
 * the RFC 3986 unreserved characters `A-Z a-z 0-9 - . _ ~` becomes `%XX` of its UTF-8
 * bytes, so a space is `%20`, `/` is `%2F`, `?` `%3F`, `#` `%23`, `&` `%26`, `%` `%25`.
 */
export function encodeComponent(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Fills a parsed template with `values` (strings, numbers, booleans; a `string[]` value is
 * joined with `,` before encoding).
 *
 * @returns the URL string, or a string error when a value is missing or a path value is
 *   `.` or `..` (which would climb the path once the URL is normalised).
 */
export function fillUrlTemplate(t: ParsedUrlTemplate, values: Record<string, unknown>): { url: string } | { error: string } {
  const queryAt = t.rest.indexOf('?');
  let error: string | undefined;
  const rest = t.rest.replace(PLACEHOLDER, (_all, name: string, offset: number) => {
    const v = values[name];
    if (v === undefined || v === null) {
      error ??= `no value for URL placeholder {${name}}`;
      return '';
    }
    const text = Array.isArray(v) ? v.map(String).join(',') : String(v);
    const inPath = !(queryAt >= 0 && offset >= queryAt);
    if (inPath && (text === '.' || text === '..')) {
      error ??= `value ${JSON.stringify(text)} for {${name}} is a dot segment and is refused: it would change the path`;
      return '';
    }
    return encodeComponent(text);
  });
  if (error) return { error };
  return { url: t.origin + rest };
}
