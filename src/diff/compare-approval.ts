/** Compares whether a tool asks for approval before it runs, as its `needsApproval` and the approval rules decide, beyond its hints. */

import { APPROVAL_LISTS, type ApprovalList } from '../analysis/approval-rules.js';
import { COMPUTED_KEY } from '../analysis/define-tool-wrappers.js';
import { adapterWords } from '../analysis/own-adapters.js';
import { approvalListMatcher } from '../core/approval-match.js';
import { grantNames } from '../validate/approval-grants.js';
import type { PolicySite } from '../validate/approval-rules.js';
import type { ApprovalRuleAt, SideApproval } from './approval-facts.js';
import { effectiveHints, NO_LONGER_ASKS } from './compare-hints.js';
import { drawnOut, type ReachedFunction, sameFunction } from '../analysis/reached-functions.js';

/** An `approval-relaxed` change in words: what happened to the tool (`no longer asks for approval`) and why. */
export interface RelaxedApproval {
  what: string;
  detail: string;
}

/** How strongly a tool's own rule holds it back: 2 asks before every call, 1 decides per call, 0 runs unasked. */
type Level = 0 | 1 | 2;

/** One approval rule that names a tool: its list, the rule as written and where it is, in words. */
interface NamedBy {
  list: ApprovalList;
  rule: string;
  where: string;
}

const at = (r: { file: string; line: number; column: number }) => `${r.file}:${r.line}:${r.column}`;

/** The tool's own rule: its `needsApproval` when it has one, else the default (asks when destructive by its effective hints). */
function own(rule: ApprovalRuleAt | undefined, annotations: unknown): { level: Level; words: string } {
  if (rule?.value === true) return { level: 2, words: `needsApproval: true at ${at(rule)}` };
  if (rule?.implicit) return { level: 0, words: `no needsApproval, so the AI SDK runs it unasked (the tool(...) at ${at(rule)})` };
  if (rule?.value === false) return { level: 0, words: `needsApproval: false at ${at(rule)}` };
  if (rule) return { level: 1, words: `needsApproval decided per call at ${at(rule)}` };
  const h = effectiveHints(annotations);
  return h.readOnly || !h.destructive ? { level: 0, words: 'it is not destructive' } : { level: 2, words: 'it is destructive' };
}

/**
 * The verdict of each policy that names `name`, as the runtime matches it (exact names, else
 * picomatch globs; within one policy deny over ask over allow): one entry per naming policy.
 */
function namedBy(sites: readonly PolicySite[], name: string): NamedBy[] {
  const out: NamedBy[] = [];
  for (const site of sites) {
    for (const list of [...APPROVAL_LISTS].reverse()) {
      const entries = site.lists[list] ?? [];
      const rule = approvalListMatcher(
        entries.map((e) => e.rule),
        list,
      )(name);
      if (rule === undefined) continue;
      const place = entries.find((e) => e.rule === rule)?.at;
      out.push({ list, rule, where: `approval.${list} ${JSON.stringify(rule)} of ${site.of}${place ? ` at ${at(place)}` : ''}` });
      break;
    }
  }
  return out;
}

/**
 * A policy in code of the head that is not all read (see `CodeApprovalPolicy`) where the base
 * had none such (the same call in the same file, of the same kind: options with a `__proto__` key
 * are one kind): what it holds is unknown, so it may let any tool run unasked. One the base had
 * already is not a change of this pull request.
 */
function newlyUnread(before: readonly PolicySite[], after: readonly PolicySite[]): PolicySite | undefined {
  const key = (s: PolicySite) => `${s.of}\0${s.unread!.file}\0${s.unread!.inherits === true}`;
  const had = new Set(before.filter((s) => s.unread).map(key));
  return after.find((s) => s.unread && !had.has(key(s)));
}

