/** Where a project installs agent-tools, a package that carries its approval answer, or a package it imports, from elsewhere than npm. */

import { isPlainObject as isObject } from '../util/is-plain-object.js';

/** The dependency lists of a package.json in which a package names what it installs. */
export const DEPENDENCY_LISTS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/**
 * A dependency spec that npm, pnpm or yarn installs from somewhere other than the registry's agent-tools: a path or
 * tarball (`file:`, `link:`, `portal:`, `./vendor/x.tgz`), a workspace package, git (`git+ssh:`, `github:`, `user/repo`),
 * a URL, or an alias of another package (`npm:other@1`). A version or range (`^1.2.0`, `latest`) is the registry's.
 */
const NOT_REGISTRY = /^(?:[a-z+]+:|\.{0,2}\/|~\/|[\w.-]+\/)/i;

/**
 * The packages that decide or carry approval when agent-tools runs a tool: agent-tools itself; `@inquirer/prompts`, whose
 * `confirm()` asks the person at the terminal for `call`; the MCP server SDK (`@modelcontextprotocol/server` and its
 * `core`), which carries the client's answer to the approval question; and the AI SDK (`ai`), which carries the answer to a
 * tool approval request. A copy of one that is not the published package may say yes for the person.
 */
export const APPROVAL_PACKAGES: readonly string[] = [
  'agent-tools',
  '@inquirer/prompts',
  '@modelcontextprotocol/server',
  '@modelcontextprotocol/core',
  'ai',
];

/** The package of {@link APPROVAL_PACKAGES} a key of `overrides`, `resolutions` or `pnpm.overrides` names (`ai@5`, `a>ai`, `**\/ai`). */
function namedPackage(key: string): string | undefined {
  const bare = key
    .split('>')
    .at(-1)!
    .replace(/^(?:\*\*\/)+/, '');
  const name = bare.startsWith('@') ? bare.split('@').slice(0, 2).join('@') : bare.split('@')[0]!;
  return APPROVAL_PACKAGES.includes(name) ? name : undefined;
}

/** Where a package.json or lockfile installs a package of {@link APPROVAL_PACKAGES} from elsewhere: JSON path, spec, package. */
export interface ElsewhereSource {
  path: (string | number)[];
  spec: string;
  name: string;
}

/**
 * The places in the package.json value `pkg` that install a package of {@link APPROVAL_PACKAGES} from somewhere other than
 * the npm registry (see {@link NOT_REGISTRY}): its entry in a dependency list, and an override of it in npm's `overrides`
 * (at any depth), yarn's `resolutions` or pnpm's `pnpm.overrides`. A patched or forked copy installed so decides or
 * carries approval in place of the published one.
 */
export function agentToolsFromElsewhere(pkg: unknown): ElsewhereSource[] {
  if (!isObject(pkg)) return [];
  const out: ElsewhereSource[] = [];
  const spec = (value: unknown, path: (string | number)[], name: string | undefined) => {
    if (name !== undefined && typeof value === 'string' && NOT_REGISTRY.test(value.trim())) out.push({ path, spec: value, name });
  };
  for (const list of DEPENDENCY_LISTS)
    if (isObject(pkg[list])) for (const name of APPROVAL_PACKAGES) spec(pkg[list][name], [list, name], name);
  // npm's overrides nest: `{ "some-lib": { "agent-tools": "file:..." } }`; `.` is the package itself
  const overrides = (value: unknown, path: (string | number)[], name: string | undefined) => {
    if (!isObject(value)) return spec(value, path, name);
    for (const [key, v] of Object.entries(value)) overrides(v, [...path, key], key === '.' ? name : namedPackage(key));
  };
  overrides(pkg.overrides, ['overrides'], undefined);
  if (isObject(pkg.resolutions)) for (const [key, v] of Object.entries(pkg.resolutions)) spec(v, ['resolutions', key], namedPackage(key));
  const pnpm = isObject(pkg.pnpm) && isObject(pkg.pnpm.overrides) ? pkg.pnpm.overrides : undefined;
  for (const [key, v] of Object.entries(pnpm ?? {})) spec(v, ['pnpm', 'overrides', key], namedPackage(key));
  return out;
}

