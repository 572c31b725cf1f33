/** Helpers of the scaffold tests: a temp project linked to this package, the built CLI, tsc, file listings. */

import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/** The package root (this worktree). */
export const root = new URL('../..', import.meta.url).pathname;
const bin = join(root, 'bin/agent-tools.js');

/**
 * A temp project whose `node_modules/agent-tools` is a symlink to this package (and
 * `vitest` to ours), so generated files resolve `agent-tools` in tsc, tsx and vitest.
 */
export function tempProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'scaffold-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(root, join(dir, 'node_modules/agent-tools'), 'dir');
  symlinkSync(join(root, 'node_modules/vitest'), join(dir, 'node_modules/vitest'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'scaffold-test', private: true, type: 'module' }));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noUncheckedIndexedAccess: true,
        noUnusedLocals: true,
        noUnusedParameters: true,
        skipLibCheck: true,
        noEmit: true,
        types: [],
      },
      include: ['tools'],
    }),
  );
  return dir;
}

/** Runs `agent-tools` (the built bin) in `cwd` with NO_COLOR=1 and `input` on stdin. */
export function runCli(cwd: string, args: readonly string[], input?: string): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [bin, ...args], { cwd, input: input ?? '', encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

/** Runs the TypeScript compiler on the temp project; returns its output and exit code. */
export function tscNoEmit(dir: string): { status: number | null; output: string } {
  const r = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')], {
    encoding: 'utf8',
  });
  return { status: r.status, output: r.stdout + r.stderr };
}

/** Every file under `dir`, as sorted paths relative to it (node_modules left out); `[]` when `dir` does not exist. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      if (name === 'node_modules') continue;
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}
