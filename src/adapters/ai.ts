// The AI SDK adapter: toolsToAI turns tools into an AI SDK tool set for whichever major (5, 6, 7) the project installed.
import { VERDICT } from '../runtime/call-verdict.js';
import type { TierChoice } from '../core/tier.js';
import type * as AISDK from 'ai';
import type { StopCondition, ToolSet } from 'ai';
import { importPeerSync } from '../shared/optional-peer.js';
import { assertKnownOptions, ownOption } from '../core/known-options.js';
import { PIPELINE_OPTION_NAMES } from '../runtime/pipeline-options.js';
import { inputSchemaOfTool } from '../core/input-schema.js';
import { outputSchemaOfTool } from '../core/output-schema.js';
import { toStrictInputSchema } from '../core/strict-schema.js';
import { MAX_AI_TOOLS } from '../core/size-limits.js';
import { parseArgs } from '../core/parse-args.js';
import type { AnyToolDef } from '../core/tool.js';
import {
  approvalPolicyList,
  approvalVerdict,
  withToolsApproval,
  type ApprovalDecision,
  type ApprovalVerdict,
} from '../runtime/approval.js';
import { RecentCalls } from '../runtime/recent-calls.js';
import { COPY_MARK, isOtherCopy, twoCopiesText } from '../core/guarded-execute.js';
import { reportHookError } from '../runtime/hook-error.js';
import type { ToolLogEntry } from '../runtime/tool-log.js';
import { runTool, type PipelineOptions } from '../runtime/run-tool.js';
import type { StepBudget } from '../runtime/step-budget.js';
import { createSearchTool } from '../runtime/search-tool.js';
import { assertUniqueNames, currentTools, isRegistry, type ToolsInput } from '../runtime/tool-source.js';
import { SEARCH_TOOLS_NAME } from '../core/search-tools-listing.js';
import {
  AIApprovalState,
  SDK_APPROVED_BY,
  type AIToolApprovalRequest,
  type AIToolApprovalResponse,
  type ToolApprovalSecret,
} from './ai-approval.js';
import { contentModelOutput, isAIContentOutput } from './ai-content.js';
import { aiMajorOf, type AIMajor } from './ai-major.js';

/**
 * The installed `ai` package, loaded as the project's own `import` of it loads it. Not a static
 * import: without `ai` (an optional peer), importing `agent-tools/ai` throws `MissingPeerError`
 * ("agent-tools/ai needs ai: npm install ai") rather than Node's link-time stack. The whole
 * namespace, so the adapter can tell which AI SDK major the user installed (see aiMajorOf).
 */
const ai = importPeerSync<typeof AISDK>('ai', 'agent-tools/ai', 'npm install ai');

/** The major of the `ai` package this module was loaded with: 5, 6 or 7. */
const major: AIMajor = aiMajorOf(ai);

/**
 * An error the model reads as its message alone: ai 7 sends a tool error as `String(error)`,
 * which for a plain Error would put "Error: " in front; ai 5 and 6 send `error.message`. A
 * `tool-error` part logged with `JSON.stringify` shows `{ "message": ... }`, not the `{}` a plain
 * Error gives (its message is not an own enumerable property).
 */
class ModelReadableError extends Error {
  override toString(): string {
    return this.message;
  }

  toJSON(): { message: string } {
    return { message: this.message };
  }
}

/** Named in the error of `ctx.elicit`, `ctx.sample` and `ctx.listRoots`: no MCP client is there to ask. */
const CALLER = 'the AI SDK adapter (toolsToAI)';

export type { AIToolApprovalRequest, AIToolApprovalResponse, ToolApprovalSecret } from './ai-approval.js';

/** ai 5 has no tool approval: a call that needs it is denied, and the model and the ToolLog say how to allow it. */
const ai5Approver = (): ApprovalDecision => ({
  approved: false,
  unavailable: true,
  by: CALLER,
  reason: 'ai 5 has no tool approval, so nobody can be asked',
  hint: 'Pass approve to toolsToAI, allow the tool in the approval policy (approval: { allow: [...] }), or use ai 6 or 7, where generateText stops with a tool-approval-request.',
});

