/** The configuration's approval policy as `serve`, `call`, `skill run` and the console apply it: its allow rules only as last committed. */

import { basename, dirname, resolve } from 'node:path';
import type { ApprovalPolicy } from '../core/approval.js';
import { gitOutput } from '../util/git-ls-files.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { loadApprovalPolicy, type LoadedApprovalPolicy } from '../validate/approval-policy-file.js';

/**
 * The `approval.allow` list of the configuration file `file` as the last commit (HEAD) holds it: `null` when there is
 * nothing to compare with (not in a git work tree, or no commit yet), `[]` when HEAD has no such file or list.
 */
function committedAllow(file: string): readonly unknown[] | null {
  const dir = dirname(file);
  if (gitOutput(dir, ['rev-parse', '--verify', '-q', 'HEAD']) === undefined) return null;
  const text = gitOutput(dir, ['show', `HEAD:./${basename(file)}`]);
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
}

/**
 * The approval policy of the configuration in `cwd` (see `loadApprovalPolicy`), with its `allow` rules kept only when
 * the file's last commit (git HEAD) holds them too. An allow rule lets a tool run unasked, and validate and diff check
 * the configuration a pull request commits; a file written or changed at run time (a script that writes
 * `agent-tools.config.json` and then runs `call` there) would let a tool run unasked that no review saw. `deny` and
 * `ask` rules only ask more and always apply. Outside a git work tree, or before the first commit, every rule applies.
 *
 * @throws {ConfigError} as `loadApprovalPolicy` does.
 */
export function reviewedApprovalPolicy(cwd: string): ReviewedPolicy {
  const loaded: LoadedApprovalPolicy = loadApprovalPolicy(cwd);
  const allow = loaded.policy?.allow ?? [];
  if (allow.length === 0 || loaded.source === undefined) return { ...loaded, unreviewed: [] };
  const committed = committedAllow(resolve(cwd, loaded.source));
  if (committed === null) return { ...loaded, unreviewed: [] };
  const unreviewed = allow.filter((rule) => !committed.includes(rule));
  if (unreviewed.length === 0) return { ...loaded, unreviewed };
  const policy = { ...loaded.policy, allow: allow.filter((rule) => committed.includes(rule)) };
  return { policy, source: loaded.source, unreviewed };
}

/**
 * {@link reviewedApprovalPolicy} for a command run in `cwd`, saying on stderr which allow rules it left out and why.
 *
 * @throws {ConfigError} as `loadApprovalPolicy` does.
 */
export function commandApprovalPolicy(cwd: string): ReviewedPolicy {
  const reviewed = reviewedApprovalPolicy(cwd);
  if (reviewed.unreviewed.length > 0) {
    const rules = reviewed.unreviewed.map((r) => JSON.stringify(r)).join(', ');
    process.stderr.write(
      `agent-tools: approval.allow ${rules} of ${reviewed.source} is not applied: the file's last commit does not hold it, ` +
        'so no review has seen it (commit it, or approve on the command line: serve --approve, call --yes)\n',
    );
  }
  return reviewed;
}
