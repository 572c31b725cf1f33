/** Which versions of zod, the AI SDK and the MCP SDK a file would import, resolved from node_modules as Node would. */

import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The packages whose installed version decides the JSON Schema a tool's zod schema becomes when a library sends it. */
export const VERSIONED_PACKAGES = ['zod', 'ai', '@mastra/core', '@modelcontextprotocol/sdk', '@modelcontextprotocol/server'] as const;

/** One of {@link VERSIONED_PACKAGES}. */
export type VersionedPackage = (typeof VERSIONED_PACKAGES)[number];

/** A package version as installed: the `version` field of its package.json, and its major and minor numbers. */
export interface PackageVersion {
  version: string;
  major: number;
  minor: number;
}

/**
 * The versions modeled when the analyzed project has none installed: the zod this package
 * ships (its dependency), the AI SDK 6 conversion, and the MCP SDK v1 conversion (the
 * `@modelcontextprotocol/sdk` 1.x line; v2 is read only where the project installs it).
 */
export const SHIPPED_VERSIONS: Record<'zod' | 'ai' | '@modelcontextprotocol/sdk', PackageVersion> = {
  zod: parse('4.6.7')!,
  ai: { version: '6', major: 6, minor: 0 },
  '@modelcontextprotocol/sdk': parse('1.32.2')!,
};

/** `'4.3.6'` → `{ version, major: 4, minor: 3 }`; `undefined` for a version that is not `major.minor...`. */
export function parse(version: unknown): PackageVersion | undefined {
  if (typeof version !== 'string') return undefined;
  const m = /^(\d+)\.(\d+)/.exec(version);
  return m ? { version, major: Number(m[1]), minor: Number(m[2]) } : undefined;
}

/**
 * Finds the version of a package as Node would resolve it from a file: `node_modules/<name>`
 * in the file's folder, then in each folder above it (a folder named `node_modules` itself is
 * skipped, as Node's lookup does), reading that package's package.json. Nothing of the package
 * is loaded or run. Results are cached per folder and package.
 */
export class VersionResolver {
  private readonly cache = new Map<string, PackageVersion | undefined>();

  /** The installed version of `pkg` that `file` would import, or `undefined` when none is installed above it. */
  versionFor(file: string, pkg: VersionedPackage): PackageVersion | undefined {
    return this.fromDir(dirname(file), pkg);
  }

  private fromDir(dir: string, pkg: VersionedPackage): PackageVersion | undefined {
    const key = `${dir}\0${pkg}`;
    if (this.cache.has(key)) return this.cache.get(key);
    let found: PackageVersion | undefined;
    if (basename(dir) !== 'node_modules') found = readVersion(join(dir, 'node_modules', pkg, 'package.json'));
    const parent = dirname(dir);
    if (!found && parent !== dir) found = this.fromDir(parent, pkg);
    this.cache.set(key, found);
    return found;
  }
}

function readVersion(file: string): PackageVersion | undefined {
  try {
    return parse((JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version);
  } catch {
    return undefined;
  }
}