/**
 * Why the tool `after` runs with less approval than `before` did, in words for the
 * `approval-relaxed` rule, or `undefined` when it does not:
 *
 * - a `deny` rule named it and none does now;
 * - an `ask` rule named it and none does now, and its own rule no longer asks every time;
 * - an `allow` rule names it now and none did, while its own rule would ask;
 * - its `needsApproval` changed so that it asks less (`true` or the destructive default to a
 *   function or `false`; a function to `false`), or it is a function on both sides whose text, or
 *   that of what it reads, changed (see `decidingText`): no reading of code tells whether it asks less;
 * - its own rule asked before, and a `defineTool` wrapper of the head (not of the base) sets
 *   `needsApproval`, `mutates` or `destructive` to anything but `true` for every tool it defines;
 * - it asked before, and the head passes an `approve` callback that approves every call, or one
 *   diff cannot read (see `readApprover`), in a file where the base passed none such; or one
 *   that decides in code whose text, or that of what it reads (a list of tool names), the base
 *   did not pass in that file: no reading of code can
 *   tell `(r) => r !== null` from a real decision, so a new or changed approver needs review; so does
 *   an MCP client's elicitation handler that answers every approval question yes, or decides in code
 *   (`client.setRequestHandler('elicitation/create', ...)`, see `elicitationAnswer`);
 * - it asked before (its own rule, or an `ask` rule), and the head writes an approval key on a
 *   tool after its definition (`Object.assign(tool, { needsApproval: false })`, see
 *   `approvalWritesIn`) in a file and of a key the base wrote none in: which tool it reaches is
 *   not read, so each that asked counts; so does a toolbox's own adapter of the head that runs
 *   each tool's `execute` itself, not through `runTool` (see `directExecutes`), in a file where
 *   the base had none;
 * - it asked before, and a grant of the head that no grant of the base matched lets it run
 *   unasked where its command runs (`serve --approve '*'`, `call <module> <tool> --yes`, or `--yes` to
 *   the project's own command line built with toolsToCommands, `tsx cli.ts delete-note --yes`, in a
 *   package.json script or another JSON file of the project, a script file, an `allow` of a subfolder's
 *   configuration; see `approvalGrants`): a glob the pull request widens counts for each tool it
 *   now reaches; so does, for every tool, project code loaded before agent-tools (`NODE_OPTIONS=--import=./x.mjs`)
 *   and an agent-tools package that may not be the one from npm (a committed copy, an install script, a patch);
 * - it asked before, and a registry tier of the head is built by code that may hand out changed
 *   copies of the tools (`core: list.map((t) => ({ ...t, ...flags }))`, also through a `const`
 *   holding it, or a tier list with an entry such code returns, `[readNote, relax(deleteNote)]`;
 *   see `RegistryList.rebuilds`) where the base's tier of that name and file was not, or read other code;
 * - it asked before (its own rule, or a `deny` or `ask` rule), and the head passes a policy in
 *   code that diff cannot read (an import, a call, a `let`) where the base did not: it may
 *   allow the tool, and a pull request must not switch approval off unseen.
 *
 * A change of hints alone is left to `compareHints`. Several policies may apply to one toolbox
 * (the configuration's, a registry's, an adapter's), each on its own path: a rule counts on
 * whichever policy holds it.
 */
