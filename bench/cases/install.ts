/** Benchmark: the production install of the packed tarball, in MB and packages, against the install budget. */

import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchContext } from '../context.js';
import type { Row } from '../table.js';

/**
 * The install budget: half of the 95 MB a production install of the tarball weighed before Node's own SQLite and one tokenizer encoding.
 */
export const INSTALL_BUDGET_MB = 48;

/**
 * Bytes of every file under `dir`, each hard-linked file once (esbuild's install links its
 * binary into a second place), symlinks not followed: what `du -sb --apparent-size` counts, less
 * its 4 096 bytes per folder.
 */
export function treeBytes(dir: string, seen = new Set<string>()): number {
  let sum = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) {
      sum += treeBytes(p, seen);
      continue;
    }
    const st = lstatSync(p);
    const id = `${st.dev}:${st.ino}`;
    if (seen.has(id)) continue;
    seen.add(id);
    sum += st.size;
  }
  return sum;
}

function npm(args: string[], cwd: string): string {
  const r = spawnSync('npm', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed (exit ${r.status}): ${r.stderr.trim().split('\n').at(-1)}`);
  return r.stdout;
}

/**
 * Packs the package at `root` as built (`npm pack --ignore-scripts`: run `npm run build` first) and installs the tarball into a fresh
 * project as a
 * user would (`npm install ./agent-tools-*.tgz`, production: no dev dependencies), then returns
 * the size of its node_modules in bytes and the number of packages npm installed there.
 */
export function measureInstall(root: string): { bytes: number; packages: number; tarballBytes: number } {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-install-size-'));
  try {
    const tgz = npm(['pack', '--ignore-scripts', '--pack-destination', dir, '--silent'], root).trim().split('\n').at(-1)!;
    const project = join(dir, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{ "name": "size-probe", "version": "1.0.0", "private": true }\n');
    npm(['install', '--no-audit', '--no-fund', '--omit=dev', '--loglevel=error', join(dir, tgz)], project);
    const lock = JSON.parse(readFileSync(join(project, 'node_modules', '.package-lock.json'), 'utf8')) as { packages: object };
    return {
      bytes: treeBytes(join(project, 'node_modules')),
      packages: Object.keys(lock.packages).filter((k) => k !== '').length,
      tarballBytes: lstatSync(join(dir, tgz)).size,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Benchmark 7: the production install of the packed tarball, in MB (10^6 bytes) and packages (target: at most {@link INSTALL_BUDGET_MB}
 * MB).
 */
export function benchInstall(ctx: BenchContext): Row[] {
  ctx.log('install: npm pack, then npm install of the tarball in a fresh folder');
  const { bytes, packages, tarballBytes } = measureInstall(ctx.root);
  const mbs = bytes / 1e6;
  return [
    {
      bench: '7 install',
      subject: 'npm install ./agent-tools-*.tgz (production)',
      value: `${mbs.toFixed(1)} MB, ${packages} packages`,
      floor: `tarball ${(tarballBytes / 1e6).toFixed(1)} MB`,
      ratio: '',
      target: `<= ${INSTALL_BUDGET_MB} MB`,
      met: mbs <= INSTALL_BUDGET_MB ? 'yes' : 'no',
    },
  ];
}
