/** Finds and reads the project configuration: `agent-tools.config.json` or package.json's `agentTools`. */

import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { JsonInputError, parseJsonInput } from './json-input.js';
import { decodeUtf8, NotUtf8Error } from './utf8-text.js';
import { ConfigError } from '../shared/errors.js';

/**
 * The project configuration as it is written, before any command reads its keys: where it came
 * from (`source`, a path; absent when there is none), the name to show for it (`shown`,
 * relative to the folder), the JSON path prefix of its keys (`prefix`: `agentTools` inside
 * package.json, else empty) and the `value`.
 */
export interface ConfigFile {
  source?: string;
  shown?: string;
  prefix: string;
  value: unknown;
}

/**
 * `uniqueKeys` refuses a key given twice in one object: `JSON.parse` keeps the last, so a reviewer
 * reading the first (`"deny": ["drop_*"]` above a later `"deny": []`) would trust a rule that
 * does not hold. A package.json is read as npm reads it (its other keys are not ours to judge).
 */
function readJson(file: string, display: string, uniqueKeys = true): unknown {
  try {
    return parseJsonInput(decodeUtf8(readFileSync(file), 'the file'), { uniqueKeys });
  } catch (err) {
    throw new ConfigError(
      err instanceof JsonInputError
        ? `${display}:${err.line}:${err.column}: not valid JSON: ${err.problem}`
        : `${display}: ${err instanceof NotUtf8Error ? err.message : `cannot read: ${err instanceof Error ? err.message : String(err)}`}`,
    );
  }
}

/**
 * Finds and reads the configuration of the project in `dir`: `explicitFile` when given, else
 * `agent-tools.config.json`, else the `agentTools` key of `package.json`, else none (`value`
 * undefined). One rule for every command that reads it (validate, serve, call, console).
 *
 * @throws {ConfigError} for a missing `explicitFile`, a file that is not UTF-8 JSON or (not
 *   package.json) that gives one key twice in an object (naming it, with line and column), or
 *   both agent-tools.config.json and package.json's `agentTools` (one would be ignored, and with
 *   it an approval rule).
 */
export function readConfigFile(dir: string, explicitFile?: string): ConfigFile {
  const shown = (file: string) => relative(dir, file) || file;
  if (explicitFile) {
    if (!existsSync(explicitFile)) throw new ConfigError(`${explicitFile}: configuration file not found`);
    return { source: explicitFile, shown: shown(explicitFile), prefix: '', value: readJson(explicitFile, shown(explicitFile)) };
  }
  const [file, pkgFile] = configFileCandidates(dir) as [string, string];
  const pkg = existsSync(pkgFile) ? (readJson(pkgFile, shown(pkgFile), false) as Record<string, unknown> | null) : undefined;
  const inPackage = pkg !== null && typeof pkg === 'object' && 'agentTools' in pkg;
  if (existsSync(file)) {
    // two configurations: one would be read and the other's rules (an approval deny) ignored
    if (inPackage)
      throw new ConfigError(
        `${shown(file)} and the "agentTools" key of ${shown(pkgFile)} both hold a configuration; only one is read, ` +
          `so the other's rules (approval among them) would be ignored: keep one (move what ${shown(pkgFile)}'s "agentTools" says into ${shown(file)}, ` +
          'and delete the key)',
      );
    return { source: file, shown: shown(file), prefix: '', value: readJson(file, shown(file)) };
  }
  if (inPackage) return { source: pkgFile, shown: shown(pkgFile), prefix: 'agentTools', value: pkg.agentTools };
  return { prefix: '', value: undefined };
}

/**
 * The files `readConfigFile` looks at for the project in `dir`: `explicitFile` when given, else
 * `agent-tools.config.json` and `package.json` (absolute paths, whether or not they exist). A
 * command that writes an output file never replaces one of them, even with `--force`: the
 * configuration holds the approval rules.
 */
export function configFileCandidates(dir: string, explicitFile?: string): string[] {
  return explicitFile ? [resolve(dir, explicitFile)] : [join(dir, 'agent-tools.config.json'), join(dir, 'package.json')];
}
