/** The validate configuration: loaded from `agent-tools.config.json` or package.json, checked, severities and limits resolved. */

import { z } from 'zod';
import { approvalPolicySchema } from '../core/approval-schema.js';
import { serveConfigSchema } from '../core/serve-config-schema.js';
import { readConfigFile } from '../util/config-file.js';
import { ConfigError } from '../shared/errors.js';
import { parsePlain } from '../core/zod-issues.js';
import { CHECK_IDS, type CheckId } from './checks/index.js';
import type { Limits, Severity } from './types.js';

export { DEFAULT_LIMITS } from './limits.js';
import { DEFAULT_LIMITS } from './limits.js';

const severity = z.enum(['error', 'warn', 'off']);
const count = z.number().int().nonnegative();

const configSchema = z.strictObject({
  $schema: z.string().optional(),
  profile: z.enum(['full', 'tools']).optional(),
  checks: z
    .strictObject(Object.fromEntries(CHECK_IDS.map((id) => [id, severity.optional()])) as Record<CheckId, z.ZodOptional<typeof severity>>)
    .optional(),
  limits: z
    .strictObject({
      coreMaxTools: count.optional(),
      coreMaxTokens: count.optional(),
      descriptionMin: count.optional(),
      descriptionMax: count.optional(),
      nameWarnLength: count.optional(),
    })
    .optional(),
  callees: z.array(z.string().regex(/^[A-Za-z_$][\w$]*$/, 'must be an identifier')).optional(),
  ignore: z.array(z.string().min(1)).optional(),
  maxWarnings: count.optional(),
  paths: z.array(z.string().min(1)).min(1).optional(),
  approval: approvalPolicySchema.optional(),
  serve: serveConfigSchema.optional(),
});

/**
 * The validate configuration, from `agent-tools.config.json` or the `agentTools` key of
 * `package.json`. Every key is optional; unknown keys are errors.
 *
 * - `profile`: `full` (default) or `tools` (a folder of tools only: the architecture checks are off).
 * - `checks`: severity by check id, `error` | `warn` | `off`.
 * - `limits`: see {@link Limits}.
 * - `callees`: extra factory names treated like `defineTool`.
 * - `ignore`: globs of files left out of the run before analysis (not counted, no tools, no
 *   tokens, no findings), relative to the working folder, with .gitignore meaning (braces,
 *   classes, `!` negation; see `globList` in src/util/glob.ts).
 * - `maxWarnings`: more warnings than this fail the run (exit 1).
 * - `paths`: files or folders to check when none are given on the command line (default `.`).
 * - `approval`: the approval policy `serve`, `call`, `skill run` and the console apply
 *   (`{ allow, ask, deny }`, tool names or globs; see node_modules/agent-tools/docs/approval.md). Validate checks its shape, and
 *   `--fix` leaves for a person a tool rename that would take the tool out of (or into) one of its rules.
 * - `serve`: `{ issuer, resource }`, what `serve --http --issuer/--resource` take (node_modules/agent-tools/docs/security.md).
 *   Validate only checks its shape.
 */
export type ValidateConfig = z.infer<typeof configSchema>;

/**
 * Where a configuration came from and what it says (`source` is undefined when none was found);
 * `prefix` is the key holding it inside `source` (`agentTools` in package.json), else absent.
 */
export interface LoadedConfig {
  source?: string;
  prefix?: string;
  config: ValidateConfig;
}

function parse(value: unknown, source: string, prefix: string): ValidateConfig {
  const result = parsePlain(configSchema, value, prefix ? [prefix] : []);
  if (result.ok) return result.data;
  throw new ConfigError(`${source}: invalid configuration: ${result.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
}

/**
 * Loads the configuration from `dir`: `agent-tools.config.json` first, else the
 * `agentTools` key of `package.json`, else an empty configuration (see `readConfigFile`).
 *
 * @throws {ConfigError} when the file is not JSON or breaks the schema; the message names
 *   the file and the JSON path of every bad key, in plain words (e.g. `$.checks.jsdok: unknown key "jsdok" (did you mean "jsdoc"?)`).
 */
export function loadConfig(dir: string, explicitFile?: string): LoadedConfig {
  const file = readConfigFile(dir, explicitFile);
  if (file.source === undefined) return { config: {} };
  return { source: file.source, ...(file.prefix ? { prefix: file.prefix } : {}), config: parse(file.value, file.shown!, file.prefix) };
}

/**
 * The severity of every check: the check's default, then `profile: 'tools'` (architecture
 * checks off), then the configuration's `checks` entries.
 */
export function resolveSeverities(
  config: ValidateConfig,
  checks: readonly { id: CheckId; severity: Exclude<Severity, 'off'>; scope: string }[],
): Record<CheckId, Severity> {
  const out = {} as Record<CheckId, Severity>;
  for (const check of checks) {
    const base: Severity = config.profile === 'tools' && check.scope === 'architecture' ? 'off' : check.severity;
    out[check.id] = config.checks?.[check.id] ?? base;
  }
  return out;
}

/** The limits: defaults overridden by the configuration's `limits`. */
export function resolveLimits(config: ValidateConfig): Limits {
  return { ...DEFAULT_LIMITS, ...Object.fromEntries(Object.entries(config.limits ?? {}).filter(([, v]) => v !== undefined)) };
}

/**
 * Checks `value` against the configuration schema (as the file is checked) and returns it.
 *
 * @throws {ConfigError} naming `source` and the dotted path of every bad key.
 */
export function parseConfig(value: unknown, source: string): ValidateConfig {
  return parse(value, source, '');
}
