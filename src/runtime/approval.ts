/** The approval step of the pipeline: policies matched by name or glob, verdicts, approvers and their decisions. */

import { approvalListMatcher } from '../core/approval-match.js';
import { approvalSource, assertApprovalPolicyKeys, destructiveReason, isDestructive, type ApprovalPolicy } from '../core/approval.js';
import type { AnyToolDef } from '../core/tool.js';
import { executeOwner } from '../core/guarded-execute.js';
import { ownOption } from '../core/known-options.js';
import { isThenable } from '../util/is-thenable.js';
import { isRegistry, type ToolsInput } from './tool-source.js';

/** What the pipeline records in the ToolLog for a call that reached the approval step. */
export type ApprovalOutcome = 'approved' | 'denied' | 'not-needed';

/** One policy, or several with the nearest first (an adapter's, then its registry's): the first that names the tool decides. */
export type ApprovalPolicies = ApprovalPolicy | readonly (ApprovalPolicy | undefined)[];

/**
 * What the rules say of one call, before anyone is asked:
 * - `none`: no approval needed (the tool's own rule); `allow`: a policy approves it;
 * - `ask`: an approver must decide (`why` says which rule asked);
 * - `deny`: a policy denies it, or the tool's `needsApproval` failed (`error`).
 * `by` names the rule, for the ToolLog.
 */
export interface ApprovalVerdict {
  need: 'none' | 'allow' | 'ask' | 'deny';
  by: string;
  why?: string;
  error?: string;
}

/** A call waiting for approval, as an approver sees it: the tool, its parsed args, the rule that asks, the call's signal. */
export interface ApprovalRequest {
  tool: AnyToolDef;
  args: Record<string, unknown>;
  why: string;
  signal: AbortSignal;
}

/**
 * An approver's answer: `approved`, and `by`, who or what decided (a person, a client, a
 * flag), recorded in the ToolLog. `reason` is shown to the model on a denial. `unavailable`:
 * nobody could be asked (no terminal, a client without elicitation); `reason` then says why
 * and `hint` how to grant approval another way.
 */
export interface ApprovalDecision {
  approved: boolean;
  by: string;
  reason?: string;
  unavailable?: boolean;
  hint?: string;
}

/**
 * Decides a call that needs approval. A boolean is read as `{ approved, by: 'the approve
 * option' }`; a throw or rejection is a denial with the error in the ToolLog.
 */
export type Approver = (request: ApprovalRequest) => boolean | ApprovalDecision | Promise<boolean | ApprovalDecision>;

/** How a call was denied: by a policy, by whoever was asked, because nobody could be asked, or because a check failed. */
export type DenialKind = 'policy' | 'person' | 'unavailable' | 'error';

/** What the approval step settled for one call. */
export interface ApprovalSettled {
  outcome: ApprovalOutcome;
  by: string;
  /** For a denial: its kind and the message the model reads. */
  denied?: DenialKind;
  message?: string;
}

interface CompiledPolicy {
  deny: (name: string) => string | undefined;
  ask: (name: string) => string | undefined;
  allow: (name: string) => string | undefined;
}

const compiled = new WeakMap<ApprovalPolicy, CompiledPolicy>();

/**
 * Checks a policy and compiles its globs (once per policy object).
 * @throws {TypeError} for a list that is not an array of non-empty strings, naming it (`approval.allow[2]`), or a key
 *   other than allow, ask and deny (`approval: unknown option "deyn" (did you mean "deny"?)`).
 */
export function compileApprovalPolicy(policy: ApprovalPolicy): CompiledPolicy {
  let c = compiled.get(policy);
  if (!c) {
    if (typeof policy !== 'object' || policy === null) throw new TypeError('approval: expected { allow?, ask?, deny? }');
    assertApprovalPolicyKeys(policy);
    c = {
      deny: approvalListMatcher(policy.deny, 'deny'),
      ask: approvalListMatcher(policy.ask, 'ask'),
      allow: approvalListMatcher(policy.allow, 'allow'),
    };
    compiled.set(policy, c);
  }
  return c;
}

/** The policies to consult, nearest first, each checked and compiled. @throws {TypeError} as {@link compileApprovalPolicy}. */
export function approvalPolicyList(policies: ApprovalPolicies | undefined): ApprovalPolicy[] {
  if (policies === undefined) return [];
  const list = (Array.isArray(policies) ? policies : [policies]).filter((p): p is ApprovalPolicy => p !== undefined);
  for (const p of list) compileApprovalPolicy(p);
  return list;
}

