/** Tests of the content helpers and prompts: MCP content blocks, refusals, per-item caps, prompt arguments. */

import { describe, expect, it } from 'vitest';
import {
  audioContent,
  capContent,
  contentResult,
  definePrompt,
  getPromptMessages,
  imageContent,
  isContentResult,
  resourceContent,
} from 'agent-tools';

describe('content helpers', () => {
  it('take bytes or base64 and give MCP content blocks', () => {
    expect(imageContent(new Uint8Array([1, 2, 3]), 'image/png')).toEqual({ type: 'image', data: 'AQID', mimeType: 'image/png' });
    expect(audioContent('AQID', 'audio/wav')).toEqual({ type: 'audio', data: 'AQID', mimeType: 'audio/wav' });
    expect(resourceContent({ uri: 'x://b', data: Buffer.from([255]) })).toEqual({
      type: 'resource',
      resource: { uri: 'x://b', blob: '/w==' },
    });
    const r = contentResult('hi', imageContent('AQID', 'image/gif'));
    expect(isContentResult(r)).toBe(true);
    expect(isContentResult({ content: [] })).toBe(false);
    expect(r.content[0]).toEqual({ type: 'text', text: 'hi' });
  });

  it('refuse what a client could not read, saying why', () => {
    expect(() => imageContent('not base64!', 'image/png')).toThrow(
      'imageContent: a string must be base64 (or pass the bytes as a Uint8Array)',
    );
    expect(() => imageContent('AQID', 'audio/wav')).toThrow('imageContent: mimeType must start with "image/", received "audio/wav"');
    expect(() => resourceContent({ uri: 'x://a' })).toThrow(
      'resourceContent: give exactly one of text (a string) or data (bytes or base64)',
    );
    expect(() => contentResult('a', { type: 'video' } as never)).toThrow('contentResult: item 1 is not a content item');
  });

  it('cap each item on its own, in decoded bytes', () => {
    const items = [imageContent(new Uint8Array(11), 'image/png'), imageContent(new Uint8Array(10), 'image/png')];
    expect(capContent(items, 10)).toEqual({
      dropped: 1,
      content: [{ type: 'text', text: '[image (image/png) of 11 bytes left out: over the 10-byte cap per content item]' }, items[1]],
    });
  });
});

describe('prompts', () => {
  const p = definePrompt({
    name: 'greet',
    arguments: [{ name: 'who', required: true }, { name: 'tone' }],
    get: ({ who, tone }) => `Hello ${who}${tone ? ` (${tone})` : ''}`,
  });
  it('check arguments before get', async () => {
    expect(await getPromptMessages(p, { who: 'Ann' })).toEqual([{ role: 'user', content: { type: 'text', text: 'Hello Ann' } }]);
    await expect(getPromptMessages(p, {})).rejects.toThrow('Prompt "greet": missing required argument "who"');
    // an undeclared argument is dropped, as the MCP SDK's McpServer does
    const seen: Record<string, string>[] = [];
    const spy = definePrompt({ ...p, get: (args) => (seen.push(args), 'ok') });
    expect(await getPromptMessages(spy, { who: 'a', mood: 'x' })).toEqual([{ role: 'user', content: { type: 'text', text: 'ok' } }]);
    expect(seen).toEqual([{ who: 'a' }]);
  });
  it('definePrompt refuses a bad name or a repeated argument', () => {
    expect(() => definePrompt({ name: 'a b', get: () => '' })).toThrow(/name must match/);
    expect(() => definePrompt({ name: 'a', arguments: [{ name: 'x' }, { name: 'x' }], get: () => '' })).toThrow(
      'definePrompt "a": arguments[1] repeats the name "x"',
    );
  });
});
