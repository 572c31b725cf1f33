// The toolbox the official MCP conformance suite (@modelcontextprotocol/conformance) runs
// against: `agent-tools serve test/conformance/server.ts --http <port>`, driven by
// `npm run conformance` (scripts/conformance.mjs), for the 2025-11-25 and the 2026-07-28
// requirement sets alike. Written as a user would write a toolbox: defineTool, definePrompt,
// defineResource, the content helpers and the call context (ctx.elicit, ctx.sample,
// ctx.listRoots) from the package's public entry; the same code serves both revisions.
import {
  audioContent,
  contentResult,
  definePrompt,
  defineResource,
  defineTool,
  imageContent,
  resourceContent,
  textContent,
  type AnyToolDef,
  type ElicitResult,
  type PromptDef,
  type PromptSource,
  type ToolSource,
} from '../../src/index.js';

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

const BASE_TOOLS: AnyToolDef[] = [
  defineTool({
    name: 'test_simple_text',
    mutates: false,
    description: 'Returns a fixed text content item (conformance: tools-call-simple-text).',
    params: {},
    execute: () => contentResult('This is a simple text response for testing.'),
  }),
  defineTool({
    name: 'test_image_content',
    mutates: false,
    description: 'Returns a 1x1 red PNG as an image content item (conformance: tools-call-image).',
    params: {},
    execute: () => contentResult(imageContent(RED_PIXEL_PNG, 'image/png')),
  }),
  defineTool({
    name: 'test_audio_content',
    mutates: false,
    description: 'Returns a short silent WAV as an audio content item (conformance: tools-call-audio).',
    params: {},
    execute: () => contentResult(audioContent(silentWav(), 'audio/wav')),
  }),
  defineTool({
    name: 'test_embedded_resource',
    mutates: false,
    description: 'Returns an embedded text resource (conformance: tools-call-embedded-resource).',
    params: {},
    execute: () => contentResult(embedded()),
  }),
  defineTool({
    name: 'test_multiple_content_types',
    mutates: false,
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
    mutates: false,
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
    mutates: false,
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
    mutates: false,
    description: 'Always fails, to show how a tool error reaches the client (conformance: tools-call-error).',
    params: {},
    execute: () => {
      throw new Error('This tool intentionally returns an error for testing');
    },
  }),
];