const NONE_DEFAULT: ApprovalVerdict = Object.freeze({ need: 'none', by: 'the default (not destructive)' });
/** A tool that leaves `mutates` out: not read-only, so destructive (the MCP spec's defaults; `isReadOnly`). */
const ASK_UNDECLARED: ApprovalVerdict = Object.freeze({
  need: 'ask',
  by: 'the default (a destructive tool asks first)',
  why: 'it does not say whether it changes anything (no mutates), so it counts as destructive (the MCP default)',
});
const NONE_TOOL: ApprovalVerdict = Object.freeze({ need: 'none', by: "the tool's needsApproval" });
const ASK_DEFAULT: ApprovalVerdict = Object.freeze({
  need: 'ask',
  by: 'the default (a destructive tool asks first)',
  why: 'it is destructive: it mutates and does not say destructive: false',
});
/** A tool its author marked destructive (a skill's tool says why with `setDestructiveReason`). */
const ASK_DECLARED: ApprovalVerdict = Object.freeze({
  need: 'ask',
  by: 'the default (a destructive tool asks first)',
  why: 'it is marked destructive (destructive: true)',
});
const ASK_TOOL: ApprovalVerdict = Object.freeze({ need: 'ask', by: "the tool's needsApproval", why: 'its needsApproval asks for it' });