/** What each tool set remembers for {@link toolApprovalResponse}. */
const states = new WeakMap<ToolSet, AIApprovalState>();

/**
 * A tool set's mark of the copy of agent-tools that made it (non-enumerable, so the AI SDK never sees it): another
 * copy handed the set can say why it cannot answer for it instead of calling it foreign.
 */
const TOOL_SET_MARK = Symbol.for('agent-tools.ai-tool-set');

/** Registers `state` for `set` and marks the set as this copy's. */
function keepState(set: ToolSet, state: AIApprovalState): void {
  states.set(set, state);
  Object.defineProperty(set, TOOL_SET_MARK, { value: COPY_MARK });
}

/** The most tools one AI tool set may hold: 128, OpenAI's limit per request (see `MAX_AI_TOOLS` of the core). */
export { MAX_AI_TOOLS } from '../core/size-limits.js';

/**
 * Options of {@link toolsToAI}: the pipeline options (`getApi`, hooks, `getStepBudget`,
 * `snapshot`, `maxResultBytes`, see `PipelineOptions`) plus:
 * - `tier`: for a registry, the tier to include: `'core'` by default (the registry's rule:
 *   core is what the model sees unless asked otherwise), `'extended'` or `'all'`.
 * - `strict`: OpenAI strict mode: every property is listed in `required`, an optional one
 *   accepts `null` (which the pipeline treats as omitted, so its default applies), and a
 *   `default` moves into the description ("Default: 12."), since strict mode does not accept
 *   it: `toStrictInputSchema`, the same form `export --format openai --strict` writes.
 * - `media`: a `contentResult`'s images, audio and binary resources reach the model as
 *   media parts (default true); false when the provider takes no media in tool results:
 *   each becomes a text note.
 * - `approval`, `approve`: the approval policy and an in-process approver (see
 *   `PipelineOptions`). Without `approve`, ai 6 and 7 ask through their own approval round
 *   (`needsApproval` on each tool); ai 5, which has none, denies a call that needs approval.
 */
export interface AIToolsOptions<Api = any> extends PipelineOptions<Api> {
  tier?: TierChoice;
  strict?: boolean;
  media?: boolean;
  /**
   * For a registry: offer its core tier plus one `search_tools` tool, and load the extended tools
   * a search finds, callable from the next step on (see {@link toolsToAI}). `tier` is then ignored.
   */
  toolSearch?: boolean;
  /**
   * The secret `generateText`/`streamText` sign approval requests with (their `experimental_toolApprovalSecret`, ai 6 and 7).
   * An approval in the messages is trusted only for a call the model made in a run with this tool set, approved through
   * `toolApprovalResponse` (the in-process loop), or, with this secret, for a request the SDK signed with it (an
   * approval a chat client sends, built by the AI SDK's UI): give both the same secret to resume a saved
   * conversation, or when a chat's client sends the messages and each request makes its own tool set. Without it, an
   * approval the tool set cannot vouch for is a denial, so one written into the messages by someone else (forged) never runs.
   */
  approvalSecret?: ToolApprovalSecret;
}

/** Every option name of {@link toolsToAI}: another one is a TypeError (`assertKnownOptions`). */
const AI_OPTION_NAMES = {
  ...PIPELINE_OPTION_NAMES,
  tier: true,
  strict: true,
  media: true,
  toolSearch: true,
  approvalSecret: true,
} as const satisfies Record<keyof AIToolsOptions, true>;

/** The strict-mode form of an input schema, as `strict: true` sends it (see {@link AIToolsOptions.strict}). */
export { toStrictInputSchema } from '../core/strict-schema.js';

