/** The configuration's approval policy as `serve`, `call`, `skill run` and the console apply it: its allow rules only as last committed. */

import { basename, dirname, resolve } from 'node:path';
import type { ApprovalPolicy } from '../core/approval.js';
import { gitOutput } from '../util/git-ls-files.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { loadApprovalPolicy, type LoadedApprovalPolicy } from '../validate/approval-policy-file.js';

/**
 * This process's environment without git's own variables (`GIT_DIR`, `GIT_WORK_TREE`, `GIT_CEILING_DIRECTORIES`,
 * `GIT_CONFIG_*`, ...): a command started with `GIT_DIR=.nogit` must not make its own folder look like no work tree.
 */
function plainGitEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toUpperCase().startsWith('GIT_')));
}

/** The top folder of the git work tree that holds the folder `dir` (as git prints it), or `undefined` outside one. */
function workTree(dir: string): string | undefined {
  return gitOutput(dir, ['rev-parse', '--show-toplevel'], plainGitEnv())?.trim() || undefined;
}

/**
 * The `approval.allow` list of the configuration file `file` as the last commit (HEAD) holds it: `null` when there is
 * nothing to compare with (not in a git work tree, or no commit yet), `[]` when HEAD has no such file or list, and
 * `'apart'` when the tools module `module` lies in a git work tree other than the file's (a configuration written
 * into a folder outside the project, or into a repository made for it, is not reviewed with the tools it would let run).
 */
function committedAllow(file: string, module?: string): readonly unknown[] | null | 'apart' {
  const dir = dirname(file);
  const env = plainGitEnv();
  const tools = module === undefined ? undefined : workTree(dirname(module));
  if (tools !== undefined && workTree(dir) !== tools) return 'apart';
  if (gitOutput(dir, ['rev-parse', '--verify', '-q', 'HEAD'], env) === undefined) return null;
  const text = gitOutput(dir, ['show', `HEAD:./${basename(file)}`], env);
  if (text === undefined) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  const config = isPlainObject(value) && basename(file) === 'package.json' ? value.agentTools : value;
  const approval = isPlainObject(config) ? config.approval : undefined;
  return isPlainObject(approval) && Array.isArray(approval.allow) ? approval.allow : [];
}

/** The configuration's policy for a command, and the allow rules it leaves out (see {@link reviewedApprovalPolicy}). */
export interface ReviewedPolicy {
  policy?: ApprovalPolicy;
  source?: string;
  /** The allow rules of the file that its last commit does not hold, left out. */
  unreviewed: string[];
  /** Set when they were left out because the file lies outside the git work tree of the tools module. */
  apart?: true;
}

/**
 * The approval policy of the configuration in `cwd` (see `loadApprovalPolicy`), with its `allow` rules kept only when
 * the file's last commit (git HEAD) holds them too. An allow rule lets a tool run unasked, and validate and diff check
 * the configuration a pull request commits; a file written or changed at run time (a script that writes
 * `agent-tools.config.json` and then runs `call` there) would let a tool run unasked that no review saw. `deny` and
 * `ask` rules only ask more and always apply. Where the tools module the command runs (`module`, a path) lies in a git
 * work tree, the configuration must be committed in that same work tree; otherwise (a configuration outside any work
 * tree, with a module outside one too, as in a deployed image without `.git`; or before the first commit) every rule
 * applies. git runs without the `GIT_*` variables of the environment, which could point it elsewhere.
 *
 * @throws {ConfigError} as `loadApprovalPolicy` does.
 */
export function reviewedApprovalPolicy(cwd: string, module?: string): ReviewedPolicy {
  const loaded: LoadedApprovalPolicy = loadApprovalPolicy(cwd);
  const allow = loaded.policy?.allow ?? [];
  if (allow.length === 0 || loaded.source === undefined) return { ...loaded, unreviewed: [] };
  const committed = committedAllow(resolve(cwd, loaded.source), module === undefined ? undefined : resolve(cwd, module));
  if (committed === null) return { ...loaded, unreviewed: [] };
  const held = committed === 'apart' ? [] : committed;
  const unreviewed = allow.filter((rule) => !held.includes(rule));
  if (unreviewed.length === 0) return { ...loaded, unreviewed };
  const policy = { ...loaded.policy, allow: allow.filter((rule) => held.includes(rule)) };
  return { policy, source: loaded.source, unreviewed, ...(committed === 'apart' ? { apart: true as const } : {}) };
}

/**
 * {@link reviewedApprovalPolicy} for a command run in `cwd` on the tools module `module` (a path, when it runs one),
 * saying on stderr which allow rules it left out and why.
 *
 * @throws {ConfigError} as `loadApprovalPolicy` does.
 */
export function commandApprovalPolicy(cwd: string, module?: string): ReviewedPolicy {
  const reviewed = reviewedApprovalPolicy(cwd, module);
  if (reviewed.unreviewed.length > 0) {
    const rules = reviewed.unreviewed.map((r) => JSON.stringify(r)).join(', ');
    process.stderr.write(
      `agent-tools: approval.allow ${rules} of ${reviewed.source} is not applied: ${
        reviewed.apart ? 'the file lies outside the git work tree of the tools module' : "the file's last commit does not hold it"
      }, so no review has seen it (commit it, or approve on the command line: serve --approve, call --yes)\n`,
    );
  }
  return reviewed;
}
