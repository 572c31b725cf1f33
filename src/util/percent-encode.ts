/** Percent-encoding of URI components and relative paths (RFC 3986). */

/**
 * Percent-encodes one URI component (RFC 3986): every character except the unreserved
 * `A-Z a-z 0-9 - . _ ~` becomes `%XX` of its UTF-8 bytes, so a space is `%20`, `/` `%2F`,
 * `?` `%3F`, `#` `%23`, `&` `%26`, `%` `%25`, `:` `%3A`, `!` `%21`, `(` `%28`, `字`
 * `%E5%AD%97`. (`encodeURIComponent` leaves the reserved `! ' ( ) *` as they are.)
 *
 * @throws {URIError} for a lone surrogate, as `encodeURIComponent` does.
 */
export function encodeComponent(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A `/`-separated relative path as a relative URI reference: each segment encoded by {@link encodeComponent}. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeComponent).join('/');
}