/**
 * Turns tools into an AI SDK `ToolSet` (ai 5, 6 or 7: whichever the project installed), one entry per tool, keyed by name, with
 * `description`, `title`, `inputSchema: jsonSchema(toInputSchema(params), { validate })`,
 * `outputSchema: jsonSchema(toOutputSchema(output))` for a tool that declares an output (every major),
 * where `validate` is `parseArgs` (strings coerced, defaults filled in), and `execute`
 * running the pipeline (`runTool`) with the call's `abortSignal`.
 *
 * A bad argument comes back to the model as the SDK's tool error, whose text holds the
 * field-by-field message; the rejected call is logged and consumes a step like any other.
 * An error result (a throw, a returned `{ error }`, a spent budget) is raised to the SDK
 * as an Error with the message, so the model receives it as an error it can read.
 * A `contentResult` comes out of execute as `{ type: 'agent-tools/content', content }` and
 * `toModelOutput` gives the model its items (`contentModelOutput`: media or text notes, see `media`).
 * What each major gets: ai 5 has no `title` and no per-tool `strict` (the strict-form schema is
 * still sent; the provider's own option turns strict mode on); ai 6 and 7 get both. Media parts
 * take each major's form (see `AIMajor`).
 *
 * `tools` may be an array, a registry (its `tier`, default core) or a `ToolSource`. For a
 * source the tool set holds the tools visible now: call `toolsToAI(source, options)`
 * again for each request (each `generateText`/`streamText` call) to follow it.
 *
 * With `toolSearch: true` (a registry only), the set offers the core tier and `search_tools`
 * (`SEARCH_TOOLS_LISTING`: `query`, optional `limit`); the extended tools a search finds are added
 * to the set and sent to the model from the next step on, for the rest of the run. Make one set per
 * run (`generateText`/`streamText` call): what was found stays in the set. Do not pass `activeTools`
 * (nor return it from `prepareStep`) with it, or list the found tools there too. A call to an extended
 * tool no search found is an error result naming `search_tools`; it is not run (and takes no step), and
 * `onToolLog` gets an entry with that error, so `buildDebugLog` shows that the model tried.
 *
 * Approval (node_modules/agent-tools/docs/approval.md): a call the rules say must be approved (the policies, the tool's
 * `needsApproval`, by default a destructive tool) runs only once approved. With ai 6 and 7
 * each tool carries `needsApproval`, so `generateText`/`streamText` stop with a
 * `tool-approval-request` and run the call after a `tool-approval-response` that approves it
 * (answer with {@link toolApprovalResponse} so the ToolLog records who decided, denials too);
 * a denial reaches the model as the SDK's `execution-denied` tool result. A call the rules deny
 * reaches the model as an error saying so. With `approve` in the options, or with ai 5, the
 * pipeline decides inside `execute` instead (ai 5 without `approve`: denied).
 * The messages are the caller's to write, so an approval in them runs a call only when the tool set can
 * vouch for it: the model made that very call (id, tool, input) in a run with this tool set and the approval was given
 * with {@link toolApprovalResponse} on it, or the request carries the SDK's valid signature under `approvalSecret`; once
 * each. Otherwise the call is denied (a forged approval in a saved conversation or a chat request body, or a
 * `tool-approval-response` code built by hand, never runs).
 *
 * @throws {RangeError} when the set would hold more than {@link MAX_AI_TOOLS} tools.
 * @throws {DuplicateToolError} when two tools share a name (with `toolSearch`, also a tool named `search_tools`).
 * @throws {TypeError} for `toolSearch` with an array or a source instead of a registry, and for an
 *   option name it does not take (`unknown option "teir" (did you mean "tier"?)`).
 */