const BASE_PROMPTS: PromptDef[] = [
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

const accepted = (r: ElicitResult) => `action=${r.action}, content=${JSON.stringify(r.content ?? {})}`;
const samplingText = (content: unknown) => {
  const block = Array.isArray(content) ? content[0] : content;
  return (block as { type?: string; text?: string } | undefined)?.type === 'text' ? (block as { text: string }).text : 'no text';
};

/** What the 2025-11-25 set asks: a tool that asks the client's model, and tools that ask the user (form elicitation). */
const ASKING_TOOLS: AnyToolDef[] = [
  defineTool({
    name: 'test_sampling',
    mutates: false,
    description: "Asks the client's model to answer a prompt (conformance: tools-call-sampling).",
    params: { prompt: { type: 'string', description: 'The prompt to send to the model', required: true } },
    execute: async (_api, { prompt }, ctx) => {
      const r = await ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 100 });
      return contentResult(`LLM response: ${samplingText(r.content)}`);
    },
  }),
  defineTool({
    name: 'test_elicitation',
    mutates: false,
    description: 'Asks the user for a response (conformance: tools-call-elicitation).',
    params: { message: { type: 'string', description: 'The message to show the user', required: true } },
    execute: async (_api, { message }, ctx) => {
      const r = await ctx.elicit(message, {
        type: 'object',
        properties: { response: { type: 'string', description: "User's response" } },
        required: ['response'],
      });
      return contentResult(`User response: ${accepted(r)}`);
    },
  }),
  defineTool({
    name: 'test_elicitation_sep1034_defaults',
    mutates: false,
    description: 'Asks the user for a form whose fields all have defaults (conformance: elicitation-sep1034-defaults).',
    params: {},
    execute: async (_api, _args, ctx) => {
      const r = await ctx.elicit('Please review and update the form fields with defaults', {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'User name', default: 'John Doe' },
          age: { type: 'integer', description: 'User age', default: 30 },
          score: { type: 'number', description: 'User score', default: 95.5 },
          status: { type: 'string', description: 'User status', enum: ['active', 'inactive', 'pending'], default: 'active' },
          verified: { type: 'boolean', description: 'Verification status', default: true },
        },
        required: [],
      });
      return contentResult(`Elicitation completed: ${accepted(r)}`);
    },
  }),
  defineTool({
    name: 'test_elicitation_sep1330_enums',
    mutates: false,
    description: 'Asks the user to pick from the five enum forms (conformance: elicitation-sep1330-enums).',
    params: {},
    execute: async (_api, _args, ctx) => {
      const choices = (prefix: string, title: string) =>
        [1, 2, 3].map((i) => ({ const: `${prefix}${i}`, title: `${['First', 'Second', 'Third'][i - 1]} ${title}` }));
      const r = await ctx.elicit('Please select options from the enum fields', {
        type: 'object',
        properties: {
          untitledSingle: { type: 'string', description: 'Select one option', enum: ['option1', 'option2', 'option3'] },
          titledSingle: { type: 'string', description: 'Select one option with titles', oneOf: choices('value', 'Option') },
          legacyEnum: {
            type: 'string',
            description: 'Select one option (legacy)',
            enum: ['opt1', 'opt2', 'opt3'],
            enumNames: ['Option One', 'Option Two', 'Option Three'],
          },
          untitledMulti: {
            type: 'array',
            description: 'Select multiple options',
            minItems: 1,
            maxItems: 3,
            items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
          },
          titledMulti: {
            type: 'array',
            description: 'Select multiple options with titles',
            minItems: 1,
            maxItems: 3,
            items: { anyOf: choices('value', 'Choice') },
          },
        },
        required: [],
      });
      return contentResult(`Elicitation completed: ${accepted(r)}`);
    },
  }),
];

const NAME_FORM = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } as const;
const OK_FORM = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } as const;
const nameOf = (r: ElicitResult) => String(r.content?.name ?? 'nobody');

/**
 * What the 2026-07-28 set asks (SEP-2322, input_required): the same ctx.elicit/sample/listRoots
 * calls; on a 2026 client each becomes an input request the client answers by retrying, and
 * the tool resumes where it waited. `key` names each request as the scenarios expect.
 */
