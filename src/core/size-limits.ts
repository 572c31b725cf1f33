/** The hard size limits: a description (64 KiB of UTF-8) and how its size is measured; the tools of one AI request (128). */

/**
 * Largest description a tool, a param or a skill may have: 64 KiB (65 536 bytes of UTF-8).
 * Some clients cut a description past about 1 KiB, which validate warns of; this ceiling is the
 * hard one: a 10 MB description was installed and then made the official MCP client drop the
 * connection on tools/list, so anything larger is refused where it is defined.
 */
export const MAX_DESCRIPTION_BYTES = 64 * 1024;

/**
 * The most tools one AI tool set, or one provider request, may hold: OpenAI rejects a request with more than 128 tools
 * (its documented limit on `tools`), and the other providers degrade long before that.
 */
export const MAX_AI_TOOLS = 128;

/** The UTF-8 length of `text` in bytes, without encoding it (a lone surrogate counts 3, as U+FFFD). */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * The problem of a description over {@link MAX_DESCRIPTION_BYTES}, as a sentence without the
 * field's name (callers put the field or JSON path first), or `undefined` when it fits.
 */
export function descriptionSizeProblem(text: unknown): string | undefined {
  if (typeof text !== 'string' || text.length <= MAX_DESCRIPTION_BYTES / 4) return undefined;
  const bytes = utf8Length(text);
  if (bytes <= MAX_DESCRIPTION_BYTES) return undefined;
  return `is ${bytes} bytes, over the ${MAX_DESCRIPTION_BYTES}-byte (64 KiB) ceiling for a description; clients drop tools/list answers that large`;
}
