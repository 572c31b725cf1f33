/** Approval rules as validate checks them, from the configuration and from code: stale rules, and renames that would leave a rule. */

import { APPROVAL_LISTS, type ApprovalList, type CodeApprovalPolicy, type CodeApprovalRule } from '../analysis/approval-rules.js';
import { approvalListMatcher, unmatchedApprovalRules } from '../core/approval-match.js';
import { codeApprovalPolicies } from '../analysis/approval-scope.js';
import type { Analysis } from '../analysis/types.js';
import type { TextEdit } from './types.js';
import { readFileSync } from 'node:fs';
import { jsonValueAt } from '../util/json-input.js';

/**
 * One approval policy as written: `of` names what holds it (`agent-tools.config.json`, or the
 * call it is passed to, `toolsToAI()`), and its rules by list; a rule written in code has its
 * place (`at`), a rule of the configuration file has none.
 */
export interface PolicySite {
  of: string;
  lists: Partial<Record<ApprovalList, { rule: string; at?: CodeApprovalRule }[]>>;
  /** For a policy in code that is not all read (see `CodeApprovalPolicy`): why, and where its `approval` property is. */
  unread?: { why: string; file: string; line: number; column: number; inherits?: true };
}

/**
 * The site of the configuration's policy; `of` is the file's path relative to the working
 * folder. `locate` gives where an entry is written (`approval.deny[2]` in the file), when known,
 * so a finding points at the entry and not at the top of the file.
 */
export function configPolicySite(
  policy: Partial<Record<ApprovalList, readonly string[]>>,
  of: string,
  locate?: (list: ApprovalList, index: number) => Omit<CodeApprovalRule, 'rule'> | undefined,
): PolicySite {
  return {
    of,
    lists: Object.fromEntries(
      APPROVAL_LISTS.map((l) => [
        l,
        (policy[l] ?? []).map((rule, i) => {
          const at = locate?.(l, i);
          return at ? { rule, at: { rule, ...at } } : { rule };
        }),
      ]),
    ),
  };
}

/** The site of a policy literal found in code (see `codeApprovalPolicies`). */
export function codePolicySite(policy: CodeApprovalPolicy): PolicySite {
  const lists = Object.fromEntries(Object.entries(policy.lists).map(([l, rules]) => [l, rules.map((at) => ({ rule: at.rule, at }))]));
  const unread = policy.unread ? { unread: { ...policy.unread, file: policy.file } } : {};
  return { of: `${policy.callee}()`, lists, ...unread };
}

/**
 * The approval policies that apply to the analyzed toolbox: the configuration's (`approval`,
 * from the file `of`, relative to `cwd`), then those written in code (`codeApprovalPolicies`);
 * `tooBig` names a project too big to search for the latter.
 */
export function readApprovalSites(
  analysis: Analysis,
  cwd: string,
  config: {
    approval?: Partial<Record<ApprovalList, readonly string[]>>;
    of: string;
    locate?: (list: ApprovalList, index: number) => Omit<CodeApprovalRule, 'rule'> | undefined;
  },
  ignored?: (file: string) => boolean,
): { sites: PolicySite[]; tooBig?: string } {
  const inCode = codeApprovalPolicies(analysis, cwd, ignored);
  return {
    sites: [
      ...(config.approval ? [configPolicySite(config.approval, config.of, config.locate)] : []),
      ...inCode.policies.map(codePolicySite),
    ],
    ...(inCode.tooBig !== undefined ? { tooBig: inCode.tooBig } : {}),
  };
}

/** Where one rule is, in words: `approval.deny of agent-tools.config.json`, `approval.deny of toolsToAI() at agent.ts:4:30`. */
function ruleWhere(site: PolicySite, list: ApprovalList, at: CodeApprovalRule | undefined): string {
  return `approval.${list} of ${site.of}${at && at.file !== site.of ? ` at ${at.file}:${at.line}:${at.column}` : ''}`;
}

