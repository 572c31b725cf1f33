/** The execution pipeline: every adapter runs each tool call through `runTool` (budget, parse, approval, execute, log). */

import { VERDICT } from './call-verdict.js';
import { MissingClientCapabilityError } from '../core/client-input.js';
import { isContentResult } from '../core/content.js';
import { checkOutput } from '../core/check-output.js';
import { parseArgs, type ArgIssue } from '../core/parse-args.js';
import { untrustedTool, type ApprovalPolicy } from '../core/approval.js';
import type { AnyToolDef } from '../core/tool.js';
import { executeOf, foreignGuard, twoCopiesText } from '../core/guarded-execute.js';
import {
  approvalPolicyList,
  approvalVerdict,
  settleApproval,
  type ApprovalPolicies,
  type Approver,
  type ApprovalVerdict,
  type DenialKind,
} from './approval.js';
import { CallContextImpl, type CallReportSinks } from './call-context.js';
import { capContent, contentSummary } from './content-caps.js';
import { capText, DEFAULT_MAX_RESULT_BYTES, PartialText, toJsonSafeCopy } from './json-safe.js';
import { affectedIds, deepCopy, unchangedProps } from './snapshot.js';
import type { CallKeys } from './recent-calls.js';
import { SuccessResult } from './success-result.js';
import { budgetSpentMessage, budgetWarning, stepWarningThreshold, type StepBudget } from './step-budget.js';
import { callKey, type ToolLogEntry } from './tool-log.js';
import { messageOf, reportHookError, type AfterExecuteHook, type HookErrorReport } from './hook-error.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { isThenable } from '../util/is-thenable.js';
import { assertOwnOptions, ownOption } from '../core/known-options.js';

/**
 * The options every adapter takes and hands to {@link runTool}.
 *
 * - `getApi()`: the domain API, passed to `execute` (and `snapshot`) as the first argument.
 * - `getStepBudget()`: the budget each call consumes one step of (see `StepBudget`).
 * - `snapshot(api, args, def)`: used for mutating tools that define no `snapshot` themselves.
 * - `maxResultBytes`: the result cap in UTF-8 bytes (default 100 000, see `toJsonSafe`).
 * - `maxContentBytes`: the cap per item of a `contentResult`, in bytes (default 5 000 000,
 *   see `capContent`: an item over it is replaced by a text note).
 * - `onBeforeExecute(def, args)`: before execute (throwing makes the call an error result: nothing ran).
 * - `onAfterExecute(def, args, result)`: after execute, also when it threw (`result` is then
 *   `{ error: message }`); awaited.
 * - `onAffected(ids, def)`: the ids in the result (`id`, `ids`, `results[].id`) of a successful mutating tool.
 * - `onToolLog(entry)`: one entry per call, whatever its outcome.
 * - `onHookError(report)`: a hook that threw after `execute` ran (`onAfterExecute`, the snapshot
 *   after, `onAffected`, `onToolLog`; see `HookErrorReport`). Such a throw never turns the call into
 *   an error result (the change happened: a model told it failed would make it again); the ToolLog
 *   entry keeps the result and records the first one as `hookError`. Without `onHookError` the log
 *   is the only record (the engine never prints); a throwing `onHookError` is ignored.
 * - `approval`: the approval policy (`{ allow, ask, deny }`, tool names or globs), or several,
 *   nearest first: the first that names a tool decides; a tool none names keeps its own rule
 *   (`needsApproval`, default: a destructive tool asks). See node_modules/agent-tools/docs/approval.md.
 * - `approve(request)`: decides the calls that need approval, in this process (a boolean or
 *   `{ approved, by, reason? }`); when given it replaces the adapter's own way of asking (a
 *   client's form, a terminal prompt, the AI SDK's approval request).
 */