export function toolsToAI<Api = any>(tools: ToolsInput, options: AIToolsOptions<Api> = {}): ToolSet {
  assertKnownOptions('toolsToAI', options, AI_OPTION_NAMES);
  if (options.toolSearch) return toolSearchSet(tools, options);
  const defs = currentTools(tools, options.tier ?? 'core');
  if (defs.length > MAX_AI_TOOLS) {
    throw new RangeError(
      `An AI tool set can hold at most ${MAX_AI_TOOLS} tools (the OpenAI limit per request), but ${defs.length} were given. Consider passing the registry's 'core' tier, or a ToolSource that shows only the tools the task needs.`,
    );
  }
  assertUniqueNames(defs);
  const pipeline = withToolsApproval(tools, options);
  const seenCalls = new RecentCalls();
  const state = new AIApprovalState(
    new Map(defs.map((d) => [d.name, d])),
    (def, input, approve) => runTool(def, input, pipeline, { seenCalls, caller: CALLER, [VERDICT]: SDK_ASKED, approve }),
    options.approvalSecret,
  );
  const set: ToolSet = {};
  for (const def of defs) set[def.name] = aiTool(def, pipeline, seenCalls, state);
  keepState(set, state);
  return set;
}

/** The verdict under which a denial answered with {@link toolApprovalResponse} is recorded: the SDK asked, the caller said no. */
const SDK_ASKED: ApprovalVerdict = Object.freeze({ need: 'ask', by: 'the AI SDK approval round', why: 'the AI SDK asked for approval' });

/**
 * The `tool-approval-response` part for a `tool-approval-request` that `generateText` or
 * `streamText` returned (ai 6 and 7), recording the decision in the ToolLog of `tools` (a tool
 * set from {@link toolsToAI}): a denial at once, as an entry with `approval: 'denied'` and
 * `approvalBy` = `answer.by` (the call consumes a step, as on every adapter); an approval when
 * the SDK runs the call, with `approvalBy` = `answer.by`. Put the part in a `tool` message
 * after the response messages and call `generateText` again. It is the one approval given in
 * code that the tool set runs a call for (and that validate and diff read): a hand-built
 * `tool-approval-response` approving a call runs it only when its request carries the AI SDK's
 * signature under `approvalSecret` (a chat client's answer); a hand-built denial works, but
 * leaves no ToolLog entry (the SDK does not call the tool).
 *
 * @param answer `approved`, `reason` (on a denial the model reads it), `by` (who decided; default "the AI SDK caller
 * (tool-approval-response)").
 * @throws {TypeError} when `tools` is not a tool set from `toolsToAI` or names no such tool, and when it is one from
 *   another copy of agent-tools (the same file loaded twice, by `import` and by `require` under tsx), naming both.
 */
export async function toolApprovalResponse(
  tools: ToolSet,
  request: AIToolApprovalRequest,
  answer: { approved: boolean; reason?: string; by?: string },
): Promise<AIToolApprovalResponse> {
  const state = states.get(tools);
  if (!state) {
    const mark: unknown = (tools as Record<symbol, unknown>)[TOOL_SET_MARK];
    if (isOtherCopy(mark))
      throw new TypeError(
        `toolApprovalResponse: the tools were made by toolsToAI of ${twoCopiesText(mark.url, COPY_MARK.url, 'answering for them')}, and only that copy can answer their approval requests. Load one copy in the process: in a CommonJS project run \`npm pkg set type=module\` (or import toolApprovalResponse where the tools are made), and check \`npm ls agent-tools\`.`,
      );
    throw new TypeError('toolApprovalResponse: the tools were not made by toolsToAI');
  }
  const { toolCallId, toolName, input } = request.toolCall;
  const def = state.defs.get(toolName);
  if (!def) throw new TypeError(`toolApprovalResponse: the tool set has no tool "${toolName}"`);
  const by = answer.by ?? SDK_APPROVED_BY;
  if (answer.approved) state.approved(request.approvalId, toolCallId, by);
  else await state.run(def, input, () => ({ approved: false, by, ...(answer.reason ? { reason: answer.reason } : {}) }));
  return {
    type: 'tool-approval-response',
    approvalId: request.approvalId,
    approved: answer.approved,
    ...(answer.reason !== undefined ? { reason: answer.reason } : {}),
  };
}

/** What the tool result becomes for the model: a content result's items, else the AI SDK's own default. */
function modelOutput(output: unknown, media: boolean) {
  if (isAIContentOutput(output)) return contentModelOutput(output.content, media, major);
  return typeof output === 'string'
    ? { type: 'text' as const, value: output }
    : { type: 'json' as const, value: (output ?? null) as never };
}

