/** The project's approval policy for a command: the configuration's `approval` key plus the names or globs given with `--approve`. */

import type { ApprovalPolicy } from '../core/approval.js';
import { approvalPolicySchema } from '../core/approval-schema.js';
import { jsonPath } from '../core/json-path.js';
import { approvalListMatcher } from '../core/approval-match.js';
import { closeMatches } from '../core/suggest.js';
import { parsePlain } from '../core/zod-issues.js';
import { CONFIG_KEYS } from '../validate/config-keys.js';
import { ConfigError } from '../shared/errors.js';
import { readConfigFile } from '../util/config-file.js';

/** The approval policy of the project in a folder and where it came from (both absent when the configuration has none). */
export interface LoadedApprovalPolicy {
  policy?: ApprovalPolicy;
  source?: string;
}

/**
 * Reads the `approval` key of the project configuration in `dir` (`agent-tools.config.json`,
 * else `agentTools` in package.json; see `readConfigFile`), for `serve`, `call`, `skill run`
 * and the console. Only that key is read here (validate checks the whole file), but a top-level
 * key the configuration does not have is refused as validate refuses it: `"aproval"` would
 * leave every rule unread, and a denied tool would run.
 *
 * @throws {ConfigError} for a file that is not JSON, an unknown top-level key, or an `approval`
 *   that breaks the schema, naming the file and the JSON path (`agent-tools.config.json: invalid
 *   configuration: $.aproval: unknown key "aproval" (did you mean "approval"?)`).
 */
export function loadApprovalPolicy(dir: string): LoadedApprovalPolicy {
  const file = readConfigFile(dir);
  const value = file.value as Record<string, unknown> | undefined;
  if (value === undefined || typeof value !== 'object' || value === null) return {};
  const prefix = file.prefix ? [file.prefix] : [];
  const unknown = Object.keys(value)
    .filter((key) => !(CONFIG_KEYS as readonly string[]).includes(key))
    .map((key) => {
      const near = closeMatches(key, CONFIG_KEYS, 1)[0];
      return `${jsonPath([...prefix, key])}: unknown key ${JSON.stringify(key)}${near ? ` (did you mean ${JSON.stringify(near)}?)` : ''}`;
    });
  if (unknown.length > 0) throw new ConfigError(`${file.shown}: invalid configuration: ${unknown.join('; ')}`);
  if (value.approval === undefined) return {};
  const base = [...prefix, 'approval'];
  const parsed = parsePlain(approvalPolicySchema, value.approval, base);
  if (!parsed.ok)
    throw new ConfigError(`${file.shown}: invalid configuration: ${parsed.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  return { policy: parsed.data, source: file.shown! };
}

/**
 * The policy a command runs with: the configuration's, with `approve` (names or globs from
 * `--approve`) added to its allow list. `undefined` when there is neither.
 */
export function commandPolicy(loaded: LoadedApprovalPolicy, approve: readonly string[] = []): ApprovalPolicy | undefined {
  if (!loaded.policy && approve.length === 0) return undefined;
  return { ...loaded.policy, allow: [...(loaded.policy?.allow ?? []), ...approve] };
}

/**
 * The `--approve` values that match none of `names` (matched as the policy matches them, see
 * `approvalListMatcher`: an exact name or a glob), each with the closest names, best first, for a
 * did-you-mean: a misspelt `--approve remove_usr` would otherwise approve nothing, silently.
 */
export function unmatchedApprovals(approve: readonly string[], names: readonly string[]): { rule: string; near: string[] }[] {
  return approve.flatMap((rule) => {
    const matches = approvalListMatcher([rule], 'allow');
    return names.some((n) => matches(n) !== undefined) ? [] : [{ rule, near: closeMatches(rule, names) }];
  });
}
