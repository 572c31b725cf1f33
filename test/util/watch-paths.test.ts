/** Tests that `watchPaths` (the --watch of validate and export) reports every source extension, .cjs and .cts too, and no other file. */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SOURCE_EXTENSIONS } from '../../src/shared/source-extensions.js';
import { watchPaths } from '../../src/util/watch-paths.js';

const tmp = mkdtempSync(join(tmpdir(), 'agent-tools-watch-paths-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('watchPaths', () => {
  it('reports a file of each source extension and a .json written under the folder, never a .md or a .d.ts', async () => {
    const dir = mkdtempSync(join(tmp, 'w-'));
    const expected = [...SOURCE_EXTENSIONS.map((ext) => join(dir, `tool${ext}`)), join(dir, 'config.json')].sort();
    const seen = new Set<string>();
    let done: () => void = () => {};
    const all = new Promise<void>((resolve) => (done = resolve));
    const watcher = watchPaths([dir], tmp, (files) => {
      for (const f of files) seen.add(f);
      if (expected.every((f) => seen.has(f))) done();
    });
    try {
      await watcher.ready;
      writeFileSync(join(dir, 'notes.md'), '# notes\n');
      writeFileSync(join(dir, 'types.d.ts'), 'export type A = 1;\n');
      for (const f of expected) writeFileSync(f, 'export {};\n');
      // a file never reported shows in the comparison below, after at most 10 s
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([all, new Promise<void>((resolve) => (timer = setTimeout(resolve, 10_000)))]);
      clearTimeout(timer);
      // the .md and .d.ts were written first: had they been reported, they would be here by now
      expect([...seen].sort()).toEqual(expected);
    } finally {
      await watcher.close();
    }
  }, 20_000);
});