export function approvalRelaxed(
  before: { name: string; annotations?: unknown },
  beforeSide: SideApproval,
  after: { name: string; annotations?: unknown },
  afterSide: SideApproval,
): RelaxedApproval | undefined {
  const ruleB = beforeSide.rules.get(before.name);
  const ruleA = afterSide.rules.get(after.name);
  const ownB = own(ruleB, before.annotations);
  const ownA = own(ruleA, after.annotations);
  const policyB = namedBy(beforeSide.sites, before.name);
  const policyA = namedBy(afterSide.sites, after.name);
  const has = (named: NamedBy[], list: ApprovalList) => named.find((n) => n.list === list);
  const deniedB = has(policyB, 'deny');
  if (deniedB && !has(policyA, 'deny'))
    return { what: 'is no longer denied', detail: `no approval rule denies it now; before: ${deniedB.where}` };
  const askedB = has(policyB, 'ask');
  if (askedB && !has(policyA, 'deny') && !has(policyA, 'ask') && (ownA.level < 2 || has(policyA, 'allow')))
    return { what: NO_LONGER_ASKS, detail: `no approval rule asks for it now; before: ${askedB.where}` };
  const allowedA = has(policyA, 'allow');
  if (allowedA && !has(policyB, 'allow') && !has(policyA, 'deny') && !has(policyA, 'ask') && ownA.level > 0 && ownB.level > 0)
    return { what: NO_LONGER_ASKS, detail: `${allowedA.where} lets it run unasked; without it, it would ask: ${ownA.words}` };
  if (ruleB?.value !== ruleA?.value && ownA.level < ownB.level)
    return { what: NO_LONGER_ASKS, detail: `${ownA.words}; before: ${ownB.words}` };
  // a needsApproval function that reads differently, or reads a list that changed: no reading of code tells whether it asks less
  if (
    ruleB?.value === 'per-call' &&
    ruleA?.value === 'per-call' &&
    ruleB.decides !== ruleA.decides &&
    !has(policyA, 'deny') &&
    !has(policyA, 'ask')
  )
    return {
      what: 'may no longer ask for approval',
      detail: `its needsApproval function at ${at(ruleA)}, or what it reads, changed, and decides in code which calls ask, which diff cannot check; before: ${ownB.words}`,
    };
  // a grant on a command line or in a subfolder's configuration is new for the tool when no grant of the base named it
  const newGrants = (afterSide.grants ?? []).filter(
    (g) => grantNames(g, after.name) && !(beforeSide.grants ?? []).some((b) => grantNames(b, before.name)),
  );
  const grant = newGrants[0];
  // the other new grants for the tool, named too: a reviewer removes each
  const alsoGranted =
    newGrants.length > 1
      ? ` (and ${newGrants.length - 1} more: ${newGrants
          .slice(1, 4)
          .map((g) => g.words)
          .join('; ')}${newGrants.length > 4 ? '; ...' : ''})`
      : '';
  const wrapper = (afterSide.wrappers ?? []).find(
    (w) => w.relaxes && !(beforeSide.wrappers ?? []).some((b) => b.relaxes && b.key === w.key && b.file === w.file),
  );
  // an approver counts as new where the base had none of its kind (approves all, cannot be read) in that file
  const write = (afterSide.writes ?? []).find(
    (w) =>
      // code outside the tools that runs a tool the read names reaches that tool only
      !(w.outside && w.targetName !== undefined && w.targetName !== after.name) &&
      // a plain tool put into toolsToAI's tool set replaces the tool of its name only
      !(w.key === 'override' && w.targetName !== undefined && w.targetName !== after.name) &&
      !(beforeSide.writes ?? []).some(
        (b) =>
          b.key === w.key &&
          b.file === w.file &&
          (b.unread === undefined) === (w.unread === undefined) &&
          b.decides === w.decides &&
          b.mcp === w.mcp,
      ),
  );
  const unread = newlyUnread(beforeSide.sites, afterSide.sites);
  const askedBefore = deniedB ?? askedB ?? (ownB.level > 0 && !has(policyB, 'allow') ? { where: ownB.words } : undefined);
  if (grant && askedBefore)
    return {
      what: NO_LONGER_ASKS,
      detail:
        grant.kind === 'nested'
          ? `${grant.words} lets it run unasked when serve or call runs in ${grant.folder}, where the root configuration is not read${alsoGranted}; before: ${askedBefore.where}`
          : `${grant.words} lets it run unasked, which neither the tools nor their approval rules show${alsoGranted}; before: ${askedBefore.where}`,
    };
  // a wrapper's default before the spread of the definition gives way to the tool's own needsApproval
  const ownKey = wrapper?.overridable && wrapper.key === 'needsApproval' && ruleA !== undefined;
  // a deny or ask rule decides before the tool's own rule does
  if (wrapper && !ownKey && askedBefore && !deniedB && !has(policyA, 'deny') && !has(policyA, 'ask'))
    return {
      what: NO_LONGER_ASKS,
      detail: `the defineTool wrapper at ${at(wrapper)} sets ${wrapper.key === 'computed' ? COMPUTED_KEY : wrapper.key} for every tool it defines, which the tool's own call does not show; before: ${askedBefore.where}`,
    };
  if (write && askedBefore && !deniedB && !has(policyA, 'deny') && !has(policyA, 'ask'))
    return {
      what: write.key === 'execute' && write.target === undefined ? NO_LONGER_ASKS : 'may no longer ask for approval',
      detail:
        write.key === 'override'
          ? `the tool set from toolsToAI gets ${write.target ?? ''} from a plain object with an execute that does not say needsApproval: true at ${at(write)}, which the AI SDK may run with no approval; before: ${askedBefore.where}`
          : write.key === 'internal'
            ? `${at(write)} imports a file of agent-tools itself by path (${write.target ?? ''}), past the entry points the package exports, which may skip approval unseen; before: ${askedBefore.where}`
            : write.key === 'raw'
              ? `code outside any tool (${write.callee ?? 'the top level'}) ${write.value ? 'hands on' : 'calls'} ${write.target ?? ''} ` +
                `at ${at(write)}, the very function ${after.name} has as its execute, so its code runs outside the pipeline, unasked, ` +
                `where no rule, hook or tool log sees it; before: ${askedBefore.where}`
              : write.key === 'execute' && write.target !== undefined && write.outside
                ? `code outside any tool (${write.callee ?? 'the top level'}) runs ${write.target}.execute itself at ${at(write)}, not through runTool, outside the pipeline, where no rule, hook or tool log sees it and a call that would ask fails; before: ${askedBefore.where}`
                : write.key === 'execute' && write.target !== undefined
                  ? `the tool ${write.callee ?? '(unnamed)'} runs ${write.target}.execute itself at ${at(write)}, not through runTool, outside the pipeline, where no rule, hook or tool log sees it and a call that would ask fails; before: ${askedBefore.where}`
                  : write.key === 'execute'
                    ? `${adapterWords(write.callee, false)} at ${at(write)} runs each tool's execute itself, not through runTool, so approval is never asked; before: ${askedBefore.where}`
                    : write.key === 'approve' && write.mcp && write.decides !== undefined
                      ? `an MCP client's elicitation/create handler at ${at(write)} is new or changed and decides in code whether it answers approval questions yes, which diff cannot check; before: ${askedBefore.where}`
                      : write.key === 'approve' && write.mcp
                        ? `an MCP client's elicitation/create handler at ${at(write)} answers every approval question (elicitation request) yes under no condition; before: ${askedBefore.where}`
                        : write.key === 'approve' && write.answers && write.decides !== undefined
                          ? `the AI SDK's approval requests are answered by ${write.callee ?? 'an answer'} at ${at(write)} with an approved that is new or changed and decided in code, which diff cannot check; before: ${askedBefore.where}`
                          : write.key === 'approve' && write.answers
                            ? `the AI SDK's approval requests are answered yes by ${write.callee ?? 'an answer'} at ${at(write)} under no condition; before: ${askedBefore.where}`
                            : write.key === 'approve' && write.decides !== undefined
                              ? `the approve callback passed to ${write.callee ?? 'an adapter'} at ${at(write)} is new or changed, and decides in code whether a call runs, which diff cannot check; before: ${askedBefore.where}`
                              : write.key === 'approve' && write.unread !== undefined
                                ? `the approve callback passed to ${write.callee ?? 'an adapter'} at ${at(write)} is not a function diff can read (${write.unread}), so it may approve every call; before: ${askedBefore.where}`
                                : write.key === 'approve'
                                  ? `the approve callback passed to ${write.callee ?? 'an adapter'} at ${at(write)} approves every call; before: ${askedBefore.where}`
                                  : `${write.key === 'computed' ? COMPUTED_KEY : write.key} is set on a tool after its definition at ${at(write)}, which the tool's own call does not show; before: ${askedBefore.where}`,
    };
  // a tier built by code the base did not build so: its copies may carry other approval keys
  const tier = (afterSide.rebuiltTiers ?? []).find(
    (t) => !(beforeSide.rebuiltTiers ?? []).some((b) => b.file === t.file && b.list === t.list && b.rebuilds === t.rebuilds),
  );
  if (tier && askedBefore && !deniedB && !has(policyA, 'deny') && !has(policyA, 'ask'))
    return {
      what: 'may no longer ask for approval',
      detail:
        `the ${tier.list} tier at ${at(tier)} is built by code (\`${tier.text}\`) that is new or changed and may hand out copies of the tools ` +
        `with other approval keys, which diff cannot read: list the tools themselves; before: ${askedBefore.where}`,
    };
  if (unread?.unread?.inherits && askedBefore)
    return {
      what: 'may no longer ask for approval',
      detail:
        `the call of ${unread.of} at ${at(unread.unread)}: ${unread.unread.why}, which diff does not read, so it may let it run ` +
        `unasked (the call throws a TypeError on it at run time); before: ${askedBefore.where}`,
    };
  if (unread?.unread && askedBefore)
    return {
      what: 'may no longer ask for approval',
      detail:
        `the approval policy passed to ${unread.of} at ${at(unread.unread)} is not a literal diff can read (${unread.unread.why}), ` +
        `so it may let it run unasked: write it inline; before: ${askedBefore.where}`,
    };
  return undefined;
}

