/** Rich tool results for the AI SDK: content items tagged for `toModelOutput`, and media the model is not shown named in a note. */

import type { ToolContent } from '../core/content.js';
import { contentBytes } from '../runtime/content-caps.js';
import type { AIMajor } from './ai-major.js';

/**
 * What `toolsToAI`'s execute returns for a `contentResult`: the items, tagged so `toModelOutput` knows them (also after a round trip
 * through JSON).
 */
export interface AIContentOutput {
  type: 'agent-tools/content';
  content: ToolContent[];
}

/** True for an {@link AIContentOutput}. */
export function isAIContentOutput(output: unknown): output is AIContentOutput {
  return (
    typeof output === 'object' &&
    output !== null &&
    (output as AIContentOutput).type === 'agent-tools/content' &&
    Array.isArray((output as AIContentOutput).content)
  );
}

type ModelPart =
  | { type: 'text'; text: string }
  | { type: 'media'; data: string; mediaType: string }
  | { type: 'image-data'; data: string; mediaType: string }
  | { type: 'file-data'; data: string; mediaType: string; filename?: string }
  | { type: 'file'; data: { type: 'data'; data: string }; mediaType: string; filename?: string };

/** One media item (base64 `data`) as the tool result part of AI SDK `major`. */
function mediaPart(major: AIMajor, kind: 'image' | 'file', data: string, mediaType: string, filename?: string): ModelPart {
  const named = filename === undefined ? {} : { filename };
  if (major === 5) return { type: 'media', data, mediaType };
  if (major === 6) return kind === 'image' ? { type: 'image-data', data, mediaType } : { type: 'file-data', data, mediaType, ...named };
  return { type: 'file', data: { type: 'data', data }, mediaType, ...named };
}

/** The text the model gets for a media item it is not shown: `[image/png image, 1 234 bytes, not shown to the model]`. */
export function mediaNote(item: ToolContent): string {
  const bytes = contentBytes(item).toLocaleString('en-US').replaceAll(',', ' ');
  if (item.type === 'resource')
    return `[resource ${item.resource.uri}${item.resource.mimeType ? ` (${item.resource.mimeType})` : ''}, ${bytes} bytes, not shown to the model]`;
  return `[${item.type === 'text' ? 'text' : item.mimeType} ${item.type}, ${bytes} bytes, not shown to the model]`;
}

/**
 * The AI SDK tool output (`ToolResultOutput` of type `content`) for content items: text as
 * text, a text resource as its uri line and text; with `media` images, audio and binary
 * resources as the media parts of AI SDK `major` (5: `media`; 6: `image-data` and `file-data`;
 * 7: `file` with tagged data); without `media` each of those is a {@link mediaNote}.
 */
export function contentModelOutput(
  content: readonly ToolContent[],
  media: boolean,
  major: AIMajor = 6,
): { type: 'content'; value: ModelPart[] } {
  const value = content.map((item): ModelPart => {
    if (item.type === 'text') return { type: 'text', text: item.text };
    if (item.type === 'resource' && 'text' in item.resource)
      return {
        type: 'text',
        text: `[resource ${item.resource.uri}${item.resource.mimeType ? ` (${item.resource.mimeType})` : ''}]\n${item.resource.text}`,
      };
    if (!media) return { type: 'text', text: mediaNote(item) };
    if (item.type === 'image') return mediaPart(major, 'image', item.data, item.mimeType);
    if (item.type === 'audio') return mediaPart(major, 'file', item.data, item.mimeType);
    const { uri, mimeType, blob } = item.resource as { uri: string; mimeType?: string; blob: string };
    return mediaPart(major, 'file', blob, mimeType ?? 'application/octet-stream', uri.split('/').pop() || uri);
  });
  return { type: 'content', value };
}
