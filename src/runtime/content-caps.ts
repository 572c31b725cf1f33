/** The per-item size cap of rich results, and their JSON-safe summary for the ToolLog. */

import type { ToolContent } from '../core/content.js';

/** The default cap per content item of a rich result: 5 000 000 bytes (decoded binary, or UTF-8 text). */
export const DEFAULT_MAX_CONTENT_BYTES = 5_000_000;

/** The size in bytes of a content item: the decoded bytes of `data`/`blob`, the UTF-8 bytes of text. */
export function contentBytes(item: ToolContent): number {
  if (item.type === 'text') return Buffer.byteLength(item.text, 'utf8');
  if (item.type === 'resource')
    return 'text' in item.resource ? Buffer.byteLength(item.resource.text, 'utf8') : base64Bytes(item.resource.blob);
  return base64Bytes(item.data);
}

function base64Bytes(b64: string): number {
  const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return (b64.length / 4) * 3 - pad;
}

function kindOf(item: ToolContent): string {
  if (item.type === 'text') return 'text';
  if (item.type === 'resource') return `resource ${item.resource.uri}${item.resource.mimeType ? ` (${item.resource.mimeType})` : ''}`;
  return `${item.type} (${item.mimeType})`;
}

/**
 * Applies the per-item cap: an item over `maxBytes` is replaced by a text item saying what
 * was left out and both sizes, e.g. `[image (image/png) of 6 000 000 bytes left out: over the
 * 5 000 000-byte cap per content item]`. Returns the items and how many were replaced.
 */
export function capContent(
  items: readonly ToolContent[],
  maxBytes = DEFAULT_MAX_CONTENT_BYTES,
): { content: ToolContent[]; dropped: number } {
  let dropped = 0;
  const content = items.map((item): ToolContent => {
    const bytes = contentBytes(item);
    if (bytes <= maxBytes) return item;
    dropped++;
    return {
      type: 'text',
      text: `[${kindOf(item)} of ${bytes.toLocaleString('en-US').replaceAll(',', ' ')} bytes left out: over the ${maxBytes.toLocaleString('en-US').replaceAll(',', ' ')}-byte cap per content item]`,
    };
  });
  return { content, dropped };
}

/**
 * The JSON-safe stand-in of a rich result for the ToolLog and the JSON text: text items as
 * they are, binary items as `{ type, mimeType, bytes }` (no base64), resources with their
 * uri and either the text or `bytes`.
 */
export function contentSummary(items: readonly ToolContent[]): { content: unknown[] } {
  return {
    content: items.map((item) => {
      if (item.type === 'text') return item;
      if (item.type === 'resource') {
        const { uri, mimeType } = item.resource;
        return 'text' in item.resource ? item : { type: 'resource', uri, ...(mimeType ? { mimeType } : {}), bytes: contentBytes(item) };
      }
      return { type: item.type, mimeType: item.mimeType, bytes: contentBytes(item) };
    }),
  };
}
