import { jsonSchema, tool, type StopCondition, type ToolSet } from 'ai';
import { inputSchemaOfTool, type InputSchema } from '../core/input-schema.js';
import { parseArgs } from '../core/parse-args.js';
import type { AnyToolDef } from '../core/tool.js';
import { RecentCalls } from '../runtime/recent-calls.js';
import { runTool, type PipelineOptions } from '../runtime/run-tool.js';
import type { StepBudget } from '../runtime/step-budget.js';
import { assertUniqueNames, currentTools, type ToolsInput } from '../runtime/tool-source.js';
import { contentModelOutput, isAIContentOutput } from './ai-content.js';

/**
 * The most tools one AI tool set may hold: OpenAI rejects a request with more than 128
 * tools, and the other providers degrade long before that.
 */
export const MAX_AI_TOOLS = 128;

/**
 * Options of {@link toolsToAI}: the pipeline options (`getApi`, hooks, `getStepBudget`,
 * `snapshot`, `maxResultBytes`, see `PipelineOptions`) plus:
 * - `tier`: for a registry, the tier to include: `'core'` by default (the registry's rule:
 *   core is what the model sees unless asked otherwise), `'extended'` or `'all'`.
 * - `strict`: OpenAI strict mode: every property is listed in `required`, an optional one
 *   accepts `null` (which the pipeline treats as omitted, so its default applies), and
 *   `default` is left out of the schema (strict mode does not accept it).
 * - `media`: a `contentResult`'s images, audio and binary resources reach the model as
 *   media parts (default true); false when the provider takes no media in tool results:
 *   each becomes a text note.
 */
export interface AIToolsOptions<Api = any> extends PipelineOptions<Api> {
  tier?: 'core' | 'extended' | 'all';
  strict?: boolean;
  media?: boolean;
}

/** The strict-mode form of an input schema (see {@link AIToolsOptions.strict}); derived from `toInputSchema`, never built apart from it. */
export function toStrictInputSchema(schema: InputSchema): Record<string, unknown> {
  const required = new Set(schema.required ?? []);
  const properties: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(schema.properties)) {
    const { default: _omitted, ...rest } = prop;
    properties[name] = required.has(name)
      ? rest
      : { ...rest, type: [rest.type, 'null'], ...(rest.enum ? { enum: [...rest.enum, null] } : {}) };
  }
  return { type: 'object', properties, required: Object.keys(schema.properties), additionalProperties: false };
}

/**
 * Turns tools into an AI SDK (ai@6) `ToolSet`: one entry per tool, keyed by name, with
 * `description`, `title`, `inputSchema: jsonSchema(toInputSchema(params), { validate })`
 * where `validate` is `parseArgs` (strings coerced, defaults filled in), and `execute`
 * running the pipeline (`runTool`) with the call's `abortSignal`.
 *
 * A bad argument comes back to the model as the SDK's tool error, whose text holds the
 * field-by-field message; the rejected call is logged and consumes a step like any other.
 * An error result (a throw, a returned `{ error }`, a spent budget) is raised to the SDK
 * as an Error with the message, so the model receives it as an error it can read.
 * A `contentResult` comes out of execute as `{ type: 'agent-tools/content', content }` and
 * `toModelOutput` gives the model its items (`contentModelOutput`: media or text notes, see `media`).
 *
 * `tools` may be an array, a registry (its `tier`, default core) or a `ToolSource`. For a
 * source the tool set holds the tools visible now: call `toolsToAI(source, options)`
 * again for each request (each `generateText`/`streamText` call) to follow it.
 *
 * @throws {RangeError} when the set would hold more than {@link MAX_AI_TOOLS} tools.
 * @throws {DuplicateToolError} when two tools share a name.
 */
export function toolsToAI<Api = any>(tools: ToolsInput, options: AIToolsOptions<Api> = {}): ToolSet {
  const defs = currentTools(tools, options.tier ?? 'core');
  if (defs.length > MAX_AI_TOOLS) {
    throw new RangeError(
      `An AI tool set can hold at most ${MAX_AI_TOOLS} tools (the OpenAI limit per request), but ${defs.length} were given. Consider passing the registry's 'core' tier, or a ToolSource that shows only the tools the task needs.`,
    );
  }
  assertUniqueNames(defs);
  const seenCalls = new RecentCalls();
  const set: ToolSet = {};
  for (const def of defs) set[def.name] = aiTool(def, options, seenCalls);
  return set;
}

function aiTool(def: AnyToolDef, options: AIToolsOptions, seenCalls: RecentCalls) {
  const base = inputSchemaOfTool(def);
  const schema = options.strict ? toStrictInputSchema(base) : base;
  return tool<Record<string, unknown>, unknown>({
    description: def.description,
    ...(def.title ? { title: def.title } : {}),
    ...(options.strict ? { strict: true } : {}),
    inputSchema: jsonSchema<Record<string, unknown>>(schema as Parameters<typeof jsonSchema>[0], {
      validate: async (value) => {
        const parsed = parseArgs(def, value);
        if (parsed.ok) return { success: true, value: parsed.args as Record<string, unknown> };
        // Run the rejected call through the pipeline so it is logged and counted like on every adapter.
        const result = await runTool(def, value, options, { seenCalls });
        return { success: false, error: new Error(result.isError ? result.error : parsed.error) };
      },
    }),
    execute: async (input, { abortSignal }) => {
      const result = await runTool(def, input, options, { abortSignal, seenCalls });
      if (result.isError) throw new Error(result.error);
      return result.content ? { type: 'agent-tools/content', content: result.content } : result.value;
    },
    toModelOutput: ({ output }) => {
      if (isAIContentOutput(output)) return contentModelOutput(output.content, options.media !== false);
      // the AI SDK's own default for every other result
      return typeof output === 'string' ? { type: 'text', value: output } : { type: 'json', value: (output ?? null) as never };
    },
  });
}

/**
 * A stop condition for `generateText({ stopWhen })` / `streamText`: stops the loop once
 * `budget` has no step left. It may be combined with others (`stopWhen: [stepCountIs(20),
 * stepBudgetStopWhen(budget)]`); whatever stops first wins, and the pipeline never runs
 * more tool calls than the budget even without it.
 */
export function stepBudgetStopWhen(budget: StepBudget | (() => StepBudget)): StopCondition<any> {
  return () => (typeof budget === 'function' ? budget() : budget).remaining <= 0;
}