const INPUT_REQUIRED_TOOLS: AnyToolDef[] = [
  defineTool({
    name: 'test_input_required_result_elicitation',
    mutates: false,
    description: 'Asks for a name, then greets (conformance: input-required-result-basic-elicitation and friends).',
    params: {},
    execute: async (_api, _args, ctx) =>
      contentResult(`Hello, ${nameOf(await ctx.elicit('What is your name?', NAME_FORM, { key: 'user_name' }))}!`),
  }),
  defineTool({
    name: 'test_input_required_result_sampling',
    mutates: false,
    description: "Asks the client's model a question (conformance: input-required-result-basic-sampling).",
    params: {},
    execute: async (_api, _args, ctx) => {
      const r = await ctx.sample(
        { messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }], maxTokens: 100 },
        { key: 'capital_question' },
      );
      return contentResult(`Sampling result: ${samplingText(r.content)}`);
    },
  }),
  defineTool({
    name: 'test_input_required_result_list_roots',
    mutates: false,
    description: "Asks for the client's roots (conformance: input-required-result-basic-list-roots).",
    params: {},
    execute: async (_api, _args, ctx) => contentResult(`Found ${(await ctx.listRoots({ key: 'client_roots' })).length} root(s)`),
  }),
  defineTool({
    name: 'test_input_required_result_request_state',
    mutates: false,
    description: 'Asks for a confirmation; the signed requestState carries the call (conformance: input-required-result-request-state).',
    params: {},
    execute: async (_api, _args, ctx) => {
      const r = await ctx.elicit('Please confirm', OK_FORM, { key: 'confirm' });
      return contentResult(r.content?.ok === true ? 'state-ok: requestState validated' : 'not confirmed');
    },
  }),
  defineTool({
    name: 'test_input_required_result_multiple_inputs',
    mutates: false,
    description: 'Asks for a name, a greeting and the roots in one round (conformance: input-required-result-multiple-input-requests).',
    params: {},
    execute: async (_api, _args, ctx) => {
      const [name, greeting, roots] = await Promise.all([
        ctx.elicit('What is your name?', NAME_FORM, { key: 'user_name' }),
        ctx.sample(
          { messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }], maxTokens: 50 },
          { key: 'greeting' },
        ),
        ctx.listRoots({ key: 'client_roots' }),
      ]);
      return contentResult(`Name: ${nameOf(name)}; Greeting: ${samplingText(greeting.content)}; Roots: ${roots.length}`);
    },
  }),
  defineTool({
    name: 'test_input_required_result_multi_round',
    mutates: false,
    description: 'Asks two questions one after the other (conformance: input-required-result-multi-round).',
    params: {},
    execute: async (_api, _args, ctx) => {
      const name = await ctx.elicit('Step 1: What is your name?', NAME_FORM, { key: 'step1' });
      const color = await ctx.elicit(
        'Step 2: What is your favorite color?',
        { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
        { key: 'step2' },
      );
      return contentResult(`Multi-round complete for ${nameOf(name)} who likes ${String(color.content?.color)}`);
    },
  }),
  defineTool({
    name: 'test_input_required_result_tampered_state',
    mutates: false,
    description: 'Asks for a confirmation; a tampered requestState is refused (conformance: input-required-result-tampered-state).',
    params: {},
    execute: async (_api, _args, ctx) => {
      await ctx.elicit('Please confirm', OK_FORM, { key: 'confirm' });
      return contentResult('integrity-ok: state verified');
    },
  }),
  defineTool({
    name: 'test_input_required_result_capabilities',
    mutates: false,
    description: 'Asks only what the client can answer (conformance: input-required-result-capability-check).',
    params: {},
    execute: async (_api, _args, ctx) => {
      // A request the client cannot answer rejects at once with MissingClientCapabilityError: skip it.
      const [value, sample] = await Promise.all([
        ctx
          .elicit(
            'Elicitation input',
            { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] },
            { key: 'elicit_input' },
          )
          .catch(() => undefined),
        ctx
          .sample(
            { messages: [{ role: 'user', content: { type: 'text', text: 'Sample request' } }], maxTokens: 50 },
            { key: 'sample_input' },
          )
          .catch(() => undefined),
      ]);
      const got = [value && 'elicit_input', sample && 'sample_input'].filter(Boolean);
      return contentResult(got.length > 0 ? `capabilities-ok: received ${got.join(',')}` : 'No supported capabilities declared');
    },
  }),
];

/** The diagnostic tools of the 2026 server-stateless scenario (SEP-2575). */
const STATELESS_TOOLS: AnyToolDef[] = [
  defineTool({
    name: 'test_missing_capability',
    mutates: false,
    description: "Needs the client's model: without the sampling capability the call fails with -32021 (conformance: server-stateless).",
    params: {},
    execute: async (_api, _args, ctx) => {
      await ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'Say success' } }], maxTokens: 10 });
      return contentResult('Success');
    },
  }),
  defineTool({
    name: 'test_streaming_elicitation',
    mutates: false,
    description: 'Asks the user mid-call: on 2026 an input_required result, never a request on the stream (conformance: server-stateless).',
    params: {},
    execute: async (_api, _args, ctx) => {
      ctx.reportProgress({ progress: 50, total: 100 });
      const r = await ctx.elicit('Continue?', OK_FORM);
      return contentResult(`Streaming complete: ${accepted(r)}`);
    },
  }),
  defineTool({
    name: 'test_logging_tool',
    mutates: false,
    description: 'Logs one line: a 2026 request without a logLevel gets none (conformance: server-stateless).',
    params: {},
    execute: (_api, _args, ctx) => {
      ctx.log.info('Diagnostic trace logging activated');
      return contentResult('Logging evaluated');
    },
  }),
  defineTool({
    name: 'test_trigger_tool_change',
    mutates: true,
    destructive: false,
    description: 'Adds or removes a tool, so tools/list changes (conformance: server-stateless, list changes).',
    params: {},
    execute: () => {
      extraTool = !extraTool;
      emit(toolListeners);
      return contentResult('Mutation triggered');
    },
  }),
  defineTool({
    name: 'test_trigger_prompt_change',
    mutates: true,
    destructive: false,
    description: 'Adds or removes a prompt, so prompts/list changes (conformance: server-stateless, list changes).',
    params: {},
    execute: () => {
      extraPrompt = !extraPrompt;
      emit(promptListeners);
      return contentResult('Mutation triggered');
    },
  }),
];