/**
 * Whether `tool` asks for approval before it runs on `side`: a `deny` or `ask` rule names it, or its own rule (its
 * `needsApproval`, else its hints) asks, for every call or some, and no `allow` rule lets it run unasked.
 */
export function asksForApproval(tool: { name: string; annotations?: unknown }, side: SideApproval): boolean {
  const named = namedBy(side.sites, tool.name);
  if (named.some((n) => n.list !== 'allow')) return true;
  return own(side.rules.get(tool.name), tool.annotations).level > 0 && named.length === 0;
}

/**
 * Why `tool`, which does not ask for approval in the head, now runs code that only tools that ask ran, in words
 * for the `approval-relaxed` rule, or `undefined`: a project function its `execute` reaches in the head and did
 * not in the base (`before`, the base's reach of the tool; absent for a new tool), which every other tool of the
 * head that reaches it asks for approval before running (at least one): the pull request that has a read-only
 * tool call `removeNote`, the body of `delete_note`, or hand it over as its own `execute` (`execute: removeNote`, the
 * function `delete_note`'s `execute` is), lets it delete unasked. A function that a tool which does not ask reaches
 * too (a shared `load`) is no such sign; nor is one the base's reach holds under another file or name (see
 * `sameFunction`: its file renamed, or the function renamed), nor a helper drawn out of code the tool ran before
 * (see `drawnOut`). Needs both sides' reach (see `SideApproval.reaches`).
 */
