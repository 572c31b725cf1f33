import { MockLanguageModelV3 } from 'ai/test';

/** One tool call a scripted model makes: `input` is the JSON text the provider would send. */
export interface ScriptedCall {
  toolName: string;
  input: string;
}

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/**
 * A mock model that, on its n-th generate call, makes the tool calls of `steps[n]` (several
 * in one step run in parallel), and answers with text "done" once the script is over.
 * `steps` may also be a function of the step number, for models that never stop.
 */
export function scriptedModel(steps: ScriptedCall[][] | ((step: number) => ScriptedCall[] | undefined)): MockLanguageModelV3 {
  let step = 0;
  return new MockLanguageModelV3({
    doGenerate: async () => {
      const calls = typeof steps === 'function' ? steps(step) : steps[step];
      const n = step++;
      if (!calls) return { content: [{ type: 'text', text: 'done' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
      return {
        content: calls.map((c, i) => ({ type: 'tool-call' as const, toolCallId: `call-${n}-${i}`, toolName: c.toolName, input: c.input })),
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage,
        warnings: [],
      };
    },
  });
}

/** The tool results (or tool errors) the model was sent back, as `{ toolName, type, value }`, from every request after the first. */
export function toolOutputsSeenByModel(model: MockLanguageModelV3): { toolName: string; type: string; value: unknown }[] {
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