/** One approval rule that matches no tool: where it is (`at` for a rule in code), and the closest tool names. */
export interface StaleApprovalRule {
  rule: string;
  /** The list holding it: a stale `allow` entry fails safe (the tool still asks), a stale `deny` or `ask` entry does not. */
  list: ApprovalList;
  /** Where the rule is, in words: `approval.deny of agent-tools.config.json`, `approval.deny of toolsToAI()`. */
  where: string;
  /** The configuration file (`of`) holding it, when it is not in code. */
  configFile?: string;
  at?: CodeApprovalRule;
  suggestions: string[];
}

/**
 * Each rule (an exact name or a glob, matched as `serve`, `call` and the adapters match it:
 * `unmatchedApprovalRules`) that none of `names` matches: a misspelt `deny: ["drop_al"]` guards
 * nothing. With the closest tool names when some are near.
 */
export function staleApprovalRules(sites: readonly PolicySite[], names: readonly string[]): StaleApprovalRule[] {
  const out: StaleApprovalRule[] = [];
  for (const site of sites) {
    const policy = Object.fromEntries(Object.entries(site.lists).map(([list, entries]) => [list, entries.map((e) => e.rule)]));
    for (const { list, index, rule, suggestions } of unmatchedApprovalRules(policy, names)) {
      const at = site.lists[list]![index]!.at;
      out.push({ rule, list, where: ruleWhere(site, list, undefined), ...(at ? { at } : { configFile: site.of }), suggestions });
    }
  }
  return out;
}

const VERDICTS: readonly ApprovalList[] = [...APPROVAL_LISTS].reverse();

/**
 * Why renaming the tool `from` to `to` with `edits` must be left for a person: a policy has a
 * list that matches the old name and would not match the new one (a denied tool would run), or
 * the other way round. A rule the edits rewrite (a string literal equal to the old name in an
 * analyzed file) moves with the tool; the configuration file and code outside the analyzed files
 * are never edited. `undefined` when every policy treats the new name as the old.
 */
export function renameHeldBy(sites: readonly PolicySite[], from: string, to: string, edits: readonly TextEdit[]): string | undefined {
  const rewritten = (at: CodeApprovalRule | undefined) => at !== undefined && edits.some((e) => e.file === at.file && e.start === at.start);
  for (const site of sites) {
    for (const verdict of VERDICTS) {
      const entries = site.lists[verdict] ?? [];
      const before = approvalListMatcher(
        entries.map((e) => e.rule),
        verdict,
      );
      const after = approvalListMatcher(
        entries.map((e) => (rewritten(e.at) ? to : e.rule)),
        verdict,
      );
      const old = before(from);
      if (old !== undefined && after(to) === undefined) {
        const at = entries.find((e) => e.rule === old)?.at;
        return `named in ${ruleWhere(site, verdict, at)} (${JSON.stringify(old)}): rename the tool and the rule together`;
      }
      const now = after(to);
      if (now !== undefined && old === undefined) {
        const at = entries.find((e) => e.rule === now)?.at;
        return (
          `the new name "${to}" is matched by ${ruleWhere(site, verdict, at)} (${JSON.stringify(now)}); ` +
          'the old one is not: rename the tool and the rule together'
        );
      }
    }
  }
  return undefined;
}

/**
 * Where each entry of the configuration's `approval` lists is written in `source` (`shown` is
 * its path as findings name it; `prefix` the key holding the configuration, `agentTools` in
 * package.json): `undefined` for an entry not found (the file changed, or does not parse).
 */
export function configEntryLocator(
  source: string,
  prefix: string | undefined,
  shown: string,
): (list: ApprovalList, index: number) => Omit<CodeApprovalRule, 'rule'> | undefined {
  let text: string | undefined;
  return (list, index) => {
    try {
      text ??= readFileSync(source, 'utf8');
    } catch {
      return undefined;
    }
    const at = jsonValueAt(text, [...(prefix ? [prefix] : []), 'approval', list, index]);
    // `start` is the offset after the opening quote, as for a rule written in code
    return at ? { file: shown, line: at.line, column: at.column, start: at.offset + 1 } : undefined;
  };
}
