/** Tests of rich results in the AI SDK adapter: media parts in the installed major's form, or a text note with `media: false`. */

import { generateText, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { toolsToAI } from '../../src/adapters/ai.js';
import { audioContent, contentResult, imageContent, resourceContent } from '../../src/core/content.js';
import { defineTool } from '../../src/core/tool.js';
import { AI_MAJOR, scriptedModel } from './mock-model.js';

const RED_PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
const shot = defineTool({
  name: 'shot',
  mutates: false,
  description: 'Returns a caption, a picture, a sound, a text resource and a binary one.',
  params: {},
  execute: () =>
    contentResult(
      'caption',
      imageContent(RED_PIXEL, 'image/png'),
      audioContent(new Uint8Array([1, 2, 3]), 'audio/wav'),
      resourceContent({ uri: 'file:///a.txt', mimeType: 'text/plain', text: 'hello' }),
      resourceContent({ uri: 'file:///b.bin', data: new Uint8Array([9]) }),
    ),
});

/** The tool-result output the model received in its second request. */
async function outputSeen(media?: boolean) {
  const model = scriptedModel([[{ toolName: 'shot', input: '{}' }]]);
  await generateText({ model, tools: toolsToAI([shot], media === undefined ? {} : { media }), prompt: 'go', stopWhen: stepCountIs(3) });
  const tool = model.doGenerateCalls[1]!.prompt.find((m) => m.role === 'tool')!;
  return (tool.content[0] as { output: unknown }).output;
}

/** Each major's media parts, as its specification names them (LanguageModelV2/V3/V4 tool result output). */
const MEDIA = {
  5: [
    { type: 'media', data: RED_PIXEL, mediaType: 'image/png' },
    { type: 'media', data: 'AQID', mediaType: 'audio/wav' },
    { type: 'media', data: 'CQ==', mediaType: 'application/octet-stream' },
  ],
  6: [
    { type: 'image-data', data: RED_PIXEL, mediaType: 'image/png' },
    { type: 'file-data', data: 'AQID', mediaType: 'audio/wav' },
    { type: 'file-data', data: 'CQ==', mediaType: 'application/octet-stream', filename: 'b.bin' },
  ],
  7: [
    { type: 'file', data: { type: 'data', data: RED_PIXEL }, mediaType: 'image/png' },
    { type: 'file', data: { type: 'data', data: 'AQID' }, mediaType: 'audio/wav' },
    { type: 'file', data: { type: 'data', data: 'CQ==' }, mediaType: 'application/octet-stream', filename: 'b.bin' },
  ],
};

describe(`rich results in the AI SDK adapter (ai ${AI_MAJOR}, its own mock model)`, () => {
  it('gives the model media parts where it can, in the form of the installed major', async () => {
    const [image, audio, binary] = MEDIA[AI_MAJOR];
    expect(await outputSeen()).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'caption' },
        image,
        audio,
        { type: 'text', text: '[resource file:///a.txt (text/plain)]\nhello' },
        binary,
      ],
    });
  });

  it('with media: false, a text note for each media item', async () => {
    const out = (await outputSeen(false)) as { value: { text: string }[] };
    expect(out.value.map((p) => p.text)).toEqual([
      'caption',
      '[image/png image, 69 bytes, not shown to the model]',
      '[audio/wav audio, 3 bytes, not shown to the model]',
      '[resource file:///a.txt (text/plain)]\nhello',
      '[resource file:///b.bin, 1 bytes, not shown to the model]',
    ]);
  });
});