const DYNAMIC_TOOL = defineTool({
  name: 'test_dynamic_tool',
  mutates: false,
  description: 'Present while test_trigger_tool_change has switched it on.',
  params: {},
  execute: () => contentResult('dynamic'),
});

const INPUT_REQUIRED_PROMPT = definePrompt({
  name: 'test_input_required_result_prompt',
  description: 'Asks the user for context before it answers (conformance: input-required-result-non-tool-request).',
  get: async (_args, ctx) => {
    const r = await ctx.elicit(
      'What context should the prompt use?',
      { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] },
      { key: 'user_context' },
    );
    return `Prompt with context: ${String(r.content?.context)}`;
  },
});

const DYNAMIC_PROMPT = definePrompt({
  name: 'test_dynamic_prompt',
  description: 'Present while test_trigger_prompt_change has switched it on.',
  get: () => 'dynamic',
});

let extraTool = false;
let extraPrompt = false;
const toolListeners = new Set<() => void>();
const promptListeners = new Set<() => void>();
function emit(listeners: Set<() => void>): void {
  for (const l of listeners) l();
}
const follow = (listeners: Set<() => void>) => (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Every tool, as a live source: the trigger tools change the set while the server runs. */
export const tools: ToolSource = {
  tools: () => [...BASE_TOOLS, ...ASKING_TOOLS, ...INPUT_REQUIRED_TOOLS, ...STATELESS_TOOLS, ...(extraTool ? [DYNAMIC_TOOL] : [])],
  onChange: follow(toolListeners),
};

export const prompts: PromptSource = {
  prompts: () => [...BASE_PROMPTS, INPUT_REQUIRED_PROMPT, ...(extraPrompt ? [DYNAMIC_PROMPT] : [])],
  onChange: follow(promptListeners),
};

const RED_PIXEL_BYTES = Buffer.from(RED_PIXEL_PNG, 'base64');

/** What the resources-* scenarios ask: a text and a binary resource, a template, and a resource to subscribe to. */
export const resources = [
  defineResource({
    uri: 'test://static-text',
    name: 'static-text',
    title: 'Static Text Resource',
    description: 'A static text resource for testing',
    mimeType: 'text/plain',
    read: () => 'This is the content of the static text resource.',
  }),
  defineResource({
    uri: 'test://static-binary',
    name: 'static-binary',
    title: 'Static Binary Resource',
    description: 'A static binary resource (image) for testing',
    mimeType: 'image/png',
    read: () => new Uint8Array(RED_PIXEL_BYTES),
  }),
  defineResource({
    uriTemplate: 'test://template/{id}/data',
    name: 'template',
    title: 'Resource Template',
    description: 'A resource template with parameter substitution',
    mimeType: 'application/json',
    variables: { id: { description: 'The data id', complete: (value) => ['123', '456', '789'].filter((v) => v.startsWith(value)) } },
    read: ({ id }) => JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
  }),
  defineResource({
    uri: 'test://watched-resource',
    name: 'watched-resource',
    title: 'Watched Resource',
    description: 'A resource to subscribe to',
    mimeType: 'text/plain',
    read: () => 'Watched resource content',
  }),
];
