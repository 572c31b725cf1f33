/** Reads and checks a `tools/list` file written by `export --format mcp`, as a diff side. */

import { readFileSync } from 'node:fs';
import { ConfigError, UsageError } from '../shared/errors.js';
import { JsonInputError, parseJsonInput } from '../util/json-input.js';
import type { ToolEntry } from './types.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { cliCommand } from '../shared/cli-command.js';

/**
 * The tools of an MCP `tools/list` result, `{ "tools": [ { name, inputSchema, ... } ] }` (what
 * `export --format mcp` writes), checked: every entry an object with a non-empty string `name`,
 * unique, and an object `inputSchema`. `where` names the source in errors.
 *
 * @throws {ConfigError} naming `where` and the JSON path of the first bad value.
 */
export function toolsOf(value: unknown, where: string): ToolEntry[] {
  const bad = (path: string, problem: string) =>
    new ConfigError(`${where}: ${path}: ${problem} (expected the output of \`${cliCommand('export --format mcp')}\`: { "tools": [...] })`);
  if (!isPlainObject(value) || !Array.isArray(value.tools)) throw bad('tools', 'missing, or not an array');
  const seen = new Set<string>();
  value.tools.forEach((t: unknown, i) => {
    if (!isPlainObject(t)) throw bad(`tools[${i}]`, 'not an object');
    if (typeof t.name !== 'string' || t.name === '') throw bad(`tools[${i}].name`, 'not a non-empty string');
    if (seen.has(t.name)) throw bad(`tools[${i}].name`, `"${t.name}" is listed twice`);
    seen.add(t.name);
    if (!isPlainObject(t.inputSchema)) throw bad(`tools[${i}].inputSchema`, 'missing, or not an object');
  });
  return value.tools as ToolEntry[];
}

/**
 * Reads a file written by `export --format mcp` (a lock file, or an earlier export).
 *
 * @param path the file, as resolved; `shown` is how messages name it; `command` whose `--help` a usage error points to.
 * @throws {UsageError} when the file cannot be read; {@link ConfigError} when it is not JSON
 *   (with line and column) or not a tools/list result (see {@link toolsOf}).
 */
export function readToolsFile(path: string, shown: string, command = 'diff'): ToolEntry[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder, not a file' : (code ?? String(err));
    throw new UsageError(`cannot read ${shown}: ${why}`, command);
  }
  let value: unknown;
  try {
    value = parseJsonInput(text);
  } catch (err) {
    if (err instanceof JsonInputError) throw new ConfigError(`${shown}:${err.line}:${err.column}: not JSON: ${err.problem}`);
    throw err;
  }
  return toolsOf(value, shown);
}