/**
 * The entries of the npm lockfile value `lock` (package-lock.json or npm-shrinkwrap.json, `packages` of lockfile
 * version 2 and 3) that install a package of {@link APPROVAL_PACKAGES} from somewhere other than the registry the
 * lockfile installs the rest from: a link to a folder (`link: true`, a workspace package of that name), a `resolved`
 * that is no http(s) URL (`file:`, `git+ssh:`), or a URL on another host than most of its entries use. `npm ci`
 * installs what the lockfile says, whatever package.json asks.
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
    const name = APPROVAL_PACKAGES.find((n) => key === `node_modules/${n}` || key.endsWith(`/node_modules/${n}`));
    if (name === undefined) continue;
    if (e.link === true) out.push({ path: ['packages', key, 'link'], spec: `a link to ${String(e.resolved ?? 'a folder')}`, name });
    else if (typeof e.resolved === 'string') {
      const host = hostOf(e.resolved);
      if (host === undefined || (usual !== undefined && host !== usual))
        out.push({ path: ['packages', key, 'resolved'], spec: e.resolved, name });
    }
  }
  return out;
}

/**
 * The package of {@link APPROVAL_PACKAGES} other than agent-tools (see `selfReferenceKey` for it) that the package.json value
 * `pkg` of a project folder is named as: npm, pnpm and yarn workspaces link such a package in place of the published one.
 */
export function shadowedApprovalPackage(pkg: unknown): string | undefined {
  return isObject(pkg) && typeof pkg.name === 'string' && pkg.name !== 'agent-tools' && APPROVAL_PACKAGES.includes(pkg.name)
    ? pkg.name
    : undefined;
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

/** A dependency spec that installs code no reader of the project sees, by what installs it (see {@link unreadDependencies}). */
const UNREAD_SPECS: readonly [RegExp, string][] = [
  [/^(?:file:|\.{0,2}\/|~\/).*\.(?:tgz|tar\.gz|tar)$/i, 'a packed tarball'],
  [/^https?:\/\//i, 'a URL'],
  [/^(?:git(?:\+[a-z]+)?:|(?:github|gitlab|bitbucket|gist):|[\w.-]+\/[\w.-]+(?:#.*)?$)/i, 'a git repository'],
];

/** A dependency of a package.json (see {@link unreadDependencies}): where it is listed, its spec and name, and what installs it. */
export interface DependencySource extends ElsewhereSource {
  /** `a packed tarball`, `a git repository` or `a URL`; `a folder` for a `file:` or `link:` folder, whose path `folder` holds. */
  from: string;
  /** For a folder: its path as the spec writes it, relative to the package.json. */
  folder?: string;
}

/**
 * The dependencies of the package.json value `pkg` (its {@link DEPENDENCY_LISTS}) that `imported` says project code imports,
 * other than {@link APPROVAL_PACKAGES} (see {@link agentToolsFromElsewhere} for those), installed from a packed tarball
 * (`file:vendor/x-1.0.0.tgz`, `./x.tar.gz`), git (`git+ssh:`, `github:`, `user/repo`) or a URL: code no reader of the project
 * sees, which may run any tool unasked; and those from a `file:` or `link:` folder (`from: 'a folder'`), which the caller
 * reads as project code unless its folder holds nothing to read. A version or range, a workspace or an `npm:` alias is the
 * registry's and none of these.
 */
export function unreadDependencies(pkg: unknown, imported: (name: string) => boolean): DependencySource[] {
  if (!isObject(pkg)) return [];
  const out: DependencySource[] = [];
  for (const list of DEPENDENCY_LISTS) {
    const deps = pkg[list];
    if (!isObject(deps)) continue;
    for (const [name, value] of Object.entries(deps)) {
      if (typeof value !== 'string' || APPROVAL_PACKAGES.includes(name) || !imported(name)) continue;
      const spec = value.trim();
      const from = UNREAD_SPECS.find(([re]) => re.test(spec))?.[1];
      const folder = from === undefined ? /^(?:file|link):(.+)$/.exec(spec)?.[1] : undefined;
      if (from !== undefined) out.push({ path: [list, name], spec: value, name, from });
      else if (folder !== undefined) out.push({ path: [list, name], spec: value, name, from: 'a folder', folder });
    }
  }
  return out;
}
