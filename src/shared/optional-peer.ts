/** Optional peer dependencies loaded on first use, with one line and exit 2 when one is not installed. */

import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { EnvironmentError } from './errors.js';

/**
 * A package that only one command needs is an optional peer dependency (package.json
 * `peerDependenciesMeta`), not a hard one: npm does not install it with agent-tools. When the
 * command runs without it, it stops with {@link MissingPeerError}: one line naming the command,
 * the package and the install command (`scaffold needs handlebars: npm install -D handlebars`).
 */
export class MissingPeerError extends EnvironmentError {
  constructor(
    /** The package that is not installed, e.g. `handlebars`. */
    readonly pkg: string,
    /** What needs it, e.g. `scaffold`. */
    readonly needs: string,
    /** The command that installs it, e.g. `npm install -D handlebars`. */
    readonly install: string,
  ) {
    super(`${needs} needs ${pkg}: ${install}`);
  }
}

/**
 * True when `err` is Node's "module not found" for `pkg` itself (ESM `ERR_MODULE_NOT_FOUND`
 * "Cannot find package 'pkg'", CommonJS `MODULE_NOT_FOUND` "Cannot find module 'pkg'"), not for
 * one of its own dependencies or a file of ours.
 */
export function isMissingPackage(err: unknown, pkg: string): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  const message = err instanceof Error ? err.message : String(err);
  return new RegExp(`Cannot find (?:package|module) '${pkg.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?:/[^']*)?'`).test(message);
}

/** `npm install -D <pkg>`: the optional peers of the command-line tools belong in a project's devDependencies. */
const devInstall = (pkg: string) => `npm install -D ${pkg}`;

/**
 * Runs `load` (a dynamic `import()` of the optional peer `pkg`, or of our module that imports it).
 * @throws {MissingPeerError} (exit 2) when `pkg` is not installed; any other load error as it is.
 */
export async function importPeer<T>(pkg: string, needs: string, load: () => Promise<T>, install = devInstall(pkg)): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (isMissingPackage(err, pkg)) throw new MissingPeerError(pkg, needs, install);
    throw err;
  }
}

const requireHere = createRequire(import.meta.url);

/**
 * Loads the optional CommonJS peer `pkg` synchronously, on first use (Node's `require`).
 * @throws {MissingPeerError} (exit 2) when `pkg` is not installed.
 */
export function requirePeer<T>(pkg: string, needs: string, install = devInstall(pkg)): T {
  try {
    return requireHere(pkg) as T;
  } catch (err) {
    if (isMissingPackage(err, pkg)) throw new MissingPeerError(pkg, needs, install);
    throw err;
  }
}

/**
 * Loads the optional ES module peer `pkg` synchronously, as an `import` of it would: the file
 * Node's ESM resolution picks (the `import` condition, `import.meta.resolve`), loaded with
 * `require()` of an ES module (Node 22.12 and later). The namespace is the one the project's own
 * `import ... from 'pkg'` gets (one instance, never the CommonJS copy a dual package also ships),
 * and the module that calls this needs no top-level await, which `require()` of it from a
 * CommonJS project would refuse (`ERR_REQUIRE_ASYNC_MODULE`). A static `import` of a missing
 * package fails while Node links the modules, before any of our code runs, with its own
 * `ERR_MODULE_NOT_FOUND` stack; this names the package and the command instead. Where this module runs as
 * CommonJS (tsx in a CommonJS project compiles it so, with no `import.meta.resolve`), `pkg` is `require()`d by name, as
 * the project's own imports are there.
 * @throws {MissingPeerError} (exit 2) when `pkg` is not installed; any other load error as it is.
 */
export function importPeerSync<T>(pkg: string, needs: string, install = devInstall(pkg)): T {
  try {
    // tsx runs a CommonJS project's files, ours among them, as CommonJS with an import.meta that has no resolve(); there
    // the project's own `import ... from 'pkg'` is a require() too, so the copy require() picks is the one it shares
    const canResolve = typeof (import.meta as { resolve?: unknown }).resolve === 'function';
    return (canResolve ? requireHere(fileURLToPath(import.meta.resolve(pkg))) : requireHere(pkg)) as T;
  } catch (err) {
    if (isMissingPackage(err, pkg)) throw new MissingPeerError(pkg, needs, install);
    throw err;
  }
}
