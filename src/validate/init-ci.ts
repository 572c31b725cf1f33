/** `validate --init-ci`: the GitHub Actions workflow from the shipped template, for the given paths. */

import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { UsageError } from '../shared/errors.js';
import { shellWord } from '../util/shell-word.js';
import { FileExistsError, writeFileAtomic } from '../util/write-file-atomic.js';
import { loadConfig } from './config.js';

/** Where `--init-ci` writes the workflow, relative to the working directory. */
export const WORKFLOW_PATH = '.github/workflows/agent-tools.yml';

/** The GitHub Actions workflow template shipped in the package (`templates/github-actions.yml`). */
export function ciTemplate(): string {
  return readFileSync(new URL('../../templates/github-actions.yml', import.meta.url), 'utf8');
}

/** A `run:` command as a YAML scalar: plain when no YAML indicator can misread it, else double-quoted (JSON's escapes are YAML's). */
function yamlScalar(command: string): string {
  return /^[\w@%+=,./'> -]+$/.test(command) ? command : JSON.stringify(command);
}

/**
 * The workflow for `paths`: the template as shipped when none are given (every `validate`,
 * `export` and `diff` step runs on `.`, validate's default, so no step falls back to another
 * command's default); else each of those steps names them in place of `.`, each quoted for the
 * shell (see `shellWord`) and the whole `run:` value for YAML when it needs it. With
 * `configFile` (validate's `--config`), the validate steps pass it on, so CI reads the checks
 * the command line read.
 */
export function ciWorkflow(paths: readonly string[] = [], configFile?: string): string {
  const template = ciTemplate();
  if (paths.length === 0 && configFile === undefined) return template;
  const words = paths.length ? paths.map(shellWord).join(' ') : '.';
  const config = configFile === undefined ? '' : ` --config ${shellWord(configFile)}`;
  return template.replace(
    /^(\s*run: )(npx agent-tools (validate|export|diff)) \.( .*)$/gm,
    (_, run: string, command: string, name: string, rest: string) =>
      `${run}${yamlScalar(`${command} ${words}${name === 'validate' ? config : ''}${rest}`)}`,
  );
}

/**
 * What {@link initCi} wrote: the file (relative to the working directory), the paths its steps
 * run on, and where they came from: the command line, the configuration's `paths` (`config`
 * names its file, with `"agentTools" in` before a package.json), or neither (`.`).
 */
export interface InitCiResult {
  file: string;
  paths: string[];
  from: 'arguments' | 'config' | 'default';
  config?: string;
}

/**
 * Writes the workflow (see {@link ciWorkflow}) to `.github/workflows/agent-tools.yml` under
 * `cwd`, atomically; an existing file only with `force` (the user's own edits to it are then
 * replaced). Its `validate`, `export` and `diff` steps run on `paths`; when none are given, on
 * the `paths` of the configuration (`configFile`, else agent-tools.config.json or the
 * `agentTools` key of package.json), since `validate .` would check every file instead and
 * export and diff do not read the configuration; else on `.`. A `configFile` is passed on to
 * the validate steps as `--config`.
 *
 * @throws {UsageError} when the file exists and `force` is not set (exit 2; nothing is changed).
 * @throws {ConfigError} for a configuration that cannot be read (exit 2; nothing is written).
 */
export function initCi(cwd: string, paths: readonly string[] = [], force = false, configFile?: string): InitCiResult {
  let result: InitCiResult = { file: WORKFLOW_PATH, paths: [...paths], from: 'arguments' };
  if (paths.length === 0) {
    const loaded = loadConfig(cwd, configFile);
    const shown = loaded.source === undefined ? '' : relative(cwd, loaded.source) || loaded.source;
    result = loaded.config.paths
      ? {
          file: WORKFLOW_PATH,
          paths: loaded.config.paths,
          from: 'config',
          config: loaded.prefix ? `"${loaded.prefix}" in ${shown}` : shown,
        }
      : { file: WORKFLOW_PATH, paths: ['.'], from: 'default' };
  }
  try {
    writeFileAtomic(resolve(cwd, WORKFLOW_PATH), ciWorkflow(result.from === 'default' ? [] : result.paths, configFile), {
      overwrite: force,
    });
  } catch (err) {
    if (err instanceof FileExistsError)
      throw new UsageError(
        `${WORKFLOW_PATH} already exists; not overwritten (edit it, or run --init-ci --force to replace it with a new one, your edits lost)`,
        'validate',
      );
    throw err;
  }
  return result;
}
