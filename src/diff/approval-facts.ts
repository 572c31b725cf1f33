/** What `diff` reads of approval beyond a tool's hints: each tool's `needsApproval` and the approval rules that apply, from source. */

import { approvalWritesOfFiles, type ApprovalWrite } from '../analysis/approval-writes.js';
import { codeApprovalPoliciesOfFiles } from '../analysis/approval-scope.js';
import { wrapperApprovalKeysOfFiles, type WrapperApprovalKey } from '../analysis/define-tool-wrappers.js';
import { ConfigError } from '../shared/errors.js';
import type { RebuiltTier } from '../export/api-types.js';
import { projectApprovalGrants, type ApprovalGrant } from '../validate/approval-grants.js';
import { leftAloneAsTest } from '../validate/test-files-run.js';
import { approvalDeciders, argvGrants } from '../validate/argv-grants.js';
import { loadApprovalPolicy } from '../validate/approval-policy-file.js';
import type { ReachedFunction } from '../analysis/reached-functions.js';
import { codePolicySite, configPolicySite, type PolicySite } from '../validate/approval-rules.js';

/** A tool's `needsApproval` as written: a boolean, or `'per-call'` (a function), and where the key is. */
export interface ApprovalRuleAt {
  value: boolean | 'per-call';
  /** Not written: an AI SDK tool without `needsApproval`, which the AI SDK runs unasked (`value` false). */
  implicit?: true;
  /** For `'per-call'`: the function's text and that of what it reads (see `decidingText`). */
  decides?: string;
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
  /**
   * The approval keys written on tools after their definition, in the read files and those
   * importing them (see `approvalWritesIn`); none when absent.
   */
  writes?: readonly ApprovalWrite[];
  /**
   * The approval granted outside the configuration and the code: `serve --approve` or `call
   * --yes` on a command line of the project's package.json scripts, JSON files
   * (MCP client configurations, editor tasks), script files, and the `allow` of a subfolder's configuration (see `approvalGrants`); none
   * when absent.
   */
  grants?: readonly ApprovalGrant[];
  /**
   * The toolbox holds tools defined with `defineTool` (or a `--callee` factory), which ask for
   * approval by their hints and the approval rules: then a new AI SDK tool without
   * `needsApproval` runs unasked beside them (see `addedUnasked`). Absent when every tool was
   * written with another library.
   */
  definesTools?: true;
  /**
   * The registry tiers built by code that may hand out changed copies of the tools (see
   * `ExportResult.rebuiltTiers`); none when absent.
   */
  rebuiltTiers?: readonly RebuiltTier[];
  /**
   * The project functions each tool's `execute` runs, by tool name, each keyed by `file#name` (see
   * `reachedFunctions`); read only where it can matter (some tool asks for approval and some does not), else absent.
   */
  reaches?: ReadonlyMap<string, ReadonlyMap<string, ReachedFunction>>;
}

/**
 * The configuration's policy in `dir` (agent-tools.config.json, or package.json's `agentTools`),
 * as a site, checked as `call` and `serve` check it (`loadApprovalPolicy`); with `lenient` (the
 * base side) a configuration that does not pass is read as none, so a pull request that mends
 * it can still be compared.
 */
function configSite(dir: string, lenient: boolean): PolicySite | undefined {
  let loaded;
  try {
    loaded = loadApprovalPolicy(dir);
  } catch (err) {
    if (lenient && err instanceof ConfigError) return undefined;
    throw err;
  }
  return loaded.policy ? configPolicySite(loaded.policy, loaded.source ?? 'the configuration') : undefined;
}

/**
 * The approval facts of one side extracted from source under `cwd`: the `needsApproval` of
 * `tools` (as the static extraction read it; a tool without `form` was defined with
 * `defineTool`), the policies found from `sourceFiles` (the
 * files the analysis read, absolute paths) and in the configuration of `cwd`, and the grants of
 * the project under `cwd` (command lines, subfolder configurations), with the tiers built by
 * code that `rebuiltTiers` lists.
 *
 * @throws {ConfigError} unless `lenient`, for a configuration that `call` and `serve` refuse: not
 *   UTF-8 JSON, an unknown top-level key (`aproval`), an `approval` that breaks its schema.
 */
export function readSideApproval(
  tools: readonly { name: string; approvalRule?: ApprovalRuleAt; form?: string }[],
  sourceFiles: readonly string[],
  cwd: string,
  lenient = false,
  rebuiltTiers: readonly RebuiltTier[] = [],
): SideApproval {
  const rules = new Map<string, ApprovalRuleAt>();
  for (const t of tools) if (t.approvalRule) rules.set(t.name, t.approvalRule);
  const config = configSite(cwd, lenient);
  const inCode = codeApprovalPoliciesOfFiles(sourceFiles, cwd).policies.map(codePolicySite);
  const wrappers = wrapperApprovalKeysOfFiles(sourceFiles, cwd);
  // one walk of the project: its grants, and the test files it runs as code, which are read as any other file
  const { grants: found, testsRun, codeRun, ownPackages } = projectApprovalGrants(cwd);
  const writes = approvalWritesOfFiles([...sourceFiles, ...codeRun], cwd, leftAloneAsTest(testsRun));
  // an approver that reads the command line makes each command line that runs it with an argument, and code changing it, a grant
  // a package that is agent-tools' own counts for diff: a pull request that makes the project one weighs as a grant of every tool
  const grants = [...found, ...ownPackages, ...argvGrants(approvalDeciders(writes, tools), cwd)];
  return {
    rules,
    sites: [...(config ? [config] : []), ...inCode],
    ...(wrappers.length ? { wrappers } : {}),
    ...(writes.length ? { writes } : {}),
    ...(grants.length ? { grants } : {}),
    ...(rebuiltTiers.length ? { rebuiltTiers } : {}),
    ...(tools.some((t) => t.form === undefined) ? { definesTools: true as const } : {}),
  };
}
