// The toolbox the official MCP conformance suite (@modelcontextprotocol/conformance) runs
// against: `agent-tools serve test/conformance/server.ts --http <port>`, driven by
// `npm run conformance` (scripts/conformance.mjs). Written as a user would write a toolbox:
// defineTool, definePrompt and the content helpers from the package's public entry.
import { audioContent, contentResult, definePrompt, defineTool, imageContent, resourceContent, textContent } from '../../src/index.js';

/** A 1×1 red pixel PNG. */
const RED_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

/** A 10 ms, 8 kHz, 8-bit mono WAV of silence (RIFF header + 80 samples). */
function silentWav(): Uint8Array {
  const samples = 80;
  const b = Buffer.alloc(44 + samples, 0x80);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + samples, 4);
  b.write('WAVEfmt ', 8, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(8000, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(samples, 40);
  return b;
}

const sleep = (ms: number, signal: AbortSignal) => new Promise((resolve) => setTimeout(resolve, ms, signal));

const embedded = () =>
  resourceContent({ uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' });

export const ALL_TOOLS = [
  defineTool({
    name: 'test_simple_text',
    description: 'Returns a fixed text content item (conformance: tools-call-simple-text).',
    params: {},
    execute: () => contentResult('This is a simple text response for testing.'),
  }),
  defineTool({
    name: 'test_image_content',
    description: 'Returns a 1x1 red PNG as an image content item (conformance: tools-call-image).',
    params: {},
    execute: () => contentResult(imageContent(RED_PIXEL_PNG, 'image/png')),
  }),
  defineTool({
    name: 'test_audio_content',
    description: 'Returns a short silent WAV as an audio content item (conformance: tools-call-audio).',
    params: {},
    execute: () => contentResult(audioContent(silentWav(), 'audio/wav')),
  }),
  defineTool({
    name: 'test_embedded_resource',
    description: 'Returns an embedded text resource (conformance: tools-call-embedded-resource).',
    params: {},
    execute: () => contentResult(embedded()),
  }),
  defineTool({
    name: 'test_multiple_content_types',
    description: 'Returns text, an image and an embedded resource in one result (conformance: tools-call-mixed-content).',
    params: {},
    execute: () =>
      contentResult(
        'Multiple content types test:',
        imageContent(RED_PIXEL_PNG, 'image/png'),
        resourceContent({ uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{"test":"data","value":123}' }),
      ),
  }),
  defineTool({
    name: 'test_tool_with_logging',
    description: 'Logs three messages 50 ms apart while it runs (conformance: tools-call-with-logging).',
    params: {},
    execute: async (_api, _args, ctx) => {
      ctx.log.info('Tool execution started');
      await sleep(50, ctx.signal);
      ctx.log.info('Tool processing data');
      await sleep(50, ctx.signal);
      ctx.log.info('Tool execution completed');
      return contentResult('Tool with logging executed successfully');
    },
  }),
  defineTool({
    name: 'test_tool_with_progress',
    description: 'Reports progress 0, 50 and 100 of 100, 50 ms apart (conformance: tools-call-with-progress).',
    params: {},
    execute: async (_api, _args, ctx) => {
      for (const progress of [0, 50, 100]) {
        ctx.reportProgress({ progress, total: 100, message: `Completed step ${progress / 50 + 1} of 3` });
        if (progress < 100) await sleep(50, ctx.signal);
      }
      return contentResult('Progress test completed');
    },
  }),
  defineTool({
    name: 'test_error_handling',
    description: 'Always fails, to show how a tool error reaches the client (conformance: tools-call-error).',
    params: {},
    execute: () => {
      throw new Error('This tool intentionally returns an error for testing');
    },
  }),
];

export const prompts = [
  definePrompt({
    name: 'test_simple_prompt',
    description: 'A prompt with no arguments (conformance: prompts-get-simple).',
    get: () => 'This is a simple prompt for testing.',
  }),
  definePrompt({
    name: 'test_prompt_with_arguments',
    description: 'A prompt that quotes its two arguments (conformance: prompts-get-with-args).',
    arguments: [
      { name: 'arg1', description: 'First test argument', required: true },
      { name: 'arg2', description: 'Second test argument', required: true },
    ],
    get: ({ arg1, arg2 }) => `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`,
  }),
  definePrompt({
    name: 'test_prompt_with_embedded_resource',
    description: 'A prompt embedding the resource it is given (conformance: prompts-get-embedded-resource).',
    arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
    get: ({ resourceUri }) => [
      {
        role: 'user',
        content: resourceContent({ uri: resourceUri!, mimeType: 'text/plain', text: 'Embedded resource content for testing.' }),
      },
      { role: 'user', content: textContent('Please process the embedded resource above.') },
    ],
  }),
  definePrompt({
    name: 'test_prompt_with_image',
    description: 'A prompt holding an image (conformance: prompts-get-with-image).',
    get: () => [
      { role: 'user', content: imageContent(RED_PIXEL_PNG, 'image/png') },
      { role: 'user', content: textContent('Please analyze the image above.') },
    ],
  }),
];
