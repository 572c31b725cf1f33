/** A skill file's declared environment variables and its `${env:NAME}` placeholders: checked, then filled. */

import { z } from 'zod';
import { jsonPath } from '../../core/json-path.js';
import type { InputProblem } from '../../core/zod-issues.js';
import { isPlainObject } from '../../util/is-plain-object.js';

/** A name an `${env:NAME}` placeholder may use: a POSIX shell variable name. */
export const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `${env:NAME}` anywhere in a string; group 1 is whatever stands for NAME (checked against {@link ENV_NAME_PATTERN}). */
const ENV_REF = /\$\{env:([^}]*)\}/g;

/**
 * zod schema of a skill file's top-level `env`: the environment variables the skill reads,
 * each a shell variable name, each once. Every `${env:NAME}` of the file must be listed here;
 * install prints the list and `skill show` shows it, so a secret leaves the machine only where
 * the person who installed the skill saw it named.
 */
export const skillEnvSchema = z
  .array(z.string().regex(ENV_NAME_PATTERN, `must be an environment variable name (${ENV_NAME_PATTERN.source})`))
  .refine((names) => new Set(names).size === names.length, 'names a variable twice');

/**
 * Where a skill file may read the environment, as JSON paths to objects of string values:
 * an HTTP executor's `headers`, an MCP server's `env` (stdio) and `headers` (HTTP). These
 * are the only places `${env:NAME}` is replaced; anywhere else it is sent as written.
 */
const ENV_SITES: readonly (readonly string[])[] = [
  ['executor', 'headers'],
  ['server', 'env'],
  ['server', 'headers'],
];

/** One `${env:NAME}` of a skill file: the name as written and the JSON path of the value holding it. */
export interface EnvPlaceholder {
  name: string;
  path: string;
}

/** Every `${env:NAME}` in the places a skill file may read the environment ({@link ENV_SITES}), in file order. */
export function envPlaceholders(raw: unknown): EnvPlaceholder[] {
  const found: EnvPlaceholder[] = [];
  if (!isPlainObject(raw)) return found;
  for (const site of ENV_SITES) {
    let at: unknown = raw;
    for (const key of site) at = isPlainObject(at) ? at[key] : undefined;
    if (!isPlainObject(at)) continue;
    for (const [key, value] of Object.entries(at)) {
      if (typeof value !== 'string') continue;
      for (const m of value.matchAll(ENV_REF)) found.push({ name: m[1]!, path: jsonPath([...site, key]) });
    }
  }
  return found;
}

/**
 * The declared-secrets rule: every `${env:NAME}` is a valid name and is listed in the file's
 * top-level `env`. A file that reads an undeclared variable is refused, naming the variable and
 * where it is read, so nothing of the environment is sent that install did not name.
 */
export function envProblems(raw: unknown): InputProblem[] {
  const declared = isPlainObject(raw) && Array.isArray(raw.env) ? new Set(raw.env.filter((n) => typeof n === 'string')) : new Set<string>();
  const problems: InputProblem[] = [];
  for (const p of envPlaceholders(raw)) {
    if (!ENV_NAME_PATTERN.test(p.name))
      problems.push({ path: p.path, message: `\${env:${p.name}} is not a valid environment variable name` });
    else if (!declared.has(p.name))
      problems.push({
        path: p.path,
        message: `\${env:${p.name}} is not declared; list the variables the skill reads at the top level of the file: "env": ["${p.name}"]`,
      });
  }
  return problems;
}

/**
 * `value` with each `${env:NAME}` replaced by `env[NAME]`; with `declared`, read only for the
 * names it lists (an undeclared name counts as unset, whatever the environment holds).
 *
 * @returns the filled text, or the first variable that is not set (or not declared), never its value.
 */
export function fillEnvPlaceholders(
  value: string,
  env: Record<string, string | undefined>,
  declared?: readonly string[],
): { value: string } | { missing: string } {
  let missing: string | undefined;
  const filled = value.replace(ENV_REF, (_m, name: string) => {
    const got = (declared === undefined || declared.includes(name)) && Object.hasOwn(env, name) ? env[name] : undefined;
    if (got === undefined) missing ??= name;
    return got ?? '';
  });
  return missing === undefined ? { value: filled } : { missing };
}
