/** Project files that make `import 'agent-tools'` load the project's own code: a tsconfig `paths` entry, a package named agent-tools. */

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { readPathsConfig } from '../analysis/source-resolver.js';
import { isPlainObject as isObject } from '../util/is-plain-object.js';
import { SOURCE_EXTENSIONS } from '../shared/source-extensions.js';
import { inProject } from './loaded-code.js';
import { DEPENDENCY_LISTS } from './agent-tools-source.js';

/** The config files whose `compilerOptions.paths` tsc, tsx and bundlers follow: `tsconfig.json`, `tsconfig.app.json`, `jsconfig.json`. */
export const isPathsConfigFile = (name: string) => /^(?:tsconfig|jsconfig)(?:[.-][^/]*)?\.json$/.test(name);

/** Whether the `paths` key `key` (a name or a pattern with one `*`) matches `name`, as tsc matches a specifier. */
function keyMatches(key: string, name: string): boolean {
  const star = key.indexOf('*');
  if (star < 0) return key === name;
  const [pre, post] = [key.slice(0, star), key.slice(star + 1)];
  return name.length >= pre.length + post.length && name.startsWith(pre) && name.endsWith(post);
}

/** Whether a file or folder is at `path`, as a module resolver probes it (as given, or with a source extension). */
const found = (path: string) => existsSync(path) || SOURCE_EXTENSIONS.some((e) => existsSync(path + e));

/**
 * The `paths` keys of the tsconfig or jsconfig `file` (read as tsc reads it, `extends` followed: see `readPathsConfig`) that map
 * agent-tools to code of the project under `root` (outside `node_modules`), so tsx and bundlers load it in place of the
 * installed package: a key `agent-tools` or `agent-tools/...` with a target in the project, or a pattern that matches
 * `agent-tools` (`*`, `agent-*`) whose target, `*` filled in, is a file or folder of the project. `@app/*` maps nothing of it.
 */
export function agentToolsPaths(file: string, root: string): string[] {
  const config = readPathsConfig(file);
  if (!config) return [];
  return Object.entries(config.paths)
    .filter(([key, targets]) => {
      const exact = /^agent-tools(?:\/|$)/.test(key);
      if (!exact && !keyMatches(key, 'agent-tools')) return false;
      return targets.some((t) => {
        const at = resolve(config.base, exact ? t : t.replace('*', 'agent-tools'));
        return inProject(at, root) && (exact || found(at));
      });
    })
    .map(([key]) => key);
}

/** A file of agent-tools' own source, which decides approval: a project that uses agent-tools does not hold it. */
const OWN_ENGINE_FILE = 'src/validate/approval-grants.ts';

/**
 * Whether the package.json value `pkg` in `folder` is agent-tools' own: named agent-tools, it ships the `agent-tools`
 * command (`bin`), depends on no agent-tools (a project that uses agent-tools depends on it), and `folder` holds
 * agent-tools' approval source ({@link OWN_ENGINE_FILE}). Its own source may do what a project may not (register module
 * hooks, build code from strings). A pull request can still forge all of it: `diff` counts a package that becomes one.
 */
export function isAgentToolsOwnPackage(pkg: unknown, folder: string): boolean {
  if (!isObject(pkg) || pkg.name !== 'agent-tools') return false;
  const ownBin = isObject(pkg.bin) && typeof pkg.bin['agent-tools'] === 'string';
  if (!ownBin || DEPENDENCY_LISTS.some((list) => isObject(pkg[list]) && pkg[list]['agent-tools'] !== undefined)) return false;
  return existsSync(resolve(folder, OWN_ENGINE_FILE));
}

/**
 * The key of the package.json value `pkg` in `folder` by which Node loads the project's own files for `import 'agent-tools'`:
 * a package named agent-tools with `exports` (Node's self-reference) or `main` (bundlers and tsx), `undefined` for any other and
 * for agent-tools' own package (see {@link isAgentToolsOwnPackage}).
 */
export function selfReferenceKey(pkg: unknown, folder: string): 'exports' | 'main' | undefined {
  if (!isObject(pkg) || pkg.name !== 'agent-tools' || isAgentToolsOwnPackage(pkg, folder)) return undefined;
  return pkg.exports !== undefined ? 'exports' : pkg.main !== undefined ? 'main' : undefined;
}
