/** What `diff` reads of approval beyond a tool's hints: each tool's `needsApproval` and the approval rules that apply, from source. */

import { APPROVAL_LISTS, type ApprovalList } from '../analysis/approval-rules.js';
import { codeApprovalPoliciesOfFiles } from '../analysis/approval-scope.js';
import { wrapperApprovalKeysOfFiles, type WrapperApprovalKey } from '../analysis/define-tool-wrappers.js';
import { readConfigFile } from '../util/config-file.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { codePolicySite, configPolicySite, type PolicySite } from '../validate/approval-rules.js';

/** A tool's `needsApproval` as written: a boolean, or `'per-call'` (a function), and where the key is. */
export interface ApprovalRuleAt {
  value: boolean | 'per-call';
  /** Not written: an AI SDK tool without `needsApproval`, which the AI SDK runs unasked (`value` false). */
  implicit?: true;
  file: string;
  line: number;
  column: number;
}

/**
 * One side's approval facts, which an MCP `tools/list` entry does not carry: `rules`, each
 * tool's `needsApproval` by tool name (tools without one are absent), and `sites`, the approval
 * policies that apply to the toolbox (the configuration's `approval`, then the `approval`
 * literals passed in code; see `codeApprovalPolicies`). Read only from source: a side read
 * from an export file has none.
 */
export interface SideApproval {
  rules: ReadonlyMap<string, ApprovalRuleAt>;
  sites: readonly PolicySite[];
  /** The approval keys a `defineTool` wrapper in the read files sets for every tool (see `wrapperApprovalKeysIn`); none when absent. */
  wrappers?: readonly WrapperApprovalKey[];
}

/** The configuration's policy in `dir` (agent-tools.config.json, or package.json's `agentTools`), as a site; string entries only. */
function configSite(dir: string): PolicySite | undefined {
  const file = readConfigFile(dir);
  const approval = isPlainObject(file.value) ? file.value.approval : undefined;
  if (!isPlainObject(approval)) return undefined;
  const policy: Partial<Record<ApprovalList, string[]>> = {};
  for (const list of APPROVAL_LISTS) {
    const entries = approval[list];
    if (Array.isArray(entries)) policy[list] = entries.filter((e): e is string => typeof e === 'string' && e.trim() !== '');
  }
  return configPolicySite(policy, file.shown ?? 'the configuration');
}

/**
 * The approval facts of one side extracted from source under `cwd`: the `needsApproval` of
 * `tools` (as the static extraction read it) and the policies found from `sourceFiles` (the
 * files the analysis read, absolute paths) and in the configuration of `cwd`.
 *
 * @throws {ConfigError} for a configuration file that is not UTF-8 JSON (naming it, with line and column).
 */
export function readSideApproval(
  tools: readonly { name: string; approvalRule?: ApprovalRuleAt }[],
  sourceFiles: readonly string[],
  cwd: string,
): SideApproval {
  const rules = new Map<string, ApprovalRuleAt>();
  for (const t of tools) if (t.approvalRule) rules.set(t.name, t.approvalRule);
  const config = configSite(cwd);
  const inCode = codeApprovalPoliciesOfFiles(sourceFiles, cwd).policies.map(codePolicySite);
  const wrappers = wrapperApprovalKeysOfFiles(sourceFiles, cwd);
  return { rules, sites: [...(config ? [config] : []), ...inCode], ...(wrappers.length ? { wrappers } : {}) };
}
