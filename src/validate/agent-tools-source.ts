/** Where a project installs agent-tools from, when not the npm registry: a `file:` tarball, git, a URL, an alias, a lockfile entry. */

import { isPlainObject as isObject } from '../util/is-plain-object.js';

/** The dependency lists of a package.json in which a package names what it installs. */
export const DEPENDENCY_LISTS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/**
 * A dependency spec that npm, pnpm or yarn installs from somewhere other than the registry's agent-tools: a path or
 * tarball (`file:`, `link:`, `portal:`, `./vendor/x.tgz`), a workspace package, git (`git+ssh:`, `github:`, `user/repo`),
 * a URL, or an alias of another package (`npm:other@1`). A version or range (`^1.2.0`, `latest`) is the registry's.
 */
const NOT_REGISTRY = /^(?:[a-z+]+:|\.{0,2}\/|~\/|[\w.-]+\/)/i;

/** A key of `overrides`, `resolutions` or `pnpm.overrides` naming agent-tools: `agent-tools`, `agent-tools@1`, `a>agent-tools`. */
const NAMES_AGENT_TOOLS = /(?:^|[/>])agent-tools(?:@[^/>]*)?$/;

/** One place a package.json or lockfile installs agent-tools from elsewhere: its JSON path and the spec as written. */
export interface ElsewhereSource {
  path: (string | number)[];
  spec: string;
}

/**
 * The places in the package.json value `pkg` that install agent-tools from somewhere other than the npm registry (see
 * {@link NOT_REGISTRY}): an entry `agent-tools` of a dependency list, and an override of agent-tools in npm's
 * `overrides` (at any depth), yarn's `resolutions` or pnpm's `pnpm.overrides`. A patched or forked copy installed so
 * decides approval in place of the published one.
 */
export function agentToolsFromElsewhere(pkg: unknown): ElsewhereSource[] {
  if (!isObject(pkg)) return [];
  const out: ElsewhereSource[] = [];
  const spec = (value: unknown, path: (string | number)[]) => {
    if (typeof value === 'string' && NOT_REGISTRY.test(value.trim())) out.push({ path, spec: value });
  };
  for (const list of DEPENDENCY_LISTS) if (isObject(pkg[list])) spec(pkg[list]['agent-tools'], [list, 'agent-tools']);
  // npm's overrides nest: `{ "some-lib": { "agent-tools": "file:..." } }`; `.` is the package itself
  const overrides = (value: unknown, path: (string | number)[], named: boolean) => {
    if (!isObject(value)) return named ? spec(value, path) : undefined;
    for (const [key, v] of Object.entries(value)) overrides(v, [...path, key], key === '.' ? named : NAMES_AGENT_TOOLS.test(key));
  };
  overrides(pkg.overrides, ['overrides'], false);
  if (isObject(pkg.resolutions))
    for (const [key, v] of Object.entries(pkg.resolutions)) if (NAMES_AGENT_TOOLS.test(key)) spec(v, ['resolutions', key]);
  const pnpm = isObject(pkg.pnpm) && isObject(pkg.pnpm.overrides) ? pkg.pnpm.overrides : undefined;
  for (const [key, v] of Object.entries(pnpm ?? {})) if (NAMES_AGENT_TOOLS.test(key)) spec(v, ['pnpm', 'overrides', key]);
  return out;
}

/**
 * The entries of the npm lockfile value `lock` (package-lock.json or npm-shrinkwrap.json, `packages` of lockfile
 * version 2 and 3) that install agent-tools from somewhere other than the registry the lockfile installs the rest
 * from: a link to a folder (`link: true`), a `resolved` that is no http(s) URL (`file:`, `git+ssh:`), or a URL on
 * another host than most of its entries use. `npm ci` installs what the lockfile says, whatever package.json asks.
 */
export function lockedAgentToolsElsewhere(lock: unknown): ElsewhereSource[] {
  if (!isObject(lock) || !isObject(lock.packages)) return [];
  const hosts = new Map<string, number>();
  const entries = Object.entries(lock.packages).filter((e): e is [string, Record<string, unknown>] => isObject(e[1]));
  for (const [, e] of entries) {
    const host = typeof e.resolved === 'string' ? hostOf(e.resolved) : undefined;
    if (host !== undefined) hosts.set(host, (hosts.get(host) ?? 0) + 1);
  }
  const usual = [...hosts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const out: ElsewhereSource[] = [];
  for (const [key, e] of entries) {
    if (!/(?:^|\/)node_modules\/agent-tools$/.test(key)) continue;
    if (e.link === true) out.push({ path: ['packages', key, 'link'], spec: `a link to ${String(e.resolved ?? 'a folder')}` });
    else if (typeof e.resolved === 'string') {
      const host = hostOf(e.resolved);
      if (host === undefined || (usual !== undefined && host !== usual))
        out.push({ path: ['packages', key, 'resolved'], spec: e.resolved });
    }
  }
  return out;
}

/** The host of an http(s) URL, `undefined` for any other. */
function hostOf(url: string): string | undefined {
  if (!/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}
