/** The `serve` key of the project configuration. */

import { serveConfigSchema } from '../core/serve-config-schema.js';
import { parsePlain } from '../core/zod-issues.js';
import { ConfigError } from '../shared/errors.js';
import { readConfigFile } from '../util/config-file.js';

/** The `serve` key of the project configuration (both absent when there is none). */
export interface ServeConfig {
  issuer?: string;
  resource?: string;
}

/**
 * Reads the `serve` key of the project configuration in `dir` (`agent-tools.config.json`,
 * else `agentTools` in package.json; see `readConfigFile`). Only that key is read here.
 *
 * @throws {ConfigError} for a file that is not JSON, or a `serve` key that breaks the schema,
 *   naming the file and the JSON path (`agent-tools.config.json: invalid configuration: $.serve.issuer: ...`).
 */
export function loadServeConfig(dir: string): ServeConfig {
  const file = readConfigFile(dir);
  const value = file.value as Record<string, unknown> | undefined;
  if (value === undefined || typeof value !== 'object' || value === null || value.serve === undefined) return {};
  const parsed = parsePlain(serveConfigSchema, value.serve, [...(file.prefix ? [file.prefix] : []), 'serve']);
  if (!parsed.ok)
    throw new ConfigError(`${file.shown}: invalid configuration: ${parsed.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  return parsed.data;
}
