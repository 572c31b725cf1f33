/** Rich tool results: text, image, audio and resource content items in the MCP content block shape, and their constructors. */

/**
 * One item of a rich tool result, in the shape of an MCP content block (spec 2025-06-18,
 * server/tools#tool-result): `data` and `blob` are base64 text; `mimeType` names the media
 * type (`image/png`, `audio/wav`).
 */
export type ToolContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource'; resource: EmbeddedResource };

/** The resource of a `resource` content item: text, or binary as base64 `blob`. */
export type EmbeddedResource = { uri: string; mimeType?: string; text: string } | { uri: string; mimeType?: string; blob: string };

const BRAND = Symbol.for('agent-tools.content-result');

/**
 * What `execute` returns for a result made of content items (see {@link contentResult}):
 * MCP sends the items as content blocks, the AI SDK adapter hands the model media where
 * it can, `agent-tools call` writes binary items to files.
 */
export interface ContentResult {
  readonly [BRAND]: true;
  readonly content: readonly ToolContent[];
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function base64Of(data: Uint8Array | string, what: string): string {
  if (typeof data === 'string') {
    if (data.length % 4 !== 0 || !BASE64.test(data))
      throw new TypeError(`${what}: a string must be base64 (or pass the bytes as a Uint8Array)`);
    return data;
  }
  if (!(data instanceof Uint8Array)) throw new TypeError(`${what}: expected a Uint8Array or a base64 string, received ${typeof data}`);
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
}

function mediaType(mimeType: unknown, what: string, prefix?: string): string {
  if (typeof mimeType !== 'string' || !/^[\w.+-]+\/[\w.+-]+/.test(mimeType))
    throw new TypeError(
      `${what}: mimeType must be a media type such as ${prefix ?? 'application'}/…, received ${JSON.stringify(mimeType)}`,
    );
  if (prefix && !mimeType.startsWith(`${prefix}/`))
    throw new TypeError(`${what}: mimeType must start with "${prefix}/", received "${mimeType}"`);
  return mimeType;
}

/** A text content item. */
export function textContent(text: string): ToolContent {
  if (typeof text !== 'string') throw new TypeError(`textContent: expected a string, received ${typeof text}`);
  return { type: 'text', text };
}

/**
 * An image content item. `data`: the image bytes, or base64 text.
 * @throws {TypeError} for a string that is not base64, or a `mimeType` not starting with `image/`.
 */
export function imageContent(data: Uint8Array | string, mimeType: string): ToolContent {
  return { type: 'image', data: base64Of(data, 'imageContent'), mimeType: mediaType(mimeType, 'imageContent', 'image') };
}

/**
 * An audio content item (`audio/wav`, `audio/mpeg`…). `data`: the bytes, or base64 text.
 * @throws {TypeError} for a string that is not base64, or a `mimeType` not starting with `audio/`.
 */
export function audioContent(data: Uint8Array | string, mimeType: string): ToolContent {
  return { type: 'audio', data: base64Of(data, 'audioContent'), mimeType: mediaType(mimeType, 'audioContent', 'audio') };
}

/**
 * An embedded resource content item: `{ uri, mimeType?, text }` for text, or
 * `{ uri, mimeType?, data }` with the bytes (or base64 text) for binary.
 * @throws {TypeError} without a `uri`, or with neither or both of `text` and `data`.
 */
export function resourceContent(resource: { uri: string; mimeType?: string; text?: string; data?: Uint8Array | string }): ToolContent {
  const { uri, mimeType, text, data } = resource ?? {};
  if (typeof uri !== 'string' || uri === '') throw new TypeError('resourceContent: uri must be a non-empty string');
  if ((text === undefined) === (data === undefined))
    throw new TypeError('resourceContent: give exactly one of text (a string) or data (bytes or base64)');
  const type = mimeType === undefined ? {} : { mimeType: mediaType(mimeType, 'resourceContent') };
  if (text !== undefined) {
    if (typeof text !== 'string') throw new TypeError(`resourceContent: text must be a string, received ${typeof text}`);
    return { type: 'resource', resource: { uri, ...type, text } };
  }
  return { type: 'resource', resource: { uri, ...type, blob: base64Of(data!, 'resourceContent') } };
}

/**
 * A tool result made of content items, in order; a string stands for a text item:
 * `return contentResult('Rendered n1', imageContent(png, 'image/png'))`.
 * @throws {TypeError} for an item that is neither a string nor a content item.
 */
export function contentResult(...items: (ToolContent | string)[]): ContentResult {
  const content = items.map((item, i) => {
    if (typeof item === 'string') return textContent(item);
    if (typeof item !== 'object' || item === null || !['text', 'image', 'audio', 'resource'].includes(item.type)) {
      throw new TypeError(
        `contentResult: item ${i} is not a content item (use textContent, imageContent, audioContent or resourceContent)`,
      );
    }
    return item;
  });
  return Object.freeze({ [BRAND]: true as const, content: Object.freeze(content) });
}

/** True for a value made by {@link contentResult} (also one made by another copy of this module). */
export function isContentResult(value: unknown): value is ContentResult {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}