/**
 * The options a tool of AI SDK `major` takes beyond description, schema and execute. ai 5 has
 * none of them. `inputExamples` (ai 6 and 7) belongs here once a ToolDef declares them.
 */
function toolExtras(def: AnyToolDef, options: AIToolsOptions): { title?: string; strict?: boolean } {
  if (major === 5) return {};
  return { ...(def.title ? { title: def.title } : {}), ...(options.strict ? { strict: true } : {}) };
}

/** `outputSchema` for a tool that declares an output (ai 5, 6 and 7 all take it), its JSON Schema from `toOutputSchema`. */
function outputSchemaOf(def: AnyToolDef): { outputSchema?: ReturnType<typeof ai.jsonSchema<unknown>> } {
  const schema = outputSchemaOfTool(def);
  return schema ? { outputSchema: ai.jsonSchema<unknown>(schema as Parameters<typeof ai.jsonSchema>[0]) } : {};
}

/**
 * The tool set of `toolsToAI(registry, { toolSearch: true })`: the core tier and `search_tools` as
 * ordinary entries; each extended tool as an entry that is there but not enumerable, so the AI SDK
 * neither lists it to the model nor finds it missing: a call to it before a search found it is an
 * error naming `search_tools`. A search makes the extended tools it found ordinary entries of the same
 * object, and every major (5, 6, 7) reads the set's entries again at each step, so the model is sent
 * them from the next step on.
 */
function toolSearchSet(tools: ToolsInput, options: AIToolsOptions): ToolSet {
  if (!isRegistry(tools))
    throw new TypeError(
      'toolsToAI: toolSearch needs a registry (createRegistry({ core, extended })): its core tier is offered, its extended tier found by search_tools',
    );
  const core = tools.core;
  if (core.length + 1 > MAX_AI_TOOLS)
    throw new RangeError(
      `An AI tool set can hold at most ${MAX_AI_TOOLS} tools (the OpenAI limit per request), but the core tier and search_tools are ${core.length + 1}.`,
    );
  const pipeline = withToolsApproval(tools, options);
  const seenCalls = new RecentCalls();
  const set: ToolSet = {};
  const byName = new Map<string, AnyToolDef>(tools.all.map((d) => [d.name, d]));
  const state = new AIApprovalState(
    byName,
    (def, input, approve) => runTool(def, input, pipeline, { seenCalls, caller: CALLER, [VERDICT]: SDK_ASKED, approve }),
    options.approvalSecret,
  );
  keepState(set, state);
  for (const def of core) set[def.name] = aiTool(def, pipeline, seenCalls, state);
  const load = (defs: AnyToolDef[]) => {
    const loaded: string[] = [];
    for (const def of defs) {
      if (Object.keys(set).length >= MAX_AI_TOOLS) break;
      if (!Object.prototype.propertyIsEnumerable.call(set, def.name)) {
        Object.defineProperty(set, def.name, {
          value: aiTool(def, pipeline, seenCalls, state),
          enumerable: true,
          configurable: true,
          writable: true,
        });
      }
      loaded.push(def.name);
    }
    const left = defs.length - loaded.length;
    return `The extended tools found (${loaded.join(', ')}) can be called from your next step on.${left > 0 ? ` ${left} more could not be loaded: the tool set is full (${MAX_AI_TOOLS} tools).` : ''}`;
  };
  const search = createSearchTool(tools, { onFound: load });
  assertUniqueNames([...tools.all, search]);
  byName.set(search.name, search);
  set[search.name] = aiTool(search, pipeline, seenCalls, state);
  for (const def of tools.extended)
    Object.defineProperty(set, def.name, { value: notLoadedTool(def, options), enumerable: false, configurable: true, writable: true });
  return set;
}

/**
 * What an extended tool is until a search finds it: any input is accepted, and the call is an error that names
 * `search_tools`, logged through `onToolLog` as an error entry (the tool did not run: no approval, no step).
 */
