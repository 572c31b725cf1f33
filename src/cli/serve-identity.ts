/** The `serverInfo` name and version of `serve`: the flags, else the nearest package.json. */

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ConfigError } from '../shared/errors.js';

/** The name and version a served toolbox gives in the MCP initialize result (`serverInfo`). */
export interface ServerIdentity {
  name: string;
  version: string;
}

/**
 * The `serverInfo` of `serve`: `--name` and `--server-version` when given, else the `name` and `version`
 * of the package.json nearest above the tools module (the user's package, so two served toolboxes
 * differ in a client), else `agent-tools` and this package's `ownVersion`. A nearest package.json
 * without a `name` counts as none; one with a name but no `version` gives `0.0.0`.
 *
 * @throws {ConfigError} when the nearest package.json is not valid JSON (naming the file).
 */
export function serverIdentity(modulePath: string, ownVersion: string, flags: { name?: string; version?: string }): ServerIdentity {
  const pkg = nearestPackage(dirname(resolve(modulePath)));
  const named = typeof pkg?.name === 'string' && pkg.name !== '';
  return {
    name: flags.name ?? (named ? (pkg.name as string) : 'agent-tools'),
    version: flags.version ?? (named ? (typeof pkg.version === 'string' ? pkg.version : '0.0.0') : ownVersion),
  };
}

function nearestPackage(start: string): Record<string, unknown> | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      try {
        const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
        return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
      } catch (err) {
        throw new ConfigError(
          `${file}: not valid JSON (${(err as Error).message}); serve reads the server's name from it (or give --name)`,
        );
      }
    }
    if (dirname(dir) === dir) return undefined;
  }
}
