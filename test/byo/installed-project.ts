/** A user's project installed for real by npm once into a cache folder, for the oracle tests. */

import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('../..', import.meta.url).pathname;
const cache = join(root, 'node_modules', '.cache', 'agent-tools-oracle');

/**
 * `packages` (`name@exact-version`) installed for real by npm, once, into a folder under
 * `node_modules/.cache` that later runs reuse (npm's own cache makes a first install with
 * `--prefer-offline` quick when the tarballs are there).
 *
 * @returns that install's `node_modules` path and how long npm took in ms (0 when it was cached).
 * @throws when npm fails (offline, a version that does not exist, a peer range npm refuses).
 */
export function installOnce(packages: readonly string[]): { modules: string; installMs: number } {
  const key = packages.map((p) => p.replace(/[/@]/g, '_')).join('+');
  const home = join(cache, key);
  const marker = join(home, 'installed.json');
  let installMs = 0;
  if (!existsSync(marker) || readFileSync(marker, 'utf8') !== JSON.stringify(packages)) {
    rmSync(home, { recursive: true, force: true });
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, 'package.json'), '{"name":"oracle-project","private":true,"type":"module"}');
    const started = Date.now();
    const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--save-exact', ...packages], {
      cwd: home,
      encoding: 'utf8',
    });
    if (npm.status !== 0) throw new Error(`npm install ${packages.join(' ')} failed (${npm.status}): ${npm.stderr}`);
    installMs = Date.now() - started;
    writeFileSync(marker, JSON.stringify(packages));
  }
  return { modules: join(home, 'node_modules'), installMs };
}

/**
 * A user's project installed for real by npm (no aliases, no symlinked farm): `fixture`'s files
 * copied into a fresh temp folder whose `node_modules` links to the {@link installOnce} folder of
 * `packages`. Node and tsx resolve every package there as in the user's project: a library's
 * own `import 'zod'` finds the project's zod, which a farm of aliases cannot promise for modules
 * tsx loads by real path.
 *
 * @returns the temp folder (the caller removes it) and the install's duration in ms (0 when cached).
 */
export function installedProject(fixture: string, packages: readonly string[]): { dir: string; installMs: number } {
  const { modules, installMs } = installOnce(packages);
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-installed-'));
  cpSync(join(root, fixture), dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  symlinkSync(modules, join(dir, 'node_modules'));
  return { dir, installMs };
}

/** Node's arguments to run a TypeScript file of an installed project: tsx from this checkout, the project's own packages. */
export const TSX_NODE_ARGS = ['--import', pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href];