export interface PipelineOptions<Api = any> {
  getApi?: () => Api;
  getStepBudget?: () => StepBudget | undefined;
  snapshot?: (api: Api, args: Record<string, unknown>, def: AnyToolDef) => unknown;
  maxResultBytes?: number;
  maxContentBytes?: number;
  onBeforeExecute?: (def: AnyToolDef, args: Record<string, unknown>) => unknown;
  onAfterExecute?: (def: AnyToolDef, args: Record<string, unknown>, result: unknown) => unknown;
  onAffected?: (ids: (string | number)[], def: AnyToolDef) => void;
  onToolLog?: (entry: ToolLogEntry) => void;
  onHookError?: (report: HookErrorReport) => void;
  approval?: ApprovalPolicies;
  approve?: Approver;
}

/**
 * What an adapter gives {@link runTool} for one call: the abort signal handed to `execute`
 * (as `ctx.signal`), the earlier call keys (for `isDuplicate`; a `RecentCalls` or a `Set`), and where the tool's
 * `ctx.reportProgress` and `ctx.log` reports go (`onProgress`, `onLog`; a throwing sink is
 * ignored), and `ask`, how the call reaches its client (`ctx.elicit`, `ctx.sample`,
 * `ctx.listRoots`; the pipeline itself may ask through it before `execute`, for example to
 * confirm a destructive call). See `ToolCallContext` for what the tool sees.
 * `approve` is the adapter's way of asking for approval (used when the options give none).
 * An adapter of this package may also hand over the approval rules' verdict it already took for
 * the call, under the {@link VERDICT} key that is not exported; a public caller has no way to
 * hand one over, so it cannot skip approval by saying the rules were asked.
 */
export interface CallContext extends CallReportSinks {
  abortSignal?: AbortSignal;
  seenCalls?: CallKeys;
  approve?: Approver;
  /** @internal The verdict an adapter of this package already took for the call (see `VERDICT`). */
  [VERDICT]?: ApprovalVerdict;
}

/**
 * A tool result as every adapter receives it. A success holds the JSON-safe `value` and its
 * JSON text (`json`, written on first read: a getter of `SuccessResult`, so object spread
 * leaves it out); an error holds the message for the model (and `issues` for bad arguments, or with `invalidResult`
 * for a result that breaks the tool's output schema, paths then JSON paths such as `$.id`).
 * For a `contentResult`, `content` holds the items (capped) and `value` their summary
 * (`contentSummary`: binary items as `{ type, mimeType, bytes }`). `missingCapability` is set
 * when the call failed because the client lacks a capability the tool asked for (an uncaught
 * `MissingClientCapabilityError`), so the MCP adapter can answer as the client's revision says.
 * `denied` is set when the call did not run for want of approval (see `DenialKind`; the command
 * line exits 2 for `unavailable`).
 */
export type ToolResult =
  | SuccessResult
  | {
      isError: true;
      error: string;
      issues?: ArgIssue[];
      invalidResult?: true;
      missingCapability?: MissingClientCapabilityError['capability'];
      denied?: DenialKind;
    };

const NO_POLICIES: readonly ApprovalPolicy[] = [];
const policyLists = new WeakMap<object, readonly ApprovalPolicy[]>();

/** The options' policies as a checked list, built once per `approval` value. @throws {TypeError} for a malformed policy. */
function policiesOf(approval: ApprovalPolicies | undefined): readonly ApprovalPolicy[] {
  if (approval === undefined) return NO_POLICIES;
  let list = policyLists.get(approval);
  if (!list) policyLists.set(approval, (list = approvalPolicyList(approval)));
  return list;
}

function withWarning(value: unknown, warning: string): unknown {
  return isPlainObject(value) ? { ...value, _warning: warning } : { result: value, _warning: warning };
}

/** The snapshot function of a mutating tool: its own `snapshot`, else the options' one, else none. */
function snapshotOf(def: AnyToolDef, options: PipelineOptions, api: unknown): ((a: Record<string, unknown>) => unknown) | undefined {
  if (def.snapshot) return (a) => def.snapshot!(api, a);
  if (options.snapshot) return (a) => options.snapshot!(api, a, def);
  return undefined;
}

