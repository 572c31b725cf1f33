import { MockLanguageModelV3 } from 'ai/test';

/** One turn of a scripted model: tool calls (run in parallel within the turn), or a final answer. */
export type ScriptTurn = { calls: { tool: string; args: Record<string, unknown> }[] } | { text: string };

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 0, text: 0, reasoning: undefined },
};

/**
 * A language model that plays a fixed script, for demos and tests with no network: each
 * `generateText` step takes the next turn. When `wrapUp()` returns a text, the model answers
 * with it instead of its next turn (the demo wraps up when a result carries the step warning).
 * After the last turn it answers "Done.". The arguments are sent as JSON text, as a provider would.
 */
export function scriptedModel(turns: readonly ScriptTurn[], wrapUp: () => string | undefined = () => undefined): MockLanguageModelV3 {
  let next = 0;
  let callId = 0;
  return new MockLanguageModelV3({
    provider: 'scripted',
    modelId: 'canvas-demo',
    doGenerate: async () => {
      const early = next > 0 ? wrapUp() : undefined;
      const turn: ScriptTurn = early !== undefined ? { text: early } : (turns[next++] ?? { text: 'Done.' });
      if ('text' in turn) {
        return { content: [{ type: 'text', text: turn.text }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] };
      }
      return {
        content: turn.calls.map((c) => ({
          type: 'tool-call' as const,
          toolCallId: `call_${++callId}`,
          toolName: c.tool,
          input: JSON.stringify(c.args),
        })),
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
}