function notLoadedTool(def: AnyToolDef, options: AIToolsOptions) {
  return ai.tool<Record<string, unknown>, unknown>({
    description: `Not loaded: find it with ${SEARCH_TOOLS_NAME} first.`,
    inputSchema: ai.jsonSchema<Record<string, unknown>>({ type: 'object' }),
    execute: async (input) => {
      const error = `Tool "${def.name}" is not loaded yet: call ${SEARCH_TOOLS_NAME} with what you want to do first; the tools it finds can be called from the next step on.`;
      const entry: ToolLogEntry = {
        tool: def.name,
        args: input ?? {},
        result: null,
        error,
        timestamp: Date.now(),
        durationMs: 0,
        mutates: def.mutates === true,
      };
      try {
        options.onToolLog?.(entry);
      } catch (err) {
        reportHookError(options.onHookError, 'onToolLog', def.name, err);
      }
      throw new ModelReadableError(error);
    },
  });
}

/**
 * `needsApproval` of a tool (ai 6 and 7, when the options give no `approve`): true when the
 * rules' verdict is `ask`. The verdict is taken once per tool call and remembered, for the
 * SDK's second look (ai 6 asks again before it runs an approved call) and for `execute`.
 * A verdict of `deny` answers false: `execute` then returns the denial the model reads.
 */
function sdkNeedsApproval(def: AnyToolDef, options: AIToolsOptions, state: AIApprovalState) {
  const policies = approvalPolicyList(ownOption(options, 'approval'));
  return async (input: Record<string, unknown>, { toolCallId }: { toolCallId: string }) => {
    let verdict = state.verdict(toolCallId);
    if (!verdict) state.remember(toolCallId, (verdict = await approvalVerdict(def, input, policies, CALLER)));
    return verdict.need === 'ask';
  };
}

function aiTool(def: AnyToolDef, options: AIToolsOptions, seenCalls: RecentCalls, state: AIApprovalState) {
  const base = inputSchemaOfTool(def);
  const schema = options.strict ? toStrictInputSchema(base, def.name) : base;
  const media = options.media !== false;
  const native = major !== 5 && !ownOption(options, 'approve');
  return ai.tool<Record<string, unknown>, unknown>({
    description: def.description,
    ...toolExtras(def, options),
    ...(native
      ? {
          needsApproval: sdkNeedsApproval(def, options, state),
          // Called for the calls the model makes, never for those replayed from the messages: what the tool set can vouch for.
          onInputAvailable: ({ input, toolCallId }: { input: unknown; toolCallId: string }) => state.made(toolCallId, def.name, input),
        }
      : {}),
    inputSchema: ai.jsonSchema<Record<string, unknown>>(schema, {
      validate: async (value) => {
        const parsed = parseArgs(def, value);
        if (parsed.ok) return { success: true, value: parsed.args as Record<string, unknown> };
        // Run the rejected call through the pipeline so it is logged and counted like on every adapter.
        const result = await runTool(def, value, options, { seenCalls, caller: CALLER });
        return { success: false, error: new ModelReadableError(result.isError ? result.error : parsed.error) };
      },
    }),
    ...outputSchemaOf(def),
    execute: async (input, { abortSignal, toolCallId, messages }) => {
      const verdict = state.verdict(toolCallId);
      const result = await runTool(def, input, options, {
        abortSignal,
        seenCalls,
        caller: CALLER,
        ...(verdict ? { [VERDICT]: verdict } : {}),
        approve: native ? state.sdkApprover(toolCallId, def.name, input, messages) : ai5Approver,
      });
      if (result.isError) throw new ModelReadableError(result.error);
      return result.content ? { type: 'agent-tools/content', content: result.content } : result.value;
    },
    // ai 5 calls toModelOutput(output); ai 6 and 7 call it with { output, toolCallId, input }.
    toModelOutput: ((arg: { output: unknown }) => modelOutput(major === 5 ? arg : arg.output, media)) as never,
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