/** Completes the log entry of a call and hands it to `onToolLog` (a throwing logger is ignored). */
function finish(
  result: ToolResult,
  entry: ToolLogEntry,
  started: number,
  ctx: CallContextImpl | undefined,
  options: PipelineOptions,
): ToolResult {
  entry.durationMs = performance.now() - started;
  if (result.isError) result.error = capText(result.error, options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES);
  if (ctx) {
    ctx.close();
    if (ctx.progressCount > 0) entry.progressCount = ctx.progressCount;
    if (ctx.logs) entry.logs = ctx.logs;
  }
  if (result.isError) entry.error = result.error;
  else {
    entry.result = result.value;
    if (result.truncated) entry.truncated = result.truncated;
  }
  try {
    options.onToolLog?.(entry);
  } catch (err) {
    // a failing logger must not change the tool result; the host hears of it through onHookError
    reportHookError(options.onHookError, 'onToolLog', entry.tool, err);
  }
  return result;
}

/**
 * The arguments of a call as text, to tell whether a hook changed them: JSON, with a bigint as its digits and `n`;
 * `undefined` for arguments JSON cannot write (a cycle), which then count as changed by any hook.
 */
function argsFingerprint(args: Record<string, unknown>): string | undefined {
  try {
    return JSON.stringify(args, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
  } catch {
    return undefined;
  }
}

/**
 * THE execution pipeline: runs one tool call for any adapter; adapters never call
 * `execute` themselves. In order: consume a step (none left: an error result, not
 * executed); `parseArgs` (failure: an error result with the field-by-field message and
 * `issues`); approval (the policies, the tool's `needsApproval`, the destructive default;
 * a call that needs it is decided by `options.approve`, else by the adapter's `call.approve`,
 * else denied: a denial is an error result, `execute` never runs, and the ToolLog entry
 * records `approval` and `approvalBy`); `onBeforeExecute` (one that changes the arguments of a call that needed approval,
 * or so that it now would, makes it an error result: nothing runs with arguments its approval did not see); snapshot
 * before (mutating tools); `execute(api, args, ctx)` (a `ToolCallContext` whose reports go to `call.onProgress`/
 * `call.onLog`); `onAfterExecute` (also after a throw); snapshot after; a thrown error or a returned
 * `{ error: string }` becomes an error result (so does `{ error: PartialText }`, cut once and marked with the size of the
 * whole text; a throw before `execute`, in `getApi`,
 * `onBeforeExecute` or the snapshot before, too: nothing ran; a throw after it, in
 * `onAfterExecute`, the snapshot after, `onAffected` or `onToolLog`, does not change the result:
 * it is the entry's `hookError` and goes to `onHookError`); `toJsonSafe` with the cap; for a tool
 * with a declared `output`, `checkOutput` (a result that breaks it, is cut by the cap or is a
 * `contentResult` becomes an error result naming the JSON path and what was expected);
 * `_warning` when {@link stepWarningThreshold} of the budget's max or fewer steps remain (a non-object result
 * is wrapped as `{ result, _warning }`); `onAffected`; `onToolLog`. A `contentResult` skips
 * `toJsonSafe`: its items are capped one by one (`maxContentBytes`) and the warning is a
 * last text item.
 *
 * Hooks, snapshots and `execute` are awaited only when they return a promise (or another
 * thenable); a synchronous tool with synchronous hooks runs without a microtask in between.
 *
 * Never throws and never rejects: every failure before or in `execute`, including a throwing
 * before-hook and options that inherit from another object (`__proto__: {...}`, whose `approval` or
 * `approve` the call does not show; see `assertOwnOptions`), is an error result; a hook that throws after
 * `execute` ran is recorded, not raised.
 */
export async function runTool(
  def: AnyToolDef,
  rawArgs: unknown,
  options: PipelineOptions = {},
  call: CallContext = {},
): Promise<ToolResult> {
  const timestamp = Date.now();
  const started = performance.now();
  const mutates = def.mutates === true;
  const entry: ToolLogEntry = { tool: def.name, args: rawArgs ?? {}, result: null, timestamp, durationMs: 0, mutates };
  /** A call the pipeline refuses before anything runs: denied by `by`, for `error`. */
  const refuse = (by: string, error: string, logTo: PipelineOptions = options) => {
    entry.approval = 'denied';
    entry.approvalBy = by;
    return finish(
      { isError: true, error: `Tool "${String(def.name)}" did not run: ${error}`, denied: 'error' },
      entry,
      started,
      undefined,
      logTo,
    );
  };
  try {
    assertOwnOptions('runTool', options);
  } catch (err) {
    // logged through the options' own keys only: an inherited onToolLog is not the host's either
    return refuse('the pipeline (options that inherit from another object)', messageOf(err), { ...options });
  }

  let budget: StepBudget | undefined;
  try {
    budget = options.getStepBudget?.();
  } catch (err) {
    return finish({ isError: true, error: `Could not read the step budget: ${messageOf(err)}` }, entry, started, undefined, options);
  }
  if (budget && !budget.consume()) return finish({ isError: true, error: budgetSpentMessage(budget) }, entry, started, undefined, options);

  const untrusted = untrustedTool(def);
  if (untrusted !== undefined)
    return refuse(
      'the pipeline (not a defined tool)',
      `${untrusted}; pass the tool defineTool returned, and wrap it inside its execute or in the hooks.`,
    );
  const foreign = foreignGuard(def);
  if (foreign !== undefined) {
    const error = `it was defined by ${twoCopiesText(foreign.definedBy, foreign.runBy, 'running it')}, and only the copy that defined a tool that asks for approval runs its code. Load one copy in the process: import agent-tools by its package name everywhere (import, not require, in ESM projects), and check \`npm ls agent-tools\`.`;
    return refuse('the pipeline (another copy of agent-tools)', error);
  }
  const parsed = parseArgs(def, rawArgs);
  if (!parsed.ok) return finish({ isError: true, error: parsed.error, issues: parsed.issues }, entry, started, undefined, options);
  const args = parsed.args as Record<string, unknown>;
  entry.args = args;
  if (call.seenCalls) {
    const key = callKey(def.name, args);
    if (call.seenCalls.has(key)) entry.isDuplicate = true;
    call.seenCalls.add(key);
  }

  const caller = call.caller ?? 'runTool';
  let verdict: ApprovalVerdict | Promise<ApprovalVerdict>;
  try {
    verdict = call[VERDICT] ?? approvalVerdict(def, args, policiesOf(ownOption(options, 'approval')), caller);
  } catch (err) {
    return refuse('the approval policy (malformed)', messageOf(err));
  }
  if (isThenable(verdict)) verdict = await verdict;
  if (verdict.need === 'none') {
    entry.approval = 'not-needed';
    entry.approvalBy = verdict.by;
  } else {
    const signal = call.abortSignal ?? new AbortController().signal;
    const settled = await settleApproval(def, args, verdict, ownOption(options, 'approve') ?? ownOption(call, 'approve'), signal, caller);
    entry.approval = settled.outcome;
    entry.approvalBy = settled.by;
    if (settled.denied)
      return finish({ isError: true, error: settled.message!, denied: settled.denied }, entry, started, undefined, options);
  }

  let ctx: CallContextImpl | undefined;
  let raw: unknown;
  let failure: string | undefined;
  let missing: MissingClientCapabilityError | undefined;
  let api: unknown;
  let snap: ((a: Record<string, unknown>) => unknown) | undefined;
  try {
    api = options.getApi?.();
    snap = mutates ? snapshotOf(def, options, api) : undefined;
    if (options.onBeforeExecute) {
      const decided = argsFingerprint(args);
      const before = options.onBeforeExecute(def, args);
      if (isThenable(before)) await before;
      if (decided === undefined || argsFingerprint(args) !== decided) {
        // approval was decided on the arguments before the hook: a call runs only with arguments its approval saw
        let again = approvalVerdict(def, args, policiesOf(ownOption(options, 'approval')), caller);
        if (isThenable(again)) again = await again;
        if (entry.approval !== 'not-needed' || again.need !== 'none')
          return refuse(
            'onBeforeExecute',
            'an onBeforeExecute hook changed its arguments after its approval was decided on them; change arguments before approval (in the tool, or in the adapter input) so the approval sees what runs',
          );
      }
    }
    if (snap) {
      const before = snap(args);
      entry.nodeBefore = deepCopy(isThenable(before) ? await before : before);
    }
  } catch (err) {
    // nothing ran: the call is an error result
    const capability = err instanceof MissingClientCapabilityError ? { missingCapability: err.capability } : {};
    return finish({ isError: true, error: messageOf(err), ...capability }, entry, started, undefined, options);
  }
  const hookFailed = (hook: AfterExecuteHook, err: unknown) => {
    entry.hookError ??= { hook, message: messageOf(err) };
    reportHookError(options.onHookError, hook, def.name, err);
  };
  try {
    ctx = new CallContextImpl(call.abortSignal, call);
    raw = executeOf(def).call(def, api, args, ctx);
    if (isThenable(raw)) raw = await raw;
  } catch (err) {
    failure = messageOf(err);
    if (err instanceof MissingClientCapabilityError) missing = err;
  }
  if (options.onAfterExecute) {
    try {
      const after = options.onAfterExecute(def, args, failure === undefined ? raw : { error: failure });
      if (isThenable(after)) await after;
    } catch (err) {
      hookFailed('onAfterExecute', err);
    }
  }
  // a returned `{ error }` is a failure; a PartialText error (only its ends kept) is cut once, marked with its whole size
  const said = failure === undefined && raw && typeof raw === 'object' ? (raw as { error?: unknown }).error : undefined;
  if (typeof said === 'string') failure = said;
  else if (said instanceof PartialText) failure = capText(said, options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES);
  if (snap) {
    try {
      const after = snap(args);
      entry.nodeAfter = deepCopy(isThenable(after) ? await after : after);
      if (failure === undefined) entry.unchangedProps = unchangedProps(args, entry.nodeBefore, entry.nodeAfter);
    } catch (err) {
      hookFailed('snapshot', err);
    }
  }
  if (failure !== undefined)
    return finish(
      { isError: true, error: failure, ...(missing ? { missingCapability: missing.capability } : {}) },
      entry,
      started,
      ctx,
      options,
    );
  if (isContentResult(raw) && def.output !== undefined) {
    const error = `Invalid result from tool "${def.name}": it returned content items, but it declares an output (MCP clients need structuredContent that matches its output schema); return the declared object instead`;
    return finish({ isError: true, error }, entry, started, ctx, options);
  }
  if (isContentResult(raw)) {
    const { content } = capContent(raw.content, options.maxContentBytes);
    if (budget && budget.remaining <= stepWarningThreshold(budget.max))
      content.push({ type: 'text', text: budgetWarning(budget.remaining) });
    const value = contentSummary(content);
    return finish(new SuccessResult(value, undefined, undefined, content), entry, started, ctx, options);
  }

  const safe = toJsonSafeCopy(raw, options.maxResultBytes);
  if (!safe.ok) return finish({ isError: true, error: safe.error }, entry, started, ctx, options);
  if (def.output !== undefined) {
    if (safe.truncated) {
      const { originalBytes } = safe.truncated;
      const error = `The result of tool "${def.name}" is ${originalBytes} UTF-8 bytes, over the result cap of ${options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES}; a tool with a declared output must return it whole (return less, or raise maxResultBytes)`;
      return finish({ isError: true, error }, entry, started, ctx, options);
    }
    const checked = checkOutput(def, safe.value);
    if (!checked.ok)
      return finish({ isError: true, error: checked.error, issues: checked.issues, invalidResult: true }, entry, started, ctx, options);
    if (checked.value !== safe.value) {
      safe.value = checked.value;
      safe.json = JSON.stringify(checked.value);
    }
  }
  const remaining = budget ? budget.remaining : Infinity;
  const warned = budget !== undefined && remaining <= stepWarningThreshold(budget.max);
  const result = new SuccessResult(
    warned ? withWarning(safe.value, budgetWarning(remaining)) : safe.value,
    warned ? undefined : safe.json,
    safe.truncated,
  );
  if (mutates) {
    const ids = affectedIds(safe.value);
    try {
      if (ids.length > 0) options.onAffected?.(ids, def);
    } catch (err) {
      hookFailed('onAffected', err);
    }
  }
  return finish(result, entry, started, ctx, options);
}
