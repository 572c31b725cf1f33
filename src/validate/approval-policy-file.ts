/** The `approval` key of the project configuration, read and checked for the commands that run tools and for diff. */

import type { ApprovalPolicy } from '../core/approval.js';
import { approvalPolicySchema } from '../core/approval-schema.js';
import { jsonPath } from '../core/json-path.js';
import { closeMatches } from '../core/suggest.js';
import { parsePlain } from '../core/zod-issues.js';
import { CONFIG_KEYS } from './config-keys.js';
import { ConfigError } from '../shared/errors.js';
import { readConfigFile } from '../util/config-file.js';

/** The approval policy of the project in a folder and where it came from (both absent when the configuration has none). */
export interface LoadedApprovalPolicy {
  policy?: ApprovalPolicy;
  source?: string;
}

/**
 * Reads the `approval` key of the project configuration in `dir` (`agent-tools.config.json`,
 * else `agentTools` in package.json; see `readConfigFile`), for `serve`, `call`, `skill run`,
 * the console and `diff`. Only that key is read here (validate checks the whole file), but a top-level
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
