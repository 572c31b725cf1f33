/** Soak row 1's cases: seeded damage to the example's and fixtures' tool files, written to disk reproducibly. */

import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { caseSeed, createRng } from '../rng.js';
import { mutateFile, type Mutation } from './mutate.js';

/** The tool files the fuzzer starts from: the example's tools and every fixture's TypeScript files, sorted. */
export function sourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory() && e.name !== 'node_modules') walk(p);
      else if (e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(relative(root, p));
    }
  };
  walk(join(root, 'examples/canvas/tools'));
  walk(join(root, 'fixtures'));
  return out.sort();
}

/** One fuzzed case written to disk: a folder with the damaged file and its unchanged siblings. */
export interface WrittenCase {
  dir: string;
  source: string;
  /** The damaged file, relative to `dir`. */
  file: string;
  kinds: Mutation[];
}

/** Writes case `index` of a run seeded with `seed` into `dir` (created); the same arguments give the same bytes. */
export function writeCase(root: string, sources: readonly string[], seed: number, index: number, dir: string): WrittenCase {
  const rng = createRng(caseSeed(seed, index));
  const source = rng.pick(sources);
  const from = join(root, source);
  mkdirSync(dir, { recursive: true });
  for (const e of readdirSync(dirname(from), { withFileTypes: true })) {
    if (e.isFile() && /\.tsx?$/.test(e.name)) copyFileSync(join(dirname(from), e.name), join(dir, e.name));
  }
  const { bytes, kinds } = mutateFile(readFileSync(from), index, rng);
  const file = basename(from);
  writeFileSync(join(dir, file), bytes);
  return { dir, source, file, kinds };
}
