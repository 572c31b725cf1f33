import type { ToolContent } from '../core/content.js';
import { contentBytes } from '../runtime/content-caps.js';

/** What `toolsToAI`'s execute returns for a `contentResult`: the items, tagged so `toModelOutput` knows them (also after a round trip through JSON). */
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
  | { type: 'image-data'; data: string; mediaType: string }
  | { type: 'file-data'; data: string; mediaType: string; filename?: string };

/** The text the model gets for a media item it is not shown: `[image/png image, 1 234 bytes, not shown to the model]`. */
export function mediaNote(item: ToolContent): string {
  const bytes = contentBytes(item).toLocaleString('en-US').replaceAll(',', ' ');
  if (item.type === 'resource')
    return `[resource ${item.resource.uri}${item.resource.mimeType ? ` (${item.resource.mimeType})` : ''}, ${bytes} bytes, not shown to the model]`;
  return `[${item.type === 'text' ? 'text' : item.mimeType} ${item.type}, ${bytes} bytes, not shown to the model]`;
}

/**
 * The AI SDK tool output (`ToolResultOutput` of type `content`) for content items: text as
 * text, a text resource as its uri line and text; with `media` images as `image-data`, audio
 * and binary resources as `file-data`; without `media` each of those is a {@link mediaNote}.
 */
export function contentModelOutput(content: readonly ToolContent[], media: boolean): { type: 'content'; value: ModelPart[] } {
  const value = content.map((item): ModelPart => {
    if (item.type === 'text') return { type: 'text', text: item.text };
    if (item.type === 'resource' && 'text' in item.resource)
      return {
        type: 'text',
        text: `[resource ${item.resource.uri}${item.resource.mimeType ? ` (${item.resource.mimeType})` : ''}]\n${item.resource.text}`,
      };
    if (!media) return { type: 'text', text: mediaNote(item) };
    if (item.type === 'image') return { type: 'image-data', data: item.data, mediaType: item.mimeType };
    if (item.type === 'audio') return { type: 'file-data', data: item.data, mediaType: item.mimeType };
    const { uri, mimeType, blob } = item.resource as { uri: string; mimeType?: string; blob: string };
    return { type: 'file-data', data: blob, mediaType: mimeType ?? 'application/octet-stream', filename: uri.split('/').pop() || uri };
  });
  return { type: 'content', value };
}