function policyVerdict(policy: ApprovalPolicy, name: string): ApprovalVerdict | undefined {
  const c = compileApprovalPolicy(policy);
  const denied = c.deny(name);
  if (denied !== undefined) return { need: 'deny', by: `the approval policy (deny: ${JSON.stringify(denied)})` };
  const asked = c.ask(name);
  if (asked !== undefined)
    return {
      need: 'ask',
      by: `the approval policy (ask: ${JSON.stringify(asked)})`,
      why: `the approval policy asks for it (ask: ${JSON.stringify(asked)})`,
    };
  const allowed = c.allow(name);
  if (allowed !== undefined) return { need: 'allow', by: `the approval policy (allow: ${JSON.stringify(allowed)})` };
  return undefined;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

function failed(err: unknown): ApprovalVerdict {
  return { need: 'deny', by: "the tool's needsApproval (it threw)", error: messageOf(err) };
}

/**
 * The default when no policy names the tool and it has no `needsApproval`: no approval for a tool
 * that is not destructive (`isDestructive`), else ask, saying why: the reason a skill recorded
 * (`destructiveReason`), marked destructive, mutating without `destructive: false`, or silent
 * about `mutates` (destructive by the MCP default).
 */
function defaultVerdict(def: AnyToolDef): ApprovalVerdict {
  if (!isDestructive(def)) return NONE_DEFAULT;
  const reason = destructiveReason(def);
  if (reason !== undefined) return { ...ASK_DEFAULT, why: `it is destructive: ${reason}` };
  if (def.destructive === true) return ASK_DECLARED;
  return def.mutates === undefined ? ASK_UNDECLARED : ASK_DEFAULT;
}

/** Anything but an explicit `false` asks (the safe side: a function that forgets to return asks). */
const fromAnswer = (answer: unknown): ApprovalVerdict => (answer === false ? NONE_TOOL : ASK_TOOL);

/**
 * The rules' verdict on one call: the policies, nearest first (the first that names the tool
 * decides; within one, deny over ask over allow); else the tool's `needsApproval` (a boolean,
 * or a function of `args`: anything but `false` asks, a throw or rejection denies); else the
 * default, which asks for a destructive tool (`isDestructive`: also one that leaves `mutates` out). Synchronous unless the tool's
 * `needsApproval` returns a promise.
 *
 * When `def` runs another defined tool's code (a copy such as `{ ...deleteNote, needsApproval:
 * false }` or `{ ...deleteNote, name: 'read_x' }`, whose `execute` is that tool's, or a tool that
 * does not ask given the very function a tool that asks was given: `execute: removeNote` in both;
 * see `executeOwner`), the verdict is the stricter of the two: deny over ask over allow over none.
 * The tool whose code runs keeps its rules, whatever a copy says.
 */
export function approvalVerdict(
  def: AnyToolDef,
  args: Record<string, unknown>,
  policies: readonly ApprovalPolicy[],
  caller: string,
): ApprovalVerdict | Promise<ApprovalVerdict> {
  const verdict = rulesVerdict(def, args, policies, caller);
  const owner = executeOwner(def) as AnyToolDef | undefined;
  if (owner === undefined || owner === approvalSource(def)) return verdict;
  const theirs = rulesVerdict(owner, args, policies, caller);
  const named = (v: ApprovalVerdict): ApprovalVerdict =>
    v.why === undefined || owner.name === def.name ? v : { ...v, why: `it runs the code of "${owner.name}", which asks: ${v.why}` };
  if (isThenable(verdict) || isThenable(theirs)) return Promise.all([verdict, theirs]).then(([a, b]) => stricter(a, named(b)));
  return stricter(verdict, named(theirs));
}

const STRICTNESS: Record<ApprovalVerdict['need'], number> = { none: 0, allow: 1, ask: 2, deny: 3 };

const stricter = (a: ApprovalVerdict, b: ApprovalVerdict): ApprovalVerdict => (STRICTNESS[b.need] > STRICTNESS[a.need] ? b : a);

function rulesVerdict(
  def: AnyToolDef,
  args: Record<string, unknown>,
  policies: readonly ApprovalPolicy[],
  caller: string,
): ApprovalVerdict | Promise<ApprovalVerdict> {
  for (const p of policies) {
    const v = policyVerdict(p, def.name);
    if (v) return v;
  }
  // a tool's prototype copy cannot shadow its keys (see approvalSource)
  const source = approvalSource(def);
  const own: unknown = source.needsApproval;
  if (own === undefined) return defaultVerdict(source);
  if (typeof own !== 'function') return fromAnswer(own);
  try {
    const answer: unknown = own(args, { toolName: def.name, caller });
    if (isThenable(answer)) return Promise.resolve(answer).then(fromAnswer, failed);
    return fromAnswer(answer);
  } catch (err) {
    return failed(err);
  }
}

function normalize(answer: boolean | ApprovalDecision): ApprovalDecision {
  if (typeof answer === 'boolean') return { approved: answer, by: 'the approve option' };
  if (typeof answer !== 'object' || answer === null || typeof answer.approved !== 'boolean')
    throw new TypeError(`an approver must answer a boolean or { approved, by }, got ${JSON.stringify(answer) ?? String(answer)}`);
  return { ...answer, by: answer.by || 'the approve option' };
}

/**
 * Settles the approval step of one call from its verdict: no approval needed, approved by a
 * policy, denied by a policy or a failed check, or, for `ask`, what `approver` answers (none:
 * denied, nobody could be asked). The denial `message` is what the model reads.
 */
export async function settleApproval(
  def: AnyToolDef,
  args: Record<string, unknown>,
  verdict: ApprovalVerdict,
  approver: Approver | undefined,
  signal: AbortSignal,
  caller: string,
): Promise<ApprovalSettled> {
  const name = JSON.stringify(def.name);
  if (verdict.need === 'none') return { outcome: 'not-needed', by: verdict.by };
  if (verdict.need === 'allow') return { outcome: 'approved', by: verdict.by };
  if (verdict.need === 'deny') {
    if (verdict.error !== undefined)
      return {
        outcome: 'denied',
        by: verdict.by,
        denied: 'error',
        message: `Tool ${name} did not run: its needsApproval check failed (${verdict.error}), and a failed check is a denial.`,
      };
    return { outcome: 'denied', by: verdict.by, denied: 'policy', message: `Tool ${name} was denied by ${verdict.by}: it did not run.` };
  }
  const why = verdict.why ?? 'a rule asks for it';
  if (!approver)
    return unavailable(name, why, {
      approved: false,
      by: caller,
      unavailable: true,
      reason: `nobody can be asked here (${caller})`,
      hint: `Allow it with an approval policy (approval: { allow: [${name}] }) or pass an approve function.`,
    });
  let decision: ApprovalDecision;
  try {
    decision = normalize(await approver({ tool: def, args, why, signal }));
  } catch (err) {
    return {
      outcome: 'denied',
      by: caller,
      denied: 'error',
      message: `Tool ${name} did not run: asking for approval failed (${messageOf(err)}).`,
    };
  }
  if (decision.approved && !signal.aborted) return { outcome: 'approved', by: decision.by };
  if (decision.unavailable) return unavailable(name, why, decision);
  const reason = decision.reason ?? (signal.aborted ? 'the call was cancelled' : undefined);
  return {
    outcome: 'denied',
    by: decision.by,
    denied: 'person',
    message: `Tool ${name} was not approved (denied by ${decision.by}${reason ? `: ${reason}` : ''}), so it did not run.`,
  };
}

function unavailable(name: string, why: string, d: ApprovalDecision): ApprovalSettled {
  return {
    outcome: 'denied',
    by: d.by,
    denied: 'unavailable',
    message: `Tool ${name} needs approval before it runs (${why}), but ${d.reason ?? 'nobody could be asked'}. It did not run.${d.hint ? ` ${d.hint}` : ''}`,
  };
}

/**
 * The pipeline options an adapter runs `tools` with: `options` as given, with the registry's
 * own approval policy (when `tools` is a registry that has one) after the adapter's. Checks
 * every policy at once, so a malformed one fails when the adapter is built, not at a call.
 * @throws {TypeError} for a malformed policy (see {@link compileApprovalPolicy}).
 */
export function withToolsApproval<O extends { approval?: ApprovalPolicies }>(tools: ToolsInput, options: O): O {
  const given = ownOption(options, 'approval');
  approvalPolicyList(given);
  const own = isRegistry(tools) ? ownOption(tools, 'approval') : undefined;
  if (!own) return options;
  approvalPolicyList(own);
  return { ...options, approval: [...approvalPolicyList(given), own] };
}
