/** Decodes a user's file or pipe as UTF-8, dropping a BOM and naming UTF-16 and UTF-32. */

/** Thrown by {@link decodeUtf8} for text in another Unicode encoding; `encoding` names it. */
export class NotUtf8Error extends Error {
  override readonly name = 'NotUtf8Error';
  constructor(
    readonly encoding: 'UTF-16LE' | 'UTF-16BE' | 'UTF-32LE' | 'UTF-32BE',
    readonly what: string,
  ) {
    super(`${what} is ${encoding.replace(/(LE|BE)$/, '')}; ${what === 'stdin' ? 'save or pipe it' : 'save it'} as UTF-8`);
  }
}

/**
 * The encoding `bytes` are in when they are not UTF-8: by byte order mark (UTF-32 before
 * UTF-16, since the UTF-32LE mark begins with the UTF-16LE one), else by the NUL bytes that
 * ASCII text in UTF-16 has in every other byte (the first two characters are looked at).
 */
function otherEncoding(b: Uint8Array): NotUtf8Error['encoding'] | undefined {
  if (b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) return 'UTF-32LE';
  if (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff) return 'UTF-32BE';
  if (b[0] === 0xff && b[1] === 0xfe) return 'UTF-16LE';
  if (b[0] === 0xfe && b[1] === 0xff) return 'UTF-16BE';
  if (b.length >= 4 && b[0] !== 0 && b[1] === 0 && b[2] !== 0 && b[3] === 0) return 'UTF-16LE';
  if (b.length >= 4 && b[0] === 0 && b[1] !== 0 && b[2] === 0 && b[3] !== 0) return 'UTF-16BE';
  return undefined;
}

/**
 * Decodes UTF-8 text as a user's file or pipe holds it: a leading UTF-8 byte order mark is
 * dropped (text with and without one is the same); UTF-16 and UTF-32 (with a byte order
 * mark, or ASCII-looking text with NUL every other byte) are refused by name.
 *
 * @param what how messages name the source, e.g. `stdin` or a file path.
 * @throws {NotUtf8Error} `"stdin is UTF-16; save or pipe it as UTF-8"` (`"<what> is UTF-16; save it
 *   as UTF-8"` for a file).
 */
export function decodeUtf8(bytes: Uint8Array, what: string): string {
  const other = otherEncoding(bytes);
  if (other) throw new NotUtf8Error(other, what);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}