export function reachesGuarded(
  tool: { name: string; annotations?: unknown },
  head: SideApproval,
  heads: readonly { name: string; annotations?: unknown }[],
  before?: ReadonlyMap<string, ReachedFunction>,
): RelaxedApproval | undefined {
  const reached = head.reaches?.get(tool.name);
  if (!reached || asksForApproval(tool, head)) return undefined;
  for (const [key, fn] of reached) {
    if (before && (sameFunction(fn, before) || drawnOut(fn, before))) continue;
    const others = heads.filter((t) => t.name !== tool.name && head.reaches?.get(t.name)?.has(key));
    if (others.length === 0 || !others.every((t) => asksForApproval(t, head))) continue;
    const guarded = others.map((t) => t.name).join(', ');
    return {
      what: 'may do unasked what a tool that asks for approval does',
      detail:
        `${tool.name} now runs ${fn.name} (${fn.file})${fn.isExecute ? ' as its execute' : ''}, which only tools that ask for approval ran (${guarded}): ` +
        `it may do what they do, unasked; before: ${before ? `it did not run ${fn.name}` : 'it was not there'}`,
    };
  }
  return undefined;
}

/**
 * Why a tool new in the head is destructive (by its effective hints) and yet runs without
 * approval from the start, in words for the `approval-relaxed` rule, or `undefined`: an `allow`
 * rule names it (and no `deny` or `ask` rule does), a grant on a command line or in a subfolder's
 * configuration does (see `approvalGrants`), or it says `needsApproval: false`; or it is an AI
 * SDK tool without `needsApproval` (which has no hints, so it counts as destructive) in a
 * toolbox that also holds tools defined with `defineTool` (`definesTools`): spread beside
 * `toolsToAI(registry)`, it runs unasked where the rest ask by their hints and the approval
 * rules. In a toolbox of only AI SDK tools that is how every tool is added: only `tool-added`.
 * A new tool otherwise is only `tool-added`; one whose `needsApproval` is a function is left to
 * review, as it asks for some calls.
 */
export function addedUnasked(tool: { name: string; annotations?: unknown }, side: SideApproval): RelaxedApproval | undefined {
  const h = effectiveHints(tool.annotations);
  if (h.readOnly || !h.destructive) return undefined;
  const named = namedBy(side.sites, tool.name);
  if (named.some((n) => n.list !== 'allow')) return undefined;
  const what = 'is new and destructive, and runs without approval';
  const allowed = named.find((n) => n.list === 'allow');
  if (allowed) return { what, detail: `${allowed.where} lets it run unasked` };
  const grant = (side.grants ?? []).find((g) => grantNames(g, tool.name));
  if (grant) return { what, detail: `${grant.words} lets it run unasked` };
  const rule = side.rules.get(tool.name);
  if (rule?.value !== false) return undefined;
  if (!rule.implicit) return { what, detail: `needsApproval: false at ${at(rule)}` };
  // in a toolbox of only AI SDK tools, one that does not say (implicit) is how every tool is added: not flagged
  if (!side.definesTools) return undefined;
  return {
    what,
    detail:
      `${own(rule, tool.annotations).words}, beside tools defined with defineTool, which ask by their hints and the approval rules: ` +
      'add needsApproval: true, or define it with defineTool so its hints and the approval rules apply; if it truly is safe, --allow-breaking accepts it',
  };
}
