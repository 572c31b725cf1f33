/** The AI SDK mock model of the installed major, scripted call by call, and the tool results it was sent back. */

import * as ai from 'ai';
import * as aiTest from 'ai/test';
import { aiMajorOf } from '../../src/adapters/ai-major.js';

/** One tool call a scripted model makes: `input` is the JSON text the provider would send. */
export interface ScriptedCall {
  toolName: string;
  input: string;
}

/** The AI SDK major `ai` resolves to here: 6 in the default project, 5, 6 or 7 in the `ai-v*` projects (vitest.config.ts). */
export const AI_MAJOR = aiMajorOf(ai);

/** What the scripted model records of each request: the prompt it was sent. */
interface Recorded {
  doGenerateCalls: { prompt: { role: string; content: unknown }[] }[];
}

// Each major's own mock (ai/test): MockLanguageModelV2 in ai 5, V3 in ai 6, V4 in ai 7, and
// the result shapes of that specification (v2: a finish reason string and flat token counts).
const mocks = aiTest as unknown as Record<string, new (options: { doGenerate: () => Promise<unknown> }) => Recorded>;
const Mock = mocks[`MockLanguageModelV${AI_MAJOR - 3}`]!;
const usage =
  AI_MAJOR === 5
    ? { inputTokens: 10, outputTokens: 5, totalTokens: 15 }
    : {
        inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 5, text: 5, reasoning: undefined },
      };
const finish = (reason: 'stop' | 'tool-calls') =>
  AI_MAJOR === 5 ? reason : { unified: reason, raw: reason === 'stop' ? 'stop' : 'tool_calls' };

/** The mock model of the installed major, typed as ai 6's so `generateText({ model })` accepts it in every project. */
export type ScriptedModel = aiTest.MockLanguageModelV3;

/**
 * A mock model that, on its n-th generate call, makes the tool calls of `steps[n]` (several
 * in one step run in parallel), and answers with text "done" once the script is over.
 * `steps` may also be a function of the step number, for models that never stop.
 */
export function scriptedModel(steps: ScriptedCall[][] | ((step: number) => ScriptedCall[] | undefined)): ScriptedModel {
  let step = 0;
  return new Mock({
    doGenerate: async () => {
      const calls = typeof steps === 'function' ? steps(step) : steps[step];
      const n = step++;
      if (!calls) return { content: [{ type: 'text', text: 'done' }], finishReason: finish('stop'), usage, warnings: [] };
      return {
        content: calls.map((c, i) => ({ type: 'tool-call' as const, toolCallId: `call-${n}-${i}`, toolName: c.toolName, input: c.input })),
        finishReason: finish('tool-calls'),
        usage,
        warnings: [],
      };
    },
  }) as unknown as ScriptedModel;
}

/**
 * A mock model for `streamText` (ai 6 and 7): its first stream makes the tool calls of `calls` (when there are any), every
 * other one streams the text "done".
 */
export function streamedModel(calls: ScriptedCall[]): ScriptedModel {
  let step = 0;
  const part = (chunks: unknown[]) => ({
    stream: ai.simulateReadableStream({ chunks: [{ type: 'stream-start', warnings: [] }, ...chunks] }),
  });
  const text = [
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: 'done' },
    { type: 'text-end', id: 't' },
  ];
  return new (mocks[`MockLanguageModelV${AI_MAJOR - 3}`] as unknown as new (o: { doStream: () => Promise<unknown> }) => Recorded)({
    doStream: async () =>
      step++ === 0 && calls.length > 0
        ? part([
            ...calls.map((c, i) => ({ type: 'tool-call', toolCallId: `stream-${i}`, toolName: c.toolName, input: c.input })),
            { type: 'finish', finishReason: finish('tool-calls'), usage },
          ])
        : part([...text, { type: 'finish', finishReason: finish('stop'), usage }]),
  }) as unknown as ScriptedModel;
}

/** The tool results (or tool errors) the model was sent back, as `{ toolName, type, value }`, from every request after the first. */
export function toolOutputsSeenByModel(model: ScriptedModel): { toolName: string; type: string; value: unknown }[] {
  const seen: { toolName: string; type: string; value: unknown }[] = [];
  const last = model.doGenerateCalls.at(-1);
  for (const message of last?.prompt ?? []) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-result')
        seen.push({ toolName: part.toolName, type: part.output.type, value: 'value' in part.output ? part.output.value : undefined });
    }
  }
  return seen;
}
